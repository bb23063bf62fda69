/**
 * Each posting block's oldest recent_key and the clip levels it holds: read at start-up (one value), so a
 * cursor finds its block, a level filter reads only the blocks that hold its levels, and a random sample
 * finds the block of a rank without reading others.
 *
 * Layout, little-endian: u32 words, u32 blocks; f64 minKey[blocks] (each block's oldest recent_key, the
 * postings table's key); i32 wordId[words], ascending; u32 firstBlock[words + 1] (a word's blocks are
 * firstBlock[w] to firstBlock[w + 1], newest first); u8 count[blocks × 6], the block's postings per level.
 */

export const DIRECTORY_LEVELS = 6;

/** Blocks a word may have: 2^20 blocks of 64 postings, 67 million clips. */
const BLOCKS_PER_WORD = 2 ** 20;

/** The postings table's key of a word's block at `ordinal` (0 = newest). */
export function blockId(wordId: number, ordinal: number): number {
  if (ordinal >= BLOCKS_PER_WORD)
    throw new RangeError(`word ${wordId} has more posting blocks than a snapshot holds`);
  return wordId * BLOCKS_PER_WORD + ordinal;
}

export interface DirectoryBlock {
  minKey: number;
  /** Postings per clip level. */
  counts: ArrayLike<number>;
}

/** Builds the directory word by word, in ascending word id order, as the writer writes the blocks. */
export class DirectoryWriter {
  readonly #wordIds: number[] = [];
  readonly #firstBlock: number[] = [0];
  readonly #minKeys: number[] = [];
  readonly #counts: number[] = [];

  add(wordId: number, blocks: readonly DirectoryBlock[]): void {
    const last = this.#wordIds[this.#wordIds.length - 1];
    if (last !== undefined && wordId <= last)
      throw new RangeError("posting directory: word ids out of order");
    this.#wordIds.push(wordId);
    for (const block of blocks) {
      this.#minKeys.push(block.minKey);
      for (let level = 0; level < DIRECTORY_LEVELS; level++) this.#counts.push(block.counts[level] ?? 0);
    }
    this.#firstBlock.push(this.#minKeys.length);
  }

  encode(): Buffer {
    const words = this.#wordIds.length;
    const blocks = this.#minKeys.length;
    const out = Buffer.alloc(8 + blocks * 8 + words * 4 + (words + 1) * 4 + blocks * DIRECTORY_LEVELS);
    out.writeUInt32LE(words, 0);
    out.writeUInt32LE(blocks, 4);
    let at = 8;
    for (const key of this.#minKeys) at = out.writeDoubleLE(key, at);
    for (const id of this.#wordIds) at = out.writeInt32LE(id, at);
    for (const first of this.#firstBlock) at = out.writeUInt32LE(first, at);
    Buffer.from(this.#counts).copy(out, at);
    return out;
  }
}

/** The statement that reads the stored directory. */
export const POSTING_DIRECTORY_VALUE = "SELECT data FROM posting_directory WHERE name = 'postings'";

/** A typed array over a copy of `bytes` (aligned, independent of the driver's buffer). */
function copy(data: Buffer, start: number, bytes: number): ArrayBuffer {
  const out = new ArrayBuffer(bytes);
  new Uint8Array(out).set(data.subarray(start, start + bytes));
  return out;
}

export class PostingDirectory {
  readonly #minKey: Float64Array;
  readonly #wordIds: Int32Array;
  readonly #firstBlock: Uint32Array;
  readonly #counts: Uint8Array;

  constructor(data: Buffer) {
    const words = data.readUInt32LE(0);
    const blocks = data.readUInt32LE(4);
    let at = 8;
    this.#minKey = new Float64Array(copy(data, at, blocks * 8));
    at += blocks * 8;
    this.#wordIds = new Int32Array(copy(data, at, words * 4));
    at += words * 4;
    this.#firstBlock = new Uint32Array(copy(data, at, (words + 1) * 4));
    at += (words + 1) * 4;
    this.#counts = new Uint8Array(copy(data, at, blocks * DIRECTORY_LEVELS));
  }

  /**
   * The word's blocks as [first, end) in the directory, newest first (block `b` is the word's block at
   * ordinal `b - first`); empty for a word without postings.
   */
  blocks(wordId: number): [number, number] {
    const ids = this.#wordIds;
    let lo = 0;
    let hi = ids.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const id = ids[mid] as number;
      if (id === wordId) return [this.#firstBlock[mid] as number, this.#firstBlock[mid + 1] as number];
      if (id < wordId) lo = mid + 1;
      else hi = mid - 1;
    }
    return [0, 0];
  }

  minKey(block: number): number {
    return this.#minKey[block] as number;
  }

  /** Postings of the block at the levels of `mask` (bit `level` set for each level wanted). */
  count(block: number, mask: number): number {
    let n = 0;
    const at = block * DIRECTORY_LEVELS;
    for (let level = 0; level < DIRECTORY_LEVELS; level++) {
      if ((mask & (1 << level)) !== 0) n += this.#counts[at + level] as number;
    }
    return n;
  }
}
