/**
 * Damaged snapshots over HTTP: a damaged file is refused at start with one line, a damaged file renamed
 * into place is never served, a file copied over the served one in place is answered without a 500, and
 * `wordclip publish` puts a new snapshot in place safely.
 */
import {
  closeSync,
  copyFileSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifiedRecordPath, verifySnapshotFileSync } from "../src/snapshot/checksum.js";
import { SLOW_TESTS } from "./support/api-checks.js";
import { okCli, runCli } from "./support/cli.js";
import { startTestServer, type TestServer } from "./support/server.js";
import {
  buildTestSnapshot,
  processScratchDir,
  sharedTestSnapshot,
  type TestSnapshot,
} from "./support/snapshot.js";

let second: TestSnapshot;
let server: TestServer;
const dir = path.join(processScratchDir(), "damage");

function overwrite(file: string, fraction: number, length: number): void {
  const fd = openSync(file, "r+");
  try {
    writeSync(fd, Buffer.alloc(length, 0x5a), 0, length, Math.floor(statSync(file).size * fraction));
  } finally {
    closeSync(fd);
  }
}

async function until(condition: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("the condition did not hold in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  second = await buildTestSnapshot(dir, {
    generatedClips: 0,
    fileName: "second.sqlite",
    builtAt: new Date("2026-06-01T00:00:00.000Z"),
  });
  server = await startTestServer({ snapshotCheckEveryMs: 100 });
});

afterAll(async () => {
  await server?.close();
});

const buildIdServed = async (): Promise<string> => (await server.api("/readyz")).body.buildId;

describe("damaged snapshots", SLOW_TESTS, () => {
  it("refuses to publish a damaged snapshot, in one line with no stack trace", async () => {
    const damaged = path.join(dir, "damaged.sqlite");
    copyFileSync(second.path, damaged);
    overwrite(damaged, 0.5, 64 * 1024);
    const run = await runCli(
      { WORDCLIP_INDEX: damaged, WORDCLIP_DATA_DIR: dir },
      "inspect",
      "--index",
      damaged,
    );
    expect(run.code).not.toBe(0);
    const publish = await runCli(
      { WORDCLIP_DATA_DIR: dir },
      "publish",
      damaged,
      "--to",
      path.join(dir, "x.sqlite"),
    );
    expect(publish.code).toBe(1);
    expect(publish.stderr).toMatch(/is damaged or incomplete/);
    expect(publish.stderr).not.toMatch(/\n\s+at /);
  });

  it("keeps serving the verified snapshot when a damaged one is renamed into place", async () => {
    const before = await buildIdServed();
    const draft = `${server.indexPath}.draft`;
    copyFileSync(second.path, draft);
    overwrite(draft, 0.3, 64 * 1024);
    renameSync(draft, server.indexPath);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await buildIdServed()).toBe(before);
    const answer = await server.api("/v1/words/run/clips?limit=20", { key: server.keys.generous });
    expect(answer.status).toBe(200);
  });

  it("serves a snapshot put in place by wordclip publish", async () => {
    const { stdout } = await okCli(
      { WORDCLIP_DATA_DIR: dir },
      "publish",
      second.path,
      "--to",
      server.indexPath,
    );
    expect(stdout).toMatch(/checksum verified/);
    // Verified after the copy, so recorded: a server starting on it does not read it in full again.
    const record = JSON.parse(readFileSync(verifiedRecordPath(server.indexPath), "utf8"));
    expect(record.seal).toBe(verifySnapshotFileSync(server.indexPath));
    await until(async () => (await buildIdServed()) === second.buildId);
  });

  it("answers without a 500 while the served file is copied over in place, then serves the new one", async () => {
    const original = await sharedTestSnapshot();
    const bytes = readFileSync(original.path);
    const statuses = new Set<number>();
    const load = (async () => {
      for (let i = 0; i < 60; i++) {
        const answer = await server.api(`/v1/words/run/clips?limit=${1 + (i % 20)}`, {
          key: server.keys.generous,
        });
        statuses.add(answer.status);
      }
    })();
    // What `cp other.sqlite index.sqlite` does: the same file truncated, then written in pieces.
    writeFileSync(server.indexPath, bytes.subarray(0, 4096));
    for (let at = 4096; at < bytes.length; at += 256 * 1024) {
      const fd = openSync(server.indexPath, "r+");
      writeSync(fd, bytes, at, Math.min(256 * 1024, bytes.length - at), at);
      closeSync(fd);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await load;
    expect([...statuses].filter((status) => status >= 500 && status !== 503)).toEqual([]);
    await until(
      async () =>
        (await server.api("/v1/words/run/clips?limit=3", { key: server.keys.generous })).status === 200,
    );
  });
});
