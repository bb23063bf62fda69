/**
 * Postings as the snapshot stores them: blocks of up to BLOCK_POSTINGS entries of one word, every clip
 * level together, newest first. Each posting carries what a page of results shows of the occurrence: the
 * cue's text and the form spoken (when it differs from the word), JSON-encoded, so a page of clips is one
 * or two block reads and no transcript read.
 *
 * Layout, little-endian: u32 n; u32 heap (the bytes of the occurrence heap, bit 31 set when it is stored
 * deflated); f64 recentKey[n]; u32 tMs[n]; u16 cueIdx[n]; u16 textBytes[n]; u16 formBytes[n]; u8 level[n];
 * then the heap: for each posting, the cue text as a JSON string, then the form as a JSON string (no bytes
 * when the form is the word itself). The fixed part is 19 bytes a posting, read without touching the heap;
 * the heap is deflated (raw DEFLATE) in the snapshot's blocks and stored as it is in the builder's runs.
 */
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { ByteSource, type JsonBytes } from "../text/json-bytes.js";

export const BLOCK_POSTINGS = 64;

/** A block's header, and its fixed bytes a posting (before the occurrences' heap). */
export const HEADER_BYTES = 8;
export const FIXED_BYTES = 19;
const DEFLATED = 0x8000_0000;

export interface PostingList {
  /** Newest first (descending). */
  keys: Float64Array;
  tMs: Uint32Array;
  cueIdx: Uint16Array;
  /** The clip's level (0 = A1 … 5 = C2). */
  level: Uint8Array;
  /** Bytes of the cue text's JSON, at the start of each posting's heap bytes. */
  textBytes: Uint16Array;
  /** Where each posting's heap bytes start in `heap`, and (at n) where the last ends. */
  heapAt: Uint32Array;
  heap: Buffer;
}

export interface Posting {
  recentKey: number;
  tMs: number;
  cueIdx: number;
  level: number;
}

/** Postings [start, end) of a list as one block; `deflate` compresses the heap (the snapshot's blocks). */
export function encodeBlock(list: PostingList, start: number, end: number, deflate: boolean): Buffer {
  const { fixed, heap } = blockParts(list, start, end, deflate);
  return deflate ? Buffer.concat([fixed, deflateHeap(heap)]) : Buffer.concat([fixed, heap]);
}

/** DEFLATE's bytes a window keeps short of its size (zlib's MIN_LOOKAHEAD): no match reaches further back. */
const WINDOW_LOOKAHEAD = 262;

/**
 * A snapshot block's heap as it stores it: raw DEFLATE at level 1. The window is the smallest that reaches
 * back over the whole heap, and the output buffer the heap's size: the same bytes as zlib's defaults give
 * (no match can reach further back than the heap's start), but a heap of 2 to 4 KB no longer sets up a
 * 32 KB window and a 16 KB output each time, which took a tenth of its time (36.9 to 37.6 µs a block
 * before, 32.2 to 34.3 after, over a fifth of the bench's 144,590 blocks on one core).
 */
export function deflateHeap(heap: Uint8Array): Buffer {
  let windowBits = 9;
  while (windowBits < 15 && (1 << windowBits) - WINDOW_LOOKAHEAD < heap.length) windowBits++;
  return deflateRawSync(heap, { level: 1, windowBits, chunkSize: Math.max(64, heap.length) });
}

/**
 * Postings [start, end) of a list as a block in two parts: the header and fixed part, and the heap as it is
 * (a view of the list's), to be appended as it is or, when `deflated` (as the header then says), through
 * `deflateHeap`. The parts are what `encodeBlock` joins, so the heap can be deflated elsewhere.
 */
export function blockParts(
  list: PostingList,
  start: number,
  end: number,
  deflated: boolean,
): { fixed: Buffer; heap: Buffer } {
  const n = end - start;
  const from = list.heapAt[start] as number;
  const heap = list.heap.subarray(from, list.heapAt[end] as number);
  const fixed = Buffer.allocUnsafe(HEADER_BYTES + n * FIXED_BYTES);
  const view = new DataView(fixed.buffer, fixed.byteOffset, fixed.byteLength);
  view.setUint32(0, n, true);
  view.setUint32(4, (heap.length | (deflated ? DEFLATED : 0)) >>> 0, true);
  for (let i = 0; i < n; i++) {
    const p = start + i;
    const bytes = (list.heapAt[p + 1] as number) - (list.heapAt[p] as number);
    const text = list.textBytes[p] as number;
    view.setFloat64(HEADER_BYTES + i * 8, list.keys[p] as number, true);
    view.setUint32(HEADER_BYTES + n * 8 + i * 4, list.tMs[p] as number, true);
    view.setUint16(HEADER_BYTES + n * 12 + i * 2, list.cueIdx[p] as number, true);
    view.setUint16(HEADER_BYTES + n * 14 + i * 2, text, true);
    view.setUint16(HEADER_BYTES + n * 16 + i * 2, bytes - text, true);
    fixed[HEADER_BYTES + n * 18 + i] = list.level[p] as number;
  }
  return { fixed, heap };
}

