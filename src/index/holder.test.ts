/** The snapshot holder over real snapshot files replaced the way the build replaces them: by rename. */
import {
  closeSync,
  copyFileSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildTestSnapshot, processScratchDir, type TestSnapshot } from "../../test/support/snapshot.js";
import { type HolderLog, SnapshotHolder } from "./holder.js";
import type { Snapshot } from "./snapshot.js";

let first: TestSnapshot;
let second: TestSnapshot;
let servedPath: string;
const holders: SnapshotHolder[] = [];

beforeAll(async () => {
  const dir = path.join(processScratchDir(), "holder");
  const options = { generatedClips: 0 };
  first = await buildTestSnapshot(dir, { ...options, fileName: "first.sqlite" });
  second = await buildTestSnapshot(dir, {
    ...options,
    fileName: "second.sqlite",
    builtAt: new Date("2026-05-01T00:00:00.000Z"),
  });
  servedPath = path.join(dir, "index.sqlite");
});

afterEach(() => {
  for (const holder of holders.splice(0)) holder.close();
});

function recordingLog(): HolderLog & { infos: string[]; errors: string[] } {
  const infos: string[] = [];
  const errors: string[] = [];
  return {
    infos,
    errors,
    info: (_details, message) => infos.push(message),
    error: (details, message) =>
      errors.push(`${message}: ${String((details as { err?: Error }).err?.message)}`),
  };
}

/** Puts `source` at the served path the way `wordclip build` does: a new file renamed over the old one. */
function replaceServed(source: string): void {
  const draft = `${servedPath}.tmp`;
  copyFileSync(source, draft);
  renameSync(draft, servedPath);
}

function hold(options: { graceMs?: number; checkEveryMs?: number } = {}): SnapshotHolder {
  replaceServed(first.path);
  const holder = new SnapshotHolder({ path: servedPath, checkEveryMs: 0, ...options });
  holders.push(holder);
  return holder;
}

/** Overwrites `length` bytes with a pattern at `fraction` of the file, as damage on disk would. */
function overwrite(file: string, fraction: number, length: number): void {
  const fd = openSync(file, "r+");
  try {
    const at = Math.floor(statSync(file).size * fraction);
    writeSync(fd, Buffer.alloc(length, 0xa5), 0, length, at);
  } finally {
    closeSync(fd);
  }
}

/** Reads a clip from the file: better-sqlite3 throws once the snapshot's connection is closed. */
function dbIsClosed(snapshot: Snapshot): boolean {
  try {
    snapshot.clips.find("wctest-run-01");
    return false;
  } catch (error) {
    if (/not open/.test((error as Error).message)) return true;
    throw error;
  }
}

