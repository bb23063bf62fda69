/**
 * `wordclip build` and `wordclip inspect` as an operator runs them: the compiled CLI over temporary folders
 * of clips (a yt-dlp folder and a JSONL manifest), its summary, report, exit codes and help.
 */
import { execFile, spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { generateDemoCorpus } from "../src/demo/corpus.js";
import { SNAPSHOT_SCHEMA_VERSION } from "../src/snapshot/schema.js";
import {
  freshDir,
  infoFields,
  json3,
  MINI_CATALOGUE,
  openSnapshotDb,
  plainVtt,
  snapshotTables,
  writeCatalogue,
  writeClip,
} from "./support/build-inputs.js";
import { TEST_CLIPS, writeTestClips } from "./support/test-clips.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BIN = path.join(ROOT, "dist", "src", "cli", "main.js");
/** 2026-04-05T00:00:00Z */
const EPOCH = "1775347200";

/** Every compiled source, so a build is redone when one is newer than its output. */
function sources(dir = path.join(ROOT, "src")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [file] : [];
  });
}

function isBuilt(): boolean {
  return sources().every((source) => {
    const output = path.join(ROOT, "dist", path.relative(ROOT, source).replace(/\.ts$/, ".js"));
    return existsSync(output) && statSync(output).mtimeMs >= statSync(source).mtimeMs;
  });
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

let catalogueDir: string;
let clipsDir: string;
let manifest: string;
/** One build of the clips and the manifest, shared by the tests that only read it. */
let base: Run & { out: string };

function wordclip(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const base: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!name.startsWith("WORDCLIP_") && name !== "SOURCE_DATE_EPOCH") base[name] = value;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd: freshDir("cwd"), env: { ...base, WORDCLIP_DATA_DIR: freshDir("data"), ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

/** `wordclip build` over the test clips and the manifest into a new folder; fails showing the output. */
async function build(...extra: string[]): Promise<Run & { out: string }> {
  const out = path.join(freshDir("out"), "index.sqlite");
  const run = await wordclip(
    ["build", "--catalogue", catalogueDir, "--clips", clipsDir, "--clips", manifest, "--out", out, ...extra],
    { SOURCE_DATE_EPOCH: EPOCH },
  );
  if (run.code !== 0) throw new Error(`wordclip build exited ${run.code}:\n${run.stderr}${run.stdout}`);
  return { ...run, out };
}

/** A copy of the shared snapshot in a folder of its own, for a test that changes it. */
function copyOfBase(): string {
  const copy = path.join(freshDir("copy"), "index.sqlite");
  copyFileSync(base.out, copy);
  return copy;
}

beforeAll(async () => {
  if (!isBuilt()) {
    spawnSync(
      process.execPath,
      [path.join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.build.json"],
      {
        cwd: ROOT,
        stdio: "ignore",
      },
    );
  }
  if (!existsSync(BIN)) throw new Error(`the build did not produce ${BIN}; run npm run build to see why`);

  catalogueDir = writeCatalogue(freshDir("catalogue"));
  clipsDir = writeTestClips(freshDir("clips"));
  writeClip(
    clipsDir,
    "long-talk",
    { "en.vtt": plainVtt(["We run."]) },
    infoFields("long-talk", { duration: 400 }),
  );
  writeClip(clipsDir, "no-subs", {});
  const dir = freshDir("manifest");
  mkdirSync(path.join(dir, "subs"));
  writeFileSync(
    path.join(dir, "subs", "m1.en.json3"),
    json3(["The children run to the park.", "Ice cream!"]),
  );
  manifest = path.join(dir, "clips.jsonl");
  writeFileSync(
    manifest,
    `${JSON.stringify(infoFields("m1", { captions: "subs/m1.en.json3" }))}\n{"id": "m2",\n`,
  );
  base = await build();
});

describe("wordclip build", () => {
  it("builds from a folder and a manifest, prints a summary with the skipped clips and their reasons, and writes the report", async () => {
    const { stdout, out } = base;
    const reportPath = out.replace(/\.sqlite$/, ".report.json");
    const indexed = TEST_CLIPS.length + 1;
    expect(stdout).toContain(`built ${out} in `);
    expect(stdout).toContain(
      `clips: ${indexed} indexed (${indexed} from sources, 0 carried over), 3 skipped;`,
    );
    expect(stdout).toContain(`en: ${indexed} clips, `);
    expect(stdout).toContain(
      `skipped 1 × too-long:\n  ${path.join(clipsDir, "long-talk.info.json")}: longer than 180 s (400 s)`,
    );
    expect(stdout).toContain(
      `skipped 1 × no-captions:\n  ${path.join(clipsDir, "no-subs.info.json")}: no caption file in "en" beside the metadata`,
    );
    expect(stdout).toMatch(new RegExp(`skipped 1 × malformed-info:\\n  ${manifest}:2: invalid JSON`));
    expect(stdout).toContain(`report: ${reportPath}`);

    const report = JSON.parse(readFileSync(reportPath, "utf8"));
    expect(report.clips).toMatchObject({ indexed, skipped: 3, total: indexed });
    expect(
      report.skipped.map((s: { videoId?: string; reason: string }) => [s.videoId ?? null, s.reason]),
    ).toEqual([
      ["long-talk", "too-long"],
      ["no-subs", "no-captions"],
      [null, "malformed-info"],
    ]);
    const db = openSnapshotDb(out);
    expect(db.pragma("user_version", { simple: true })).toBe(SNAPSHOT_SCHEMA_VERSION);
    expect(db.prepare("SELECT COUNT(*) FROM clips").pluck().get()).toBe(indexed);
    db.close();
  });

  it("prints the report as JSON with --json, the same as the report file", async () => {
    const { stdout, out } = await build("--json");
    const report = JSON.parse(stdout);
    expect(report).toEqual(JSON.parse(readFileSync(out.replace(/\.sqlite$/, ".report.json"), "utf8")));
    expect(report).toMatchObject({ snapshot: out, builtAt: "2026-04-05T00:00:00.000Z", workers: 0 });
    // The same inputs and SOURCE_DATE_EPOCH as the shared build: the same snapshot, build id included.
    const buildId = snapshotTables(out).meta?.find((row) => row.key === "build_id")?.value;
    expect(buildId).toBe(report.buildId);
    expect(snapshotTables(out)).toEqual(snapshotTables(base.out));
  });

  it("writes the data folder's index.sqlite, its report and the record of its checksum when no --out is given", async () => {
    const dataDir = freshDir("data");
    const run = await wordclip(["build", "--catalogue", catalogueDir, "--clips", clipsDir], {
      WORDCLIP_DATA_DIR: dataDir,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(readdirSync(dataDir).sort()).toEqual([
      "index.report.json",
      "index.sqlite",
      "index.sqlite.verified",
    ]);
  });

  it("keeps clip ids and numbers when it rebuilds a snapshot in place with --from, and says so", async () => {
    const out = copyOfBase();
    const reportPath = path.join(freshDir("reports"), "daily.json");
    const clips = (file: string): unknown => {
      const db = openSnapshotDb(file);
      const rows = db
        .prepare("SELECT clip_no, clip_id, video_id, indexed_at FROM clips ORDER BY clip_no")
        .all();
      db.close();
      return rows;
    };
    const before = clips(out);
    const run = await wordclip(
      [
        "build",
        "--catalogue",
        catalogueDir,
        "--clips",
        clipsDir,
        "--out",
        out,
        "--from",
        out,
        "--report",
        reportPath,
      ],
      { SOURCE_DATE_EPOCH: String(Number(EPOCH) + 86_400) },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`rebuilding ${out} in place from itself`);
    expect(run.stdout).toContain("1 carried over");
    expect(run.stdout).toContain(`report: ${reportPath}`);
    expect(JSON.parse(readFileSync(reportPath, "utf8"))).toMatchObject({
      from: out,
      clips: { carriedOver: 1 },
    });
    expect(clips(out)).toEqual(before);
  });

  it("gives the same snapshot on two worker threads as on the calling thread", async () => {
    const generated = path.join(freshDir("generated"), "clips");
    await generateDemoCorpus({ outDir: generated, clips: 70, seed: "cli-workers" });
    const inline = await build("--clips", generated, "--workers", "0", "--json");
    const threads = await build("--clips", generated, "--workers", "2", "--json");
    expect(JSON.parse(inline.stdout).workers).toBe(0);
    expect(JSON.parse(threads.stdout).workers).toBe(2);
    expect(JSON.parse(threads.stdout).clips.total).toBe(TEST_CLIPS.length + 1 + 70);
    expect(snapshotTables(threads.out)).toEqual(snapshotTables(inline.out));
  });

  it("fails naming a clip source that does not exist, leaving the previous snapshot as it was", async () => {
    const out = copyOfBase();
    const bytes = readFileSync(out);
    const missing = path.join(path.dirname(out), "no-such-folder");
    const run = await wordclip(["build", "--catalogue", catalogueDir, "--clips", missing, "--out", out]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`clip source ${missing} does not exist`);
    expect(readFileSync(out).equals(bytes)).toBe(true);
    expect(readdirSync(path.dirname(out))).toEqual(["index.sqlite"]);
  });

  it("refuses to replace the snapshot when every clip is skipped, naming the folder, the skips and why", async () => {
    const out = copyOfBase();
    const reportPath = out.replace(/\.sqlite$/, ".report.json");
    writeFileSync(reportPath, "the served snapshot's report\n");
    const bytes = readFileSync(out);
    const bad = freshDir("all-bad");
    writeClip(bad, "bad-captions", { "en.vtt": "not a caption file" });
    writeClip(bad, "empty-captions", { "en.vtt": "" });
    writeClip(
      bad,
      "too-long",
      { "en.vtt": plainVtt(["We run."]) },
      infoFields("too-long", { duration: 900 }),
    );
    const run = await wordclip(["build", "--catalogue", catalogueDir, "--clips", bad, "--out", out]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain(
      `wordclip build: no clip could be indexed from ${bad}: all 3 clips were skipped; ${out} was not replaced`,
    );
    expect(run.stderr).toContain("skipped 2 × unreadable-captions:");
    expect(run.stderr).toContain(
      `skipped 1 × too-long:\n  ${path.join(bad, "too-long.info.json")}: longer than 180 s`,
    );
    expect(readFileSync(out).equals(bytes)).toBe(true);
    expect(readFileSync(reportPath, "utf8")).toBe("the served snapshot's report\n");
    expect(readdirSync(path.dirname(out)).sort()).toEqual(["index.report.json", "index.sqlite"]);
  });

  it("exits 2 with the help on bad usage", async () => {
    const cases: Array<[string[], Record<string, string>, string]> = [
      [["build"], {}, "--clips is required (a yt-dlp folder or a .jsonl manifest)"],
      [["build", "--clips", clipsDir, "--frobnicate"], {}, "Unknown option '--frobnicate'"],
      [
        ["build", "--clips", clipsDir, "--workers", "many"],
        {},
        '--workers must be an integer from 0 to 64, got "many"',
      ],
      [
        ["build", "--clips", clipsDir],
        { SOURCE_DATE_EPOCH: "yesterday" },
        'SOURCE_DATE_EPOCH must be Unix seconds, got "yesterday"',
      ],
    ];
    const runs = await Promise.all(cases.map(([args, env]) => wordclip(args, env)));
    for (const [i, [args, , message]] of cases.entries()) {
      const run = runs[i] as Run;
      expect(run.code, `${args.join(" ")}: ${run.stderr}`).toBe(2);
      expect(run.stderr).toContain(message);
      expect(run.stderr).toContain("usage: wordclip build [options]");
      expect(run.stdout).toBe("");
    }
  });

  it("prints its help with --help and exits 0", async () => {
    const run = await wordclip(["build", "--help"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("wordclip build: build an index snapshot from a catalogue and clip sources");
    for (const option of [
      "--catalogue <dir>",
      "--clips <path>",
      "--from <file>",
      "--out <file>",
      "--report <file>",
      "--workers <n>",
      "--json",
    ])
      expect(run.stdout).toContain(option);
    expect(run.stdout).toContain("example: wordclip build --clips ./downloads --from .wordclip/index.sqlite");
  });
});

describe("wordclip inspect", () => {
  it("prints the corpus statistics of a snapshot", async () => {
    const { out } = base;
    const run = await wordclip(["inspect", "--index", out]);
    expect(run.code, run.stderr).toBe(0);
    const clips = TEST_CLIPS.length + 1;
    const channels = new Set([...TEST_CLIPS.map((c) => c.channelId), "UCtestchannel"]).size;
    const db = openSnapshotDb(out);
    const covered = db.prepare("SELECT COUNT(*) FROM words WHERE clip_count > 0").pluck().get() as number;
    db.close();
    const row = run.stdout.split("\n").find((line) => line.startsWith("en "));
    expect(row?.split(/\s+/)).toEqual([
      "en",
      String(clips),
      String(channels),
      String(MINI_CATALOGUE.length),
      String(covered),
      `${((covered / MINI_CATALOGUE.length) * 100).toFixed(1)}%`,
    ]);
    expect(run.stdout).toContain("built at  2026-04-05T00:00:00.000Z");
    const json = JSON.parse((await wordclip(["inspect", "--index", out, "--json"])).stdout);
    expect(json.languages).toEqual([
      {
        language: "en",
        clips,
        channels,
        words: MINI_CATALOGUE.length,
        wordsCovered: covered,
        coverage: covered / MINI_CATALOGUE.length,
      },
    ]);
  });

  it("refuses a snapshot of another schema version with a clear message and exit 1", async () => {
    const other = copyOfBase();
    const db = new Database(other);
    db.pragma(`user_version = ${SNAPSHOT_SCHEMA_VERSION + 1}`);
    db.close();
    const run = await wordclip(["inspect", "--index", other]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `wordclip inspect: ${other} has snapshot schema version ${SNAPSHOT_SCHEMA_VERSION + 1}; this wordclip reads version ${SNAPSHOT_SCHEMA_VERSION}.`,
    );
  });

  it("prints its help with --help and exits 0", async () => {
    const run = await wordclip(["inspect", "--help"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "wordclip inspect: print what a snapshot holds: corpus statistics per language",
    );
    expect(run.stdout).toContain("--index <file>");
  });
});