export function blockLength(block: Buffer): number {
  return block.readUInt32LE(0);
}

export function keyAt(block: Buffer, i: number): number {
  return block.readDoubleLE(HEADER_BYTES + i * 8);
}

export function levelOf(block: Buffer, i: number): number {
  return block[HEADER_BYTES + blockLength(block) * 18 + i] as number;
}

export function postingAt(block: Buffer, i: number): Posting {
  const n = blockLength(block);
  return {
    recentKey: block.readDoubleLE(HEADER_BYTES + i * 8),
    tMs: block.readUInt32LE(HEADER_BYTES + n * 8 + i * 4),
    cueIdx: block.readUInt16LE(HEADER_BYTES + n * 12 + i * 2),
    level: block[HEADER_BYTES + n * 18 + i] as number,
  };
}

/** The inflated length of the block's heap when it is stored deflated (the header gives it), else undefined. */
function deflatedHeapBytes(block: Buffer): number | undefined {
  const heap = block.readUInt32LE(4);
  return (heap & DEFLATED) !== 0 ? (heap & ~DEFLATED) >>> 0 : undefined;
}

/** Bytes the block takes in memory once its occurrence heap is inflated: the block, and the heap inflated. */
export function decodedBytes(block: Buffer): number {
  return block.length + (deflatedHeapBytes(block) ?? 0);
}

/**
 * Below this many bytes Node allocates a buffer from its shared pool, whose 8 KB slab a kept slice would
 * hold; at it and above, a buffer of its own.
 */
const OWN_BUFFER_BYTES = 4096;

/**
 * The block's occurrence heap, inflated when stored deflated. The inflater writes into one output buffer
 * sized by the heap (the header gives its length; one byte more, so that one pass ends it), at least
 * OWN_BUFFER_BYTES: not its default 16 KB one, whose slice the block cache would keep alive for a heap of
 * 2 to 4 KB.
 */
function heapOf(block: Buffer): Buffer {
  const n = blockLength(block);
  const heap = block.subarray(HEADER_BYTES + n * FIXED_BYTES);
  const inflated = deflatedHeapBytes(block);
  if (inflated === undefined) return heap;
  return inflateRawSync(heap, { chunkSize: Math.max(OWN_BUFFER_BYTES, inflated + 1) });
}

/**
 * The occurrences of one block, JSON-encoded: the heap is inflated once, on the first question, and a
 * posting's bytes are found by summing the lengths before it.
 */
export class BlockOccurrences {
  readonly #block: Buffer;
  #heap: ByteSource | undefined;
  #heapAt: Uint32Array | undefined;

  constructor(block: Buffer) {
    this.#block = block;
  }

