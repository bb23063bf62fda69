/**
 * Postings as the snapshot stores them: blocks of up to BLOCK_POSTINGS entries of one (word, clip level),
 * newest first. One row per block keeps a word with 100,000 clips at a few thousand rows, a page at one or
 * two row reads, and the file small. Layout: f64 recentKey[n], u32 tMs[n], u16 cueIdx[n], little-endian.
 */

export const BLOCK_POSTINGS = 64;

export interface PostingList {
  /** Newest first (descending). */
  keys: Float64Array;
  tMs: Uint32Array;
  cueIdx: Uint16Array;
}

export function encodeBlock(list: PostingList, start: number, end: number): Buffer {
  const n = end - start;
  const out = Buffer.alloc(n * 14);
  for (let i = 0; i < n; i++) {
    out.writeDoubleLE(list.keys[start + i] as number, i * 8);
    out.writeUInt32LE(list.tMs[start + i] as number, n * 8 + i * 4);
    out.writeUInt16LE(list.cueIdx[start + i] as number, n * 12 + i * 2);
  }
  return out;
}

export interface Posting {
  recentKey: number;
  tMs: number;
  cueIdx: number;
}

export function blockLength(block: Buffer): number {
  return block.length / 14;
}

export function postingAt(block: Buffer, i: number): Posting {
  const n = block.length / 14;
  return {
    recentKey: block.readDoubleLE(i * 8),
    tMs: block.readUInt32LE(n * 8 + i * 4),
    cueIdx: block.readUInt16LE(n * 12 + i * 2),
  };
}

export function keyAt(block: Buffer, i: number): number {
  return block.readDoubleLE(i * 8);
}

/** Every posting of an encoded block or list, as arrays. */
export function decodeList(block: Buffer): PostingList {
  const n = block.length / 14;
  const list = { keys: new Float64Array(n), tMs: new Uint32Array(n), cueIdx: new Uint16Array(n) };
  for (let i = 0; i < n; i++) {
    list.keys[i] = block.readDoubleLE(i * 8);
    list.tMs[i] = block.readUInt32LE(n * 8 + i * 4);
    list.cueIdx[i] = block.readUInt16LE(n * 12 + i * 2);
  }
  return list;
}
