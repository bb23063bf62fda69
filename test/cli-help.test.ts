/**
 * The `wordclip` command as a person first meets it: help at every level, the version, a reader that stops
 * early (`| head`), and a build over caption files that cannot be indexed as they are.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { CommandIo } from "../src/cli/command.js";
import { main } from "../src/cli/main.js";
import { captionFilesWithoutInfo } from "../src/indexer/sources.js";
import { freshDir, infoFields, plainVtt, writeCatalogue, writeClip } from "./support/build-inputs.js";
import { BIN, type CliRun, cliEnv, ROOT, runCli } from "./support/cli.js";
import { ensureCliBuilt } from "./support/cli-build.js";
import { buildTestSnapshot, processScratchDir, type TestSnapshot } from "./support/snapshot.js";

const VERSION = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string })
  .version;

/** The groups of subcommands and, for each, every subcommand its help must list. */
const GROUPS: Record<string, string[]> = {
  keys: ["create", "list", "disable", "rotate"],
  accounts: ["create", "list", "set-plan"],
  plans: ["list", "set"],
  access: ["copy"],
  catalogue: ["import-cefr", "check"],
};

let snapshot: TestSnapshot;

beforeAll(async () => {
  ensureCliBuilt();
  snapshot = await buildTestSnapshot(path.join(processScratchDir(), "help"), { generatedClips: 0 });
}, 120_000);

const env = (): Record<string, string> => ({ WORDCLIP_DATA_DIR: freshDir("data") });

describe("help", () => {
  for (const [group, subcommands] of Object.entries(GROUPS)) {
    it(`wordclip ${group} --help, -h and help list its subcommands and exit 0`, async () => {
      for (const ask of ["--help", "-h", "help"]) {
        const run = await runCli(env(), group, ask);
        expect(run.code, `${ask}: ${run.stderr}`).toBe(0);
        expect(run.stderr).toBe("");
        expect(run.stdout).not.toContain("unknown");
        expect(run.stdout).toContain(`usage: wordclip ${group}`);
        for (const sub of subcommands) expect(run.stdout).toContain(`wordclip ${group} ${sub}`);
      }
    });
  }

  it("an unknown subcommand prints the group's help on standard error and exits 2", async () => {
    const run = await runCli(env(), "keys", "delete");
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain('wordclip keys: unknown subcommand "delete"');
    expect(run.stderr).toContain("wordclip keys rotate");
  });

  it("a group without a subcommand prints its help and exits 2", async () => {
    const run = await runCli(env(), "accounts");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("wordclip accounts set-plan");
  });

  it("help names a subcommand from the top and from its group", async () => {
    const direct = await runCli(env(), "keys", "rotate", "--help");
    expect(direct.code).toBe(0);
    expect(direct.stdout).toContain("usage: wordclip keys rotate <KEY_ID>");
    for (const args of [
      ["help", "keys", "rotate"],
      ["keys", "help", "rotate"],
    ]) {
      const run = await runCli(env(), ...args);
      expect(run.code, args.join(" ")).toBe(0);
      expect(run.stdout).toBe(direct.stdout);
    }
  });

  it("a command without subcommands answers --help, -h and help", async () => {
    for (const ask of ["--help", "-h", "help"]) {
      const run = await runCli(env(), "inspect", ask);
      expect(run.code, ask).toBe(0);
      expect(run.stdout).toContain("usage: wordclip inspect");
    }
  });

  it("wordclip help prints the commands and exits 0; an unknown command exits 2", async () => {
    for (const args of [["help"], ["--help"], ["help", "--help"], ["-h", "help"]]) {
      const help = await runCli(env(), ...args);
      expect(help.code, args.join(" ")).toBe(0);
      expect(help.stdout).toContain("commands:");
    }
    const unknown = await runCli(env(), "nonsense");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "nonsense"');
  });
});

describe("the version", () => {
  it("wordclip --version, -v and version print the package's version", async () => {
    for (const ask of ["--version", "-v", "version"]) {
      const run = await runCli(env(), ask);
      expect(run, ask).toEqual({ code: 0, stdout: `wordclip ${VERSION}\n`, stderr: "" });
    }
  });
});

/** Runs `wordclip` with its standard output closed by the reader before anything is written. */
function withClosedOutput(...args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: cliEnv({ WORDCLIP_DATA_DIR: freshDir("data") }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("close", (code) => resolve({ code: code ?? -1, stdout: "", stderr }));
  });
}

describe("a reader that stops early", () => {
  it("ends every command quietly with exit 0", async () => {
    for (const args of [
      ["inspect", "--index", snapshot.path],
      ["inspect", "--index", snapshot.path, "--json"],
      ["keys", "--help"],
      ["plans", "list"],
      ["--version"],
    ]) {
      const run = await withClosedOutput(...args);
      expect(run, args.join(" ")).toEqual({ code: 0, stdout: "", stderr: "" });
    }
  });
});

