import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedTestSnapshot } from "../../test/support/snapshot.js";
import { Snapshot } from "../index/snapshot.js";
import * as fromSources from "./read-ahead.js";

// The worker thread runs compiled code: these tests read ahead through the build output (`npm test`
// builds it first), as a server does.
const COMPILED = fileURLToPath(new URL("../../dist/src/snapshot/read-ahead.js", import.meta.url));
const SNAPSHOT_COMPILED = fileURLToPath(new URL("../../dist/src/index/snapshot.js", import.meta.url));
type ReadAheadModule = typeof fromSources;

const dir = mkdtempSync(path.join(tmpdir(), "wordclip-read-ahead-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let compiled: ReadAheadModule;
let snapshotPath: string;
let buildId: string;
beforeAll(async () => {
  expect(existsSync(COMPILED), `${COMPILED} is missing: run "npm run build" first`).toBe(true);
  compiled = (await import(COMPILED)) as ReadAheadModule;
  snapshotPath = (await sharedTestSnapshot()).path;
  const db = new Database(snapshotPath, { readonly: true });
  buildId = db.prepare("SELECT value FROM meta WHERE key = 'build_id'").pluck().get() as string;
  db.close();
});

const ofBuild = (): string => buildId;

describe("reading a snapshot's values ahead", () => {
  it("reads on a worker thread the bytes SQLite holds for each value", async () => {
    const values = await compiled.readAhead(snapshotPath, ofBuild).values;
    expect(values).toBeDefined();
    const db = new Database(snapshotPath, { readonly: true });
    for (const [name, sql] of Object.entries(compiled.READ_AHEAD_VALUES)) {
      const stored = db.prepare(sql).pluck().get() as Buffer;
      const read = values?.[name as keyof typeof values];
      expect(read, name).toBeInstanceOf(Buffer);
      expect(Buffer.compare(read as Buffer, stored), name).toBe(0);
    }
    db.close();
  });

  it("gives no values, and never fails, for a file it cannot read", async () => {
    const junk = path.join(dir, "junk.sqlite");
    writeFileSync(junk, "not a database at all, and longer than a header would need to be".repeat(20));
    expect(await compiled.readAhead(junk, ofBuild).values).toBeUndefined();
    expect(await compiled.readAhead(path.join(dir, "missing.sqlite"), ofBuild).values).toBeUndefined();
  });

  it("gives no values of another build than the file the opening thread opened", async () => {
    // As when a new snapshot is renamed into place between the worker's open and the opening thread's.
    expect(await compiled.readAhead(snapshotPath, () => "another-build").values).toBeUndefined();
    expect(await compiled.readAhead(snapshotPath, ofBuild).values).toBeDefined();
  });

  it("leaves out a value the file lacks, so the snapshot reports it itself", async () => {
    const lacking = path.join(dir, "lacking.sqlite");
    copyFileSync(snapshotPath, lacking);
    const db = new Database(lacking);
    db.exec("DELETE FROM clip_columns");
    db.close();
    const values = await compiled.readAhead(lacking, ofBuild).values;
    expect(values?.postingDirectory).toBeInstanceOf(Buffer);
    expect(values).not.toHaveProperty("clipColumns");
    const { Snapshot: CompiledSnapshot } = (await import(SNAPSHOT_COMPILED)) as { Snapshot: typeof Snapshot };
    await expect(CompiledSnapshot.open(lacking)).rejects.toThrow("the snapshot has no clip columns");
  });

  it("without the compiled worker (TypeScript sources) reads nothing ahead, and the snapshot reads it all", async () => {
    expect(await fromSources.readAhead(snapshotPath, ofBuild).values).toBeUndefined();
  });

  it("opens a snapshot that answers as one opened the plain way", async () => {
    const { Snapshot: CompiledSnapshot } = (await import(SNAPSHOT_COMPILED)) as { Snapshot: typeof Snapshot };
    const plain = new CompiledSnapshot(snapshotPath);
    const ahead = await CompiledSnapshot.open(snapshotPath);
    try {
      expect(ahead.buildId).toBe(plain.buildId);
      expect(ahead.fragments.size).toBe(plain.fragments.size);
      for (let row = 0; row < plain.fragments.size; row++) {
        expect(ahead.fragments.open(row, 3)).toBe(plain.fragments.open(row, 3));
      }
      const english = plain.language("en");
      expect(english).toBeDefined();
      for (const entry of english?.catalog.words.filter((w) => w.clipCount > 0).slice(0, 50) ?? []) {
        const levels: number[] = [];
        const keys = (s: Snapshot) =>
          s.clips.postings(entry.wordId, levels, undefined, 1000).map((p) => [p.recentKey, p.tMs, p.cueIdx]);
        expect(keys(ahead), entry.word).toEqual(keys(plain));
      }
      expect(ahead.language("en")?.catalog.words.map((w) => [w.word, w.meanings])).toEqual(
        english?.catalog.words.map((w) => [w.word, w.meanings]),
      );
    } finally {
      plain.close();
      ahead.close();
    }
  });

  it("refuses a missing file with the message a plain open gives", async () => {
    const missing = path.join(dir, "nothing-here.sqlite");
    expect(() => new Snapshot(missing)).toThrow(`no snapshot at ${missing}`);
    await expect(Snapshot.open(missing)).rejects.toThrow(`no snapshot at ${missing}`);
  });
});
