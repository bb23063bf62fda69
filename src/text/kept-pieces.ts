/**
 * Pieces of JSON an answer writes again and again (a catalogue word's fields), kept after their first
 * writing in one arena and found by a small integer key: the next answer copies a piece from one place
 * instead of gathering it from the objects it was written from, each of which is a cache miss on a busy
 * server. The arena is allocated on first use and filled as pieces are kept, up to its size; pieces
 * written after it is full are not kept (their writer writes them in full each time).
 */
import { ByteSource, type JsonBytes } from "./json-bytes.js";

/** Keys above this are not kept: the key tables grow to the largest key kept (8 bytes a key). */
const MAX_KEY = 1 << 24;

export class KeptPieces {
  readonly #arenaBytes: number;
  #arena: ByteSource | undefined;
  #used = 0;
  /** Arena offset + 1 of a key's piece (0: none kept), and its end, by key. */
  #starts = new Int32Array(0);
  #ends = new Int32Array(0);

  constructor(arenaBytes: number) {
    this.#arenaBytes = arenaBytes;
  }

  /** Bytes of the arena in use. */
  get used(): number {
    return this.#used;
  }

  /** True when a piece is kept under `key`. */
  has(key: number): boolean {
    return (this.#starts[key] ?? 0) > 0;
  }

  /** Appends the piece kept under `key` to `out`; false, writing nothing, when none is kept. */
  copy(out: JsonBytes, key: number): boolean {
    const start = this.#starts[key] ?? 0;
    if (start === 0) return false;
    out.from(this.#arena as ByteSource, start - 1, this.#ends[key] as number);
    return true;
  }

  /**
   * Keeps bytes [at, out.length) of `out`, just written, under `key` (an integer from 0 to 2^24), when the
   * arena has room for them; another key is not kept.
   */
  keep(out: JsonBytes, key: number, at: number): void {
    const bytes = out.length - at;
    if (!(Number.isInteger(key) && key >= 0 && key <= MAX_KEY) || this.#used + bytes > this.#arenaBytes)
      return;
    this.#arena ??= new ByteSource(Buffer.allocUnsafeSlow(this.#arenaBytes));
    if (key >= this.#starts.length) this.#grow(key + 1);
    out.copyTo(this.#arena.buf, this.#used, at, out.length);
    this.#starts[key] = this.#used + 1;
    this.#ends[key] = this.#used + bytes;
    this.#used += bytes;
  }

  #grow(keys: number): void {
    const size = Math.max(keys, 2 * this.#starts.length, 1024);
    const starts = new Int32Array(size);
    const ends = new Int32Array(size);
    starts.set(this.#starts);
    ends.set(this.#ends);
    this.#starts = starts;
    this.#ends = ends;
  }
}