describe("wordclip build over caption files without an info.json", () => {
  it("says what it found and how to use a manifest, writes nothing and exits 1", async () => {
    const clips = freshDir("captions-only");
    for (const id of ["vid00000001", "vid00000002", "vid00000003"])
      writeClip(path.join(clips, "sub"), id, { "en.vtt": plainVtt(["a dog ran home"]) }, null);
    const out = path.join(freshDir("out"), "index.sqlite");
    const run = await runCli(
      env(),
      "build",
      "--catalogue",
      writeCatalogue(freshDir("catalogue")),
      "--clips",
      clips,
      "--out",
      out,
    );
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain("no clip to index");
    expect(run.stderr).toContain("3 caption files without an info.json beside them, not used");
    expect(run.stderr).toContain(path.join(clips, "sub", "vid00000001.en.vtt"));
    expect(run.stderr).toContain("JSONL manifest");
    expect(run.stderr).toContain("wordclip build --clips clips.jsonl");
    expect(existsSync(out)).toBe(false);
  });

  it("exits 1 when every clip it found is skipped", async () => {
    const clips = freshDir("all-skipped");
    // A clip longer than the 180 s maximum is skipped.
    writeClip(
      clips,
      "vid00000004",
      { "en.vtt": plainVtt(["a dog"]) },
      infoFields("vid00000004", { duration: 900 }),
    );
    const run = await runCli(
      env(),
      "build",
      "--catalogue",
      writeCatalogue(freshDir("catalogue")),
      "--clips",
      clips,
      "--out",
      path.join(freshDir("out"), "index.sqlite"),
    );
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain("no clip could be indexed");
  });

  it("notes unused caption files beside a build that indexes others, and succeeds", async () => {
    const clips = freshDir("mixed");
    writeClip(clips, "vid00000005", { "en.vtt": plainVtt(["a dog ran home"]) });
    writeClip(clips, "vid00000006", { "en.vtt": plainVtt(["a dog ran home"]) }, null);
    const run = await runCli(
      env(),
      "build",
      "--catalogue",
      writeCatalogue(freshDir("catalogue")),
      "--clips",
      clips,
      "--out",
      path.join(freshDir("out"), "index.sqlite"),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("1 caption file without an info.json beside them, not used");
  });
});

describe("captionFilesWithoutInfo", () => {
  it("lists caption files no info.json claims, in every folder below, and nothing else", () => {
    const root = freshDir("unused");
    writeClip(root, "used", { "en.vtt": "", "en-orig.json3": "" });
    writeClip(root, "alone", { "en.vtt": "", "de.srt": "" }, null);
    mkdirSync(path.join(root, "deeper"));
    writeFileSync(path.join(root, "deeper", "bare.vtt"), "");
    writeFileSync(path.join(root, "deeper", "notes.txt"), "");
    expect(captionFilesWithoutInfo([root, path.join(root, "missing")])).toEqual(
      [
        path.join(root, "alone.de.srt"),
        path.join(root, "alone.en.vtt"),
        path.join(root, "deeper", "bare.vtt"),
      ].sort(),
    );
  });
});

describe("main: which help each call gets", () => {
  async function call(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
    const out: string[] = [];
    const err: string[] = [];
    const io: CommandIo = { out: (l) => out.push(l), err: (l) => err.push(l), isTty: false };
    const code = await main(argv, io);
    return { code, out: out.join("\n"), err: err.join("\n") };
  }

  it("answers help and the version on standard output with 0, mistakes on standard error with 2", async () => {
    const group = await call("plans", "--help");
    expect(group).toMatchObject({ code: 0, err: "" });
    expect(group.out.split("\n")[0]).toBe(
      "wordclip plans: list and define plans (requests per minute and per month)",
    );
    const leaf = await call("plans", "set", "-h");
    expect(leaf).toMatchObject({ code: 0, err: "" });
    expect(leaf.out).toContain("usage: wordclip plans set <NAME> [options]");
    expect(await call("help", "plans", "set")).toEqual(leaf);
    expect(await call("plans", "help", "set")).toEqual(leaf);
    expect(await call("-v")).toEqual({ code: 0, out: `wordclip ${VERSION}`, err: "" });
    const unknown = await call("plans", "remove");
    expect(unknown).toMatchObject({ code: 2, out: "" });
    expect(unknown.err).toContain('wordclip plans: unknown subcommand "remove"');
    expect(unknown.err).toContain("wordclip plans set");
    expect(await call()).toMatchObject({ code: 2, out: "" });
    expect(await call("help", "nonsense")).toMatchObject({ code: 2, out: "" });
  });
});
