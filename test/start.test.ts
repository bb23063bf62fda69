/**
 * `npm start` as a person runs it: the compiled CLI serving the demo on an empty data folder builds the
 * demo snapshot, prints a key and a request to try, answers that request, and exits 0 on SIGTERM.
 */
import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLI = path.join(ROOT, "dist", "src", "cli", "main.js");

interface Cli {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the first match of `pattern` in standard output; rejects when the process exits first. */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
}

let dataDir: string;
const running: Cli[] = [];

function cli(args: string[], dir = dataDir): Cli {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!name.startsWith("WORDCLIP_")) env[name] = value;
  Object.assign(env, { WORDCLIP_DATA_DIR: dir, WORDCLIP_LOG_LEVEL: "warn" });
  // Run from elsewhere: the shipped data is found from the program's own location, not the working folder.
  const child = spawn(process.execPath, [CLI, ...args], { cwd: os.tmpdir(), env });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    err += chunk.toString("utf8");
  });
  const exited = once(child, "exit").then(([code]) => code as number | null);
  const handle: Cli = {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const deadline = setTimeout(() => {
          clearInterval(poll);
          reject(new Error(`no ${pattern} within ${timeoutMs} ms\nstdout:\n${out}\nstderr:\n${err}`));
        }, timeoutMs);
        const poll = setInterval(() => {
          const match = pattern.exec(out);
          if (match) {
            clearInterval(poll);
            clearTimeout(deadline);
            resolve(match);
          } else if (child.exitCode !== null) {
            clearInterval(poll);
            clearTimeout(deadline);
            reject(new Error(`exited ${child.exitCode} before ${pattern}\nstdout:\n${out}\nstderr:\n${err}`));
          }
        }, 50);
      });
    },
  };
  running.push(handle);
  return handle;
}

async function stop(process: Cli): Promise<number | null> {
  process.child.kill("SIGTERM");
  return process.exited;
}

beforeAll(() => {
  execFileSync(
    process.execPath,
    [path.join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.build.json"],
    {
      cwd: ROOT,
      stdio: "pipe",
    },
  );
  dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), "wordclip-start-")), "data");
});

afterAll(() => {
  for (const process of running) if (process.child.exitCode === null) process.child.kill("SIGKILL");
  rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

describe("wordclip serve --demo on an empty data folder", () => {
  it("builds the demo, prints a key and a request that answers clips, and exits 0 on SIGTERM", async () => {
    const server = cli(["serve", "--demo", "--port", "0"]);
    const [, key, baseUrl] = await server.waitFor(
      /curl -H "Authorization: Bearer (wc_[A-Za-z0-9]+)" (http:\/\/127\.0\.0\.1:\d+)\/v1\/words\/run\/clips/,
      110_000,
    );
    expect(server.stdout()).toContain(`wordclip: serving ${baseUrl}/v1`);
    expect(server.stdout()).toContain(`API reference: ${baseUrl}/docs`);
    expect(server.stderr()).toMatch(/indexed \d+ clips/);
    expect(existsSync(path.join(dataDir, "demo-clips"))).toBe(true);

    const response = await fetch(`${baseUrl}/v1/words/run/clips`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    const body = JSON.parse(text);
    expect(body.matchedWord).toBe("run");
    expect(body.clips.length, text).toBeGreaterThan(0);
    expect(body.clips[0].occurrences[0].tStart).toEqual(expect.any(Number));

    expect(await stop(server)).toBe(0);
    expect(server.stderr()).toContain("wordclip serve: stopped");
  });

  it("on a later start serves the same snapshot at once and says how to list keys instead of a new key", async () => {
    const server = cli(["serve", "--demo", "--port", "0"]);
    await server.waitFor(/Keys: wordclip keys list/, 30_000);
    expect(server.stdout()).not.toMatch(/wc_[A-Za-z0-9]{8,}/);
    expect(server.stderr()).not.toContain("generating");
    expect(await stop(server)).toBe(0);
  });
});

describe("wordclip serve without a snapshot", () => {
  it("exits 1 telling the operator to run wordclip build, or npm start for the demo", async () => {
    const emptyDir = path.join(path.dirname(dataDir), "empty");
    const server = cli(["serve", "--port", "0"], emptyDir);
    expect(await server.exited, server.stderr()).toBe(1);
    expect(server.stderr()).toContain(`no snapshot at ${path.join(emptyDir, "index.sqlite")}`);
    expect(server.stderr()).toContain('"wordclip build');
    expect(server.stderr()).toContain('"npm start"');
  });
});
