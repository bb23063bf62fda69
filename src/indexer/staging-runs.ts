/**
 * Sorted runs that the builder's writing thread spills to a scratch file when a chunk fills its memory,
 * keyed by a list (a word, a token) and numbered in the order they were written, then read back per key in
 * that order. A run is written as one piece, its parts back to back, at a place of the file reserved for it
 * (written here, or by another thread into the reserved place); where each part lies is kept in memory (a
 * few numbers a part), so nothing is indexed on disk. The file is made on the first run and removed by
 * `close`.
 */
import { closeSync, openSync, readSync, rmSync, writeSync } from "node:fs";

/** Writes all of `data` to the open file `fd` from `offset`. */
export function writeAt(fd: number, data: Uint8Array, offset: number): void {
  let written = 0;
  while (written < data.length)
    written += writeSync(fd, data, written, data.length - written, offset + written);
}

/** Where every part lies in the staging file: part i is key `keys[i]`'s, `lengths[i]` bytes at `offsets[i]`. */
export interface StagedLayout {
  keys: Int32Array;
  offsets: Float64Array;
  lengths: Uint32Array;
}

export class StagingRuns {
  readonly #path: string;
  #fd: number | undefined;
  #runs = 0;
  /** Per part, in the order registered: its key, run, offset in the file and length. */
  #keys: number[] = [];
  #partRuns: number[] = [];
  #offsets: number[] = [];
  #lengths: number[] = [];
  #fileBytes = 0;

  constructor(path: string) {
    this.#path = path;
  }

  /** The scratch file. */
  get path(): string {
    return this.#path;
  }

  /** True once a run has been written or reserved. */
  get started(): boolean {
    return this.#fd !== undefined;
  }

  /**
   * The next run's number and `bytes` of the file for it, from `offset`: for a run written elsewhere (by
   * another thread, into the file at `path`), whose parts are registered with `addParts` once written. A run
   * may fill less than it reserved; the rest of its place stays a hole in the file, never read.
   */
  reserve(bytes: number): { run: number; offset: number } {
    if (this.#fd === undefined) {
      rmSync(this.#path, { force: true });
      this.#fd = openSync(this.#path, "w+");
    }
    const offset = this.#fileBytes;
    this.#fileBytes += bytes;
    return { run: this.#runs++, offset };
  }

  /**
   * Run `run`'s parts, lying back to back in the file from `offset`: part i is key `keys[i]`'s, of
   * `lengths[i]` bytes. Runs may be registered in any order; parts are read back by key, then by run.
   */
  addParts(run: number, offset: number, keys: ArrayLike<number>, lengths: ArrayLike<number>): void {
    let at = offset;
    for (let i = 0; i < keys.length; i++) {
      const length = lengths[i] as number;
      this.#keys.push(keys[i] as number);
      this.#partRuns.push(run);
      this.#offsets.push(at);
      this.#lengths.push(length);
      at += length;
    }
  }

  /**
   * Writes one run: `data` holds its parts back to back, part i being key `keys[i]`'s, of `lengths[i]`
   * bytes.
   */
  writeParts(data: Uint8Array, keys: ArrayLike<number>, lengths: ArrayLike<number>): void {
    const { run, offset } = this.reserve(data.length);
    writeAt(this.#fd as number, data, offset);
    this.addParts(run, offset, keys, lengths);
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
  layout(): StagedLayout {
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
    this.#fileBytes = 0;
    rmSync(this.#path, { force: true });
  }
}
