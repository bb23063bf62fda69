/**
 * The snapshot's seal: a CRC-32 of the whole file, stored in the file's own header (SQLite's 4-byte
 * "application id" at offset 68, which wordclip uses for nothing else) and computed with those four bytes
 * read as zero. The builder seals a snapshot after its last write, before renaming it into place; the
 * server verifies the seal before serving a file, at start and at every swap, so a file damaged on disk or
 * in transit, or still being copied, is never served.
 *
 * CRC-32 finds every burst of damage up to 32 bits and all but one in 2^32 of any other damage; it is not
 * a signature against someone who can write the file (they could as well write a valid snapshot).
 *
 * Reading a whole file costs about a second per 2 GB, so a file is read in full once: a verified file's
 * identity (device, inode, size, modification time to the nanosecond, seal) is recorded beside it, in
 * `<file>.verified`, by the builder, by `wordclip publish` and by a server that verified it, and a file whose
 * identity matches its record is not read again. A rename keeps the identity; any write to the file changes
 * its modification time, and any other file has another inode, so either is read in full.
 */
import {
  closeSync,
  fsyncSync,
  openSync,
  readFileSync,
  readSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { open } from "node:fs/promises";
import { crc32 } from "node:zlib";
import { SnapshotError } from "./schema.js";

/** Offset of SQLite's application id in the database header: where the seal lives. */
export const SEAL_OFFSET = 68;
const SEAL_BYTES = 4;
/** Bytes read at a time: large enough for the checksum's speed, small enough not to block for long. */
const CHUNK_BYTES = 8 * 1024 * 1024;

/** The CRC-32 of one chunk at `position`, with the seal's bytes (if inside it) read as zero. */
function chunkCrc(chunk: Buffer, position: number, crc: number): number {
  if (position <= SEAL_OFFSET && position + chunk.length >= SEAL_OFFSET + SEAL_BYTES) {
    chunk.fill(0, SEAL_OFFSET - position, SEAL_OFFSET - position + SEAL_BYTES);
  }
  return crc32(chunk, crc);
}

/** The checksum of the file at `path`, its seal read as zero; synchronous (for the builder and start-up). */
export function fileChecksumSync(path: string): number {
  const fd = openSync(path, "r");
  try {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    let crc = 0;
    let position = 0;
    for (;;) {
      const read = readSync(fd, chunk, 0, CHUNK_BYTES, position);
      if (read === 0) return crc;
      crc = chunkCrc(chunk.subarray(0, read), position, crc);
      position += read;
    }
  } finally {
    closeSync(fd);
  }
}

/** The same, reading asynchronously so a running server keeps answering while a new file is checked. */
export async function fileChecksum(path: string): Promise<number> {
  const handle = await open(path, "r");
  try {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    let crc = 0;
    let position = 0;
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, position);
      if (bytesRead === 0) return crc;
      crc = chunkCrc(chunk.subarray(0, bytesRead), position, crc);
      position += bytesRead;
    }
  } finally {
    await handle.close();
  }
}

const SQLITE_MAGIC = "SQLite format 3\0";

/** The seal stored in the file's header; throws when the file is not a sealed SQLite database. */
function storedSeal(path: string): number {
  const fd = openSync(path, "r");
  try {
    const header = Buffer.alloc(SEAL_OFFSET + SEAL_BYTES);
    const read = readSync(fd, header, 0, header.length, 0);
    if (read < header.length || header.toString("latin1", 0, SQLITE_MAGIC.length) !== SQLITE_MAGIC) {
      throw new SnapshotError(`${path} is not a wordclip snapshot (not an SQLite database)`);
    }
    const seal = header.readUInt32BE(SEAL_OFFSET);
    if (seal === 0) {
      throw new SnapshotError(
        `${path} carries no checksum seal: it was built by an older wordclip or written by another program. Rebuild it with "wordclip build".`,
      );
    }
    return seal;
  } finally {
    closeSync(fd);
  }
}

/** Writes the file's checksum into its header; the file must be closed by every writer first. */
export function sealSnapshotFile(path: string): number {
  const seal = fileChecksumSync(path);
  const fd = openSync(path, "r+");
  try {
    const bytes = Buffer.alloc(SEAL_BYTES);
    bytes.writeUInt32BE(seal, 0);
    writeSync(fd, bytes, 0, SEAL_BYTES, SEAL_OFFSET);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return seal;
}

function mismatch(path: string, stored: number, computed: number): SnapshotError {
  return new SnapshotError(
    `${path} is damaged or incomplete: its checksum is ${hex(computed)} but it was sealed with ${hex(stored)}. ` +
      'Copy it again, or rebuild it with "wordclip build"; publish a snapshot with "wordclip publish", which copies beside the served file and renames it into place.',
  );
}

function hex(value: number): string {
  return value.toString(16).padStart(8, "0");
}

/** Where the record of a verified file is kept. */
export function verifiedRecordPath(path: string): string {
  return `${path}.verified`;
}

/** What identifies the file at `path` now, with its seal. */
function identityOf(path: string, seal: number): string {
  const stat = statSync(path, { bigint: true });
  return JSON.stringify({
    seal,
    dev: String(stat.dev),
    ino: String(stat.ino),
    size: String(stat.size),
    mtimeNs: String(stat.mtimeNs),
  });
}

/**
 * Records that the file at `path`, sealed with `seal`, was verified. Best effort: a folder the process
 * cannot write to only means the next start reads the file in full.
 */
export function rememberVerified(path: string, seal: number): void {
  try {
    writeFileSync(verifiedRecordPath(path), `${identityOf(path, seal)}\n`);
  } catch {
    // Nothing to do: the record is a shortcut, never needed.
  }
}

function isRemembered(path: string, seal: number): boolean {
  try {
    return readFileSync(verifiedRecordPath(path), "utf8").trim() === identityOf(path, seal);
  } catch {
    return false;
  }
}

export interface VerifyOptions {
  /** Trust a matching record of an earlier verification, and record this one (default false: read in full). */
  remember?: boolean;
}

/** Throws `SnapshotError` unless the file's checksum matches its seal; returns the seal. */
export function verifySnapshotFileSync(path: string, options: VerifyOptions = {}): number {
  const stored = storedSeal(path);
  if (options.remember && isRemembered(path, stored)) return stored;
  const computed = fileChecksumSync(path);
  if (computed !== stored) throw mismatch(path, stored, computed);
  if (options.remember) rememberVerified(path, stored);
  return stored;
}

export async function verifySnapshotFile(path: string, options: VerifyOptions = {}): Promise<number> {
  const stored = storedSeal(path);
  if (options.remember && isRemembered(path, stored)) return stored;
  const computed = await fileChecksum(path);
  if (computed !== stored) throw mismatch(path, stored, computed);
  if (options.remember) rememberVerified(path, stored);
  return stored;
}