  #at(): Uint32Array {
    if (this.#heapAt === undefined) {
      const block = this.#block;
      const n = blockLength(block);
      const at = new Uint32Array(n + 1);
      for (let i = 0; i < n; i++) {
        const bytes =
          block.readUInt16LE(HEADER_BYTES + n * 14 + i * 2) +
          block.readUInt16LE(HEADER_BYTES + n * 16 + i * 2);
        at[i + 1] = (at[i] as number) + bytes;
      }
      this.#heapAt = at;
      this.#heap = new ByteSource(heapOf(block));
    }
    return this.#heapAt;
  }

  /** The cue's text as a JSON string. */
  textJson(i: number): string {
    const at = this.#at();
    const start = at[i] as number;
    const n = blockLength(this.#block);
    const text = this.#block.readUInt16LE(HEADER_BYTES + n * 14 + i * 2);
    return (this.#heap as ByteSource).buf.toString("utf8", start, start + text);
  }

  /** Writes the cue's text, a JSON string, to `out` as the UTF-8 bytes the block keeps. */
  writeText(i: number, out: JsonBytes): void {
    const at = this.#at();
    const start = at[i] as number;
    const n = blockLength(this.#block);
    out.from(
      this.#heap as ByteSource,
      start,
      start + this.#block.readUInt16LE(HEADER_BYTES + n * 14 + i * 2),
    );
  }

  /** True when posting `i` has a form spoken other than the word itself. */
  hasForm(i: number): boolean {
    return this.#block.readUInt16LE(HEADER_BYTES + blockLength(this.#block) * 16 + i * 2) !== 0;
  }

  /** Writes the form spoken, a JSON string, to `out` (nothing when it is the word itself). */
  writeForm(i: number, out: JsonBytes): void {
    const at = this.#at();
    const n = blockLength(this.#block);
    const start = (at[i] as number) + this.#block.readUInt16LE(HEADER_BYTES + n * 14 + i * 2);
    out.from(this.#heap as ByteSource, start, at[i + 1] as number);
  }

  /** The form spoken as a JSON string, or undefined when it is the word itself. */
  formJson(i: number): string | undefined {
    const at = this.#at();
    const n = blockLength(this.#block);
    const text = this.#block.readUInt16LE(HEADER_BYTES + n * 14 + i * 2);
    const start = (at[i] as number) + text;
    const end = at[i + 1] as number;
    return start === end ? undefined : (this.#heap as ByteSource).buf.toString("utf8", start, end);
  }
}

/** Every posting of an encoded block or run, as arrays. */
export function decodeList(block: Buffer): PostingList {
  const n = blockLength(block);
  const list: PostingList = { ...emptyList(n, 0), heap: heapOf(block) };
  for (let i = 0; i < n; i++) {
    list.keys[i] = block.readDoubleLE(HEADER_BYTES + i * 8);
    list.tMs[i] = block.readUInt32LE(HEADER_BYTES + n * 8 + i * 4);
    list.cueIdx[i] = block.readUInt16LE(HEADER_BYTES + n * 12 + i * 2);
    list.textBytes[i] = block.readUInt16LE(HEADER_BYTES + n * 14 + i * 2);
    list.level[i] = block[HEADER_BYTES + n * 18 + i] as number;
    list.heapAt[i + 1] =
      (list.heapAt[i] as number) +
      (list.textBytes[i] as number) +
      block.readUInt16LE(HEADER_BYTES + n * 16 + i * 2);
  }
  return list;
}

/** A list of `n` postings with room for `heapBytes` of occurrences, to be filled in. */
export function emptyList(n: number, heapBytes: number): PostingList {
  return {
    keys: new Float64Array(n),
    tMs: new Uint32Array(n),
    cueIdx: new Uint16Array(n),
    level: new Uint8Array(n),
    textBytes: new Uint16Array(n),
    heapAt: new Uint32Array(n + 1),
    heap: Buffer.allocUnsafe(heapBytes),
  };
}

/**
 * Copies bytes [start, end) of `from` into `to` at `at`: a loop for the few bytes of one posting's
 * occurrence, where `set` on a subarray costs more than the copy, and `set` beyond.
 */
export function copyBytes(from: Uint8Array, start: number, end: number, to: Uint8Array, at: number): void {
  if (end - start > 64) {
    to.set(from.subarray(start, end), at);
    return;
  }
  for (let i = start, j = at; i < end; i++, j++) to[j] = from[i] as number;
}

/** Copies posting `i` of `from` to the end of `to`, whose first `j` postings are filled. */
export function copyPosting(from: PostingList, i: number, to: PostingList, j: number): void {
  to.keys[j] = from.keys[i] as number;
  to.tMs[j] = from.tMs[i] as number;
  to.cueIdx[j] = from.cueIdx[i] as number;
  to.level[j] = from.level[i] as number;
  to.textBytes[j] = from.textBytes[i] as number;
  const start = from.heapAt[i] as number;
  const end = from.heapAt[i + 1] as number;
  const at = to.heapAt[j] as number;
  copyBytes(from.heap, start, end, to.heap, at);
  to.heapAt[j + 1] = at + (end - start);
}

/** Lists of postings, each newest first → one list newest first. */
export function mergeLists(parts: readonly PostingList[]): PostingList {
  if (parts.length === 1) return parts[0] as PostingList;
  let n = 0;
  let heapBytes = 0;
  for (const p of parts) {
    n += p.keys.length;
    heapBytes += p.heapAt[p.keys.length] as number;
  }
  const list = emptyList(n, heapBytes);
  const at = new Int32Array(parts.length);
  for (let j = 0; j < n; j++) {
    let best = -1;
    let bestKey = -1;
    for (let r = 0; r < parts.length; r++) {
      const p = parts[r] as PostingList;
      const i = at[r] as number;
      if (i < p.keys.length && (p.keys[i] as number) > bestKey) {
        best = r;
        bestKey = p.keys[i] as number;
      }
    }
    const i = at[best] as number;
    at[best] = i + 1;
    copyPosting(parts[best] as PostingList, i, list, j);
  }
  return list;
}
