import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { beforeEach, describe, expect, it } from "vitest";
import * as checksum from "./checksum.js";

let dir: string;

/** A small sealed SQLite file, as the builder leaves one. */
function sealedFile(name: string): { file: string; seal: number } {
  const file = path.join(dir, name);
  const db = new Database(file);
  db.exec("CREATE TABLE t (x TEXT)");
  const insert = db.prepare("INSERT INTO t VALUES (?)");
  db.transaction(() => {
    for (let i = 0; i < 2_000; i++) insert.run(`row ${i} `.repeat(10));
  })();
  db.close();
  return { file, seal: checksum.sealSnapshotFile(file) };
}

function damage(file: string): void {
  const fd = openSync(file, "r+");
  try {
    writeSync(fd, Buffer.from("damage"), 0, 6, 40_000);
  } finally {
    closeSync(fd);
  }
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "wordclip-checksum-"));
});

describe("the snapshot's seal and the record of a verified file", () => {
  it("verifies a sealed file and refuses it once damaged, naming the file", () => {
    const { file, seal } = sealedFile("a.sqlite");
    expect(checksum.verifySnapshotFileSync(file)).toBe(seal);
    damage(file);
    expect(() => checksum.verifySnapshotFileSync(file)).toThrow(`${file} is damaged or incomplete`);
  });

  it("records a verified file's identity beside it only when asked, and trusts it after a rename", async () => {
    const { file, seal } = sealedFile("b.sqlite");
    checksum.verifySnapshotFileSync(file);
    expect(existsSync(checksum.verifiedRecordPath(file))).toBe(false);
    checksum.verifySnapshotFileSync(file, { remember: true });
    expect(JSON.parse(readFileSync(checksum.verifiedRecordPath(file), "utf8"))).toMatchObject({ seal });
    // The builder's way: sealed under one name, renamed into place, recorded under the final name.
    const { file: staged, seal: stagedSeal } = sealedFile("c.next.sqlite");
    const served = path.join(dir, "c.sqlite");
    renameSync(staged, served);
    checksum.rememberVerified(served, stagedSeal);
    expect(checksum.verifySnapshotFileSync(served, { remember: true })).toBe(stagedSeal);
    expect(await checksum.verifySnapshotFile(served, { remember: true })).toBe(stagedSeal);
  });

  it("reads a file in full again after any write to it, record or not", async () => {
    const { file } = sealedFile("d.sqlite");
    checksum.verifySnapshotFileSync(file, { remember: true });
    damage(file);
    expect(() => checksum.verifySnapshotFileSync(file, { remember: true })).toThrow(
      "is damaged or incomplete",
    );
    await expect(checksum.verifySnapshotFile(file, { remember: true })).rejects.toThrow(
      "is damaged or incomplete",
    );
  });

  it("does not take another file's record for its own", () => {
    const one = sealedFile("e.sqlite");
    const other = sealedFile("f.sqlite");
    checksum.verifySnapshotFileSync(one.file, { remember: true });
    damage(other.file);
    // The damaged file moves in where the record was written: another inode, so it is read in full.
    renameSync(other.file, one.file);
    expect(() => checksum.verifySnapshotFileSync(one.file, { remember: true })).toThrow(
      "is damaged or incomplete",
    );
  });

  it("verifies in full when the record cannot be written", () => {
    const { file, seal } = sealedFile("g.sqlite");
    const unwritable = path.join(dir, "no-such-folder", "g.sqlite");
    expect(() => checksum.rememberVerified(unwritable, seal)).not.toThrow();
    expect(checksum.verifySnapshotFileSync(file, { remember: true })).toBe(seal);
  });
});