describe("SnapshotHolder", () => {
  it("serves the snapshot at its path", () => {
    const holder = hold();
    expect(holder.current().buildId).toBe(first.buildId);
    expect(holder.current().builtAt).toBe(first.builtAt);
  });

  it("throws naming the path when there is no snapshot to open", () => {
    const missing = path.join(processScratchDir(), "holder", "missing.sqlite");
    expect(() => new SnapshotHolder({ path: missing })).toThrow(`no snapshot at ${missing}`);
  });

  it("reports unchanged while the file is the one being served", async () => {
    const holder = hold();
    const served = holder.current();
    expect(await holder.check("poll")).toBe("unchanged");
    expect(await holder.check("signal")).toBe("unchanged");
    expect(holder.current()).toBe(served);
  });

  it("swaps to a file renamed into place, and closes the old snapshot after the grace period", async () => {
    const holder = hold({ graceMs: 50 });
    const old = holder.current();
    replaceServed(second.path);
    expect(await holder.check("poll")).toBe("swapped");
    expect(holder.current().buildId).toBe(second.buildId);
    // Within the grace period a request that took the old snapshot can still read it.
    expect(old.clips.find("wctest-run-01")?.title).toBe("Why we run in the morning");
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await holder.check("poll")).toBe("unchanged");
    expect(dbIsClosed(old)).toBe(true);
    expect(dbIsClosed(holder.current())).toBe(false);
  });

  it("keeps serving the old snapshot when the new file cannot be opened, and logs it once", async () => {
    const holder = hold();
    const log = recordingLog();
    holder.watch(log);
    const draft = `${servedPath}.tmp`;
    writeFileSync(draft, "this is not a snapshot");
    renameSync(draft, servedPath);
    expect(await holder.check("poll")).toBe("failed");
    expect(holder.current().buildId).toBe(first.buildId);
    expect(dbIsClosed(holder.current())).toBe(false);
    expect(log.errors).toEqual([
      expect.stringMatching(
        /^a new snapshot file failed verification or could not be opened; still serving the previous one: .*index\.sqlite/,
      ),
    ]);
    // Polling does not retry the same file; an operator's SIGHUP does.
    expect(await holder.check("poll")).toBe("unchanged");
    expect(log.errors).toHaveLength(1);
    expect(await holder.check("signal")).toBe("failed");
    expect(log.errors).toHaveLength(2);
    // A good file put in place afterwards is served.
    replaceServed(second.path);
    expect(await holder.check("poll")).toBe("swapped");
    expect(holder.current().buildId).toBe(second.buildId);
    expect(log.infos).toEqual(["serving a new snapshot"]);
  });

  it("keeps serving when the file is removed", async () => {
    const holder = hold();
    rmSync(servedPath);
    expect(await holder.check("poll")).toBe("unchanged");
    expect(holder.current().buildId).toBe(first.buildId);
  });

  it("notices a replacement by polling once watched", async () => {
    const holder = hold({ checkEveryMs: 20, graceMs: 10 });
    const log = recordingLog();
    holder.watch(log);
    replaceServed(second.path);
    const deadline = Date.now() + 2_000;
    while (holder.current().buildId !== second.buildId && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(holder.current().buildId).toBe(second.buildId);
    expect(log.infos).toEqual(["serving a new snapshot"]);
  });

  it("checks on SIGHUP once watched, and stops listening when closed", async () => {
    const before = process.listenerCount("SIGHUP");
    const holder = hold();
    holder.watch(recordingLog());
    expect(process.listenerCount("SIGHUP")).toBe(before + 1);
    replaceServed(second.path);
    process.emit("SIGHUP", "SIGHUP");
    const deadline = Date.now() + 2_000;
    while (holder.current().buildId !== second.buildId && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(holder.current().buildId).toBe(second.buildId);
    holder.close();
    expect(process.listenerCount("SIGHUP")).toBe(before);
  });

  it("closes the served snapshot and those in their grace period when closed", async () => {
    const holder = hold({ graceMs: 60_000 });
    const old = holder.current();
    replaceServed(second.path);
    await holder.check("signal");
    const current = holder.current();
    holder.close();
    expect(dbIsClosed(old)).toBe(true);
    expect(dbIsClosed(current)).toBe(true);
    expect(await holder.check("signal")).toBe("unchanged");
  });
  it("refuses at start a snapshot whose bytes were overwritten, naming the damage", () => {
    const damaged = path.join(processScratchDir(), "holder", "damaged.sqlite");
    copyFileSync(first.path, damaged);
    overwrite(damaged, 0.4, 4_096);
    expect(() => new SnapshotHolder({ path: damaged, checkEveryMs: 0 })).toThrow(/is damaged or incomplete/);
  });

  it("keeps serving the verified snapshot when a damaged one is renamed into place, and logs why", async () => {
    const holder = hold();
    const log = recordingLog();
    holder.watch(log);
    const draft = `${servedPath}.damaged`;
    copyFileSync(second.path, draft);
    overwrite(draft, 0.6, 2_048);
    renameSync(draft, servedPath);
    expect(await holder.check("poll")).toBe("failed");
    expect(holder.current().buildId).toBe(first.buildId);
    expect(log.errors).toEqual([expect.stringMatching(/failed verification.*is damaged or incomplete/)]);
  });

  it("says when the served file is written in place instead of renamed, and serves it once it is whole", async () => {
    const holder = hold();
    const log = recordingLog();
    holder.watch(log);
    // What `cp new.sqlite index.sqlite` does: the same file, truncated and written again.
    const bytes = readFileSync(second.path);
    writeFileSync(servedPath, bytes.subarray(0, bytes.length >> 1));
    expect(await holder.check("poll")).toBe("failed");
    expect(holder.current().buildId).toBe(first.buildId);
    expect(log.errors[0]).toMatch(/written in place/);
    writeFileSync(servedPath, bytes);
    expect(await holder.check("poll")).toBe("swapped");
    expect(holder.current().buildId).toBe(second.buildId);
  });
});
