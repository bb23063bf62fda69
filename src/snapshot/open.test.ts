import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { sharedTestSnapshot } from "../../test/support/snapshot.js";
import { openSnapshotFile } from "./open.js";
import { SNAPSHOT_SCHEMA_VERSION, SnapshotError } from "./schema.js";

const dir = mkdtempSync(path.join(tmpdir(), "wordclip-open-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("openSnapshotFile", () => {
  it("refuses a snapshot of the previous schema version (5, before the stored catalogue lookups) and says how to rebuild", async () => {
    expect(SNAPSHOT_SCHEMA_VERSION).toBe(6);
    const older = path.join(dir, "older.sqlite");
    copyFileSync((await sharedTestSnapshot()).path, older);
    const db = new Database(older);
    db.exec("DROP TABLE catalogue_lookups");
    db.pragma("user_version = 5");
    db.close();
    expect(() => openSnapshotFile(older)).toThrow(SnapshotError);
    expect(() => openSnapshotFile(older)).toThrow(
      `${older} has snapshot schema version 5; this wordclip reads version 6. Rebuild it with this version's "wordclip build".`,
    );
  });

  it("opens a snapshot of this version", async () => {
    const db = openSnapshotFile((await sharedTestSnapshot()).path);
    expect(db.prepare("SELECT count(*) FROM clip_columns").pluck().get()).toBe(1);
    expect(
      db.prepare("SELECT name FROM catalogue_lookups WHERE language = 'en' ORDER BY name").pluck().all(),
    ).toEqual(["autocomplete", "near-spellings"]);
    db.close();
  });

  it("keeps its shared lock between statements, with other readers (a second worker) beside it", async () => {
    const copy = path.join(dir, "locked.sqlite");
    copyFileSync((await sharedTestSnapshot()).path, copy);
    const count = (db: Database.Database) => db.prepare("SELECT count(*) FROM clip_columns").pluck().get();
    const first = openSnapshotFile(copy);
    const second = openSnapshotFile(copy);
    expect(count(first)).toBe(1);
    expect(count(second)).toBe(1);
    // Both statements have finished; a writer still finds the file locked, so neither let go of its lock.
    const writer = new Database(copy, { timeout: 0 });
    expect(() => writer.exec("DELETE FROM clip_columns")).toThrow(/locked/);
    first.close();
    second.close();
    writer.exec("DELETE FROM clip_columns");
    expect(writer.prepare("SELECT count(*) FROM clip_columns").pluck().get()).toBe(0);
    writer.close();
  });
});
