/**
 * Sorted runs that the builder's writing thread spills to a scratch file when a chunk fills its memory,
 * keyed by a list (a word, a token) and numbered in the order they were written, then read back per key in
 * that order. A run's parts are appended to the file as they come; where each part lies is kept in memory
 * (a few numbers a part), so nothing is indexed on disk. The file is made on the first run and removed by
 * `close`.
 */
import { closeSync, openSync, readSync, rmSync, writeSync } from "node:fs";

/** Bytes gathered before a write to the file. */
const WRITE_BYTES = 4 * 1024 * 1024;

export class StagingRuns {
  readonly #path: string;
  #fd: number | undefined;
  #runs = 0;
  /** Per part, in the order written: its key, run, offset in the file and length. */
  #keys: number[] = [];
  #partRuns: number[] = [];
  #offsets: number[] = [];
  #lengths: number[] = [];
  #fileBytes = 0;
  #pending: Buffer[] = [];
  #pendingBytes = 0;

  constructor(path: string) {
    this.#path = path;
  }

  /** The scratch file. */
  get path(): string {
    return this.#path;
  }

  /** True once a run has been written. */
  get started(): boolean {
    return this.#fd !== undefined;
  }

  #flush(): void {
    if (this.#pendingBytes === 0 || this.#fd === undefined) return;
    const data = this.#pending.length === 1 ? (this.#pending[0] as Buffer) : Buffer.concat(this.#pending);
    let written = 0;
    while (written < data.length)
      written += writeSync(this.#fd, data, written, data.length - written, this.#fileBytes + written);
    this.#fileBytes += data.length;
    this.#pending = [];
    this.#pendingBytes = 0;
  }

  /**
   * Writes one run: `write` calls `put` once per key with that key's part, whose bytes must stay as they
   * are until `writeRun` returns (they are written by then).
   */
  writeRun(write: (put: (key: number, data: Uint8Array) => void) => void): void {
    if (this.#fd === undefined) {
      rmSync(this.#path, { force: true });
      this.#fd = openSync(this.#path, "w+");
    }
    const run = this.#runs++;
    write((key, data) => {
      this.#keys.push(key);
      this.#partRuns.push(run);
      this.#offsets.push(this.#fileBytes + this.#pendingBytes);
      this.#lengths.push(data.length);
      this.#pending.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
      this.#pendingBytes += data.length;
      if (this.#pendingBytes >= WRITE_BYTES) this.#flush();
    });
    this.#flush();
  }

  #read(part: number): Buffer {
    const length = this.#lengths[part] as number;
    const out = Buffer.allocUnsafe(length);
    let read = 0;
    while (read < length) {
      const got = readSync(
        this.#fd as number,
        out,
        read,
        length - read,
        (this.#offsets[part] as number) + read,
      );
      if (got === 0) throw new Error("staging runs: the scratch file ends early");
      read += got;
    }
    return out;
  }

  /** Part numbers ordered by key, then by run. */
  #ordered(): Int32Array {
    const order = Int32Array.from(this.#keys, (_, i) => i);
    const keys = this.#keys;
    const runs = this.#partRuns;
    return order.sort(
      (a, b) => (keys[a] as number) - (keys[b] as number) || (runs[a] as number) - (runs[b] as number),
    );
  }

  /** One key's parts, in the order of their runs (none before the first run). */
  partsOf(): (key: number) => Buffer[] {
    const byKey = new Map<number, number[]>();
    for (const part of this.#ordered()) {
      const key = this.#keys[part] as number;
      let parts = byKey.get(key);
      if (parts === undefined) {
        parts = [];
        byKey.set(key, parts);
      }
      parts.push(part);
    }
    return (key) => (byKey.get(key) ?? []).map((part) => this.#read(part));
  }

  /**
   * Where every part lies in the file, ordered by key, then by run: the keys, offsets and lengths (nothing
   * before the first run).
   */
  layout(): { keys: Int32Array; offsets: Float64Array; lengths: Uint32Array } {
    const order = this.#fd === undefined ? new Int32Array(0) : this.#ordered();
    return {
      keys: Int32Array.from(order, (part) => this.#keys[part] as number),
      offsets: Float64Array.from(order, (part) => this.#offsets[part] as number),
      lengths: Uint32Array.from(order, (part) => this.#lengths[part] as number),
    };
  }

  /** Every key's parts, keys in order, each key's parts in the order of their runs. */
  *all(): Iterable<[number, Buffer]> {
    if (this.#fd === undefined) return;
    for (const part of this.#ordered()) yield [this.#keys[part] as number, this.#read(part)];
  }

  /** Closes and removes the file, if any. */
  close(): void {
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
    this.#keys = [];
    this.#partRuns = [];
    this.#offsets = [];
    this.#lengths = [];
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#fileBytes = 0;
    rmSync(this.#path, { force: true });
  }
}
