/**
 * The posting sorter's chunk (`posting-sorter.ts`): its postings as they came, one 24-byte record each, with
 * their word ids apart and their occurrences in one heap, all in shared memory; ordered by word, newest
 * first, with a counting sort; written as one run of the staging file (`encodeRun`), here or on the spill
 * thread (`spill-thread.ts`), with the flag that says when a chunk handed over is free again; and read back
 * as one word's list, here or on a worker thread at the end of a build (`posting-merge.ts`).
 */
import {
  copyBytes,
  emptyList,
  FIXED_BYTES,
  HEADER_BYTES,
  type PostingList,
} from "../snapshot/posting-block.js";

/**
 * A posting's record, so that reading postings in word order (a gather over the chunk) touches one place
 * instead of one per field: f64 key; u32 tMs; u32 start of its occurrence in the heap; u16 cueIdx; u16 text
 * bytes; u16 form bytes; u8 level. Offsets are in units of each field's size.
 */
export const RECORD_BYTES = 24;
export const F64_KEY = 0;
export const U32_TMS = 2;
export const U32_HEAP = 3;
export const U16_CUE = 8;
export const U16_TEXT = 9;
export const U16_FORM = 10;
export const U8_LEVEL = 22;

/** A chunk's memory: records, word ids and heap, each in a SharedArrayBuffer. */
export interface ChunkMemory {
  records: SharedArrayBuffer;
  words: Int32Array;
  heap: Uint8Array;
}

/** The records seen as each field's type. */
export interface ChunkViews {
  words: Int32Array;
  f64: Float64Array;
  u32: Uint32Array;
  u16: Uint16Array;
  u8: Uint8Array;
  heap: Uint8Array;
}

/** The chunk's postings by word: `order[start[w] … start[w + 1])` are word w's, newest first. */
export interface ChunkOrder {
  start: Int32Array;
  order: Uint32Array;
}

/** A chunk and its order, shared with the threads that read its words' lists. */
export type SharedChunk = ChunkMemory & ChunkOrder;

export function newChunk(postings: number, heapBytes: number): ChunkMemory {
  return {
    records: new SharedArrayBuffer(postings * RECORD_BYTES),
    words: new Int32Array(new SharedArrayBuffer(postings * 4)),
    heap: new Uint8Array(new SharedArrayBuffer(heapBytes)),
  };
}

export function chunkViews({ records, words, heap }: ChunkMemory): ChunkViews {
  return {
    words,
    f64: new Float64Array(records),
    u32: new Uint32Array(records),
    u16: new Uint16Array(records),
    u8: new Uint8Array(records),
    heap,
  };
}

/**
 * The first `n` postings by word, each word's newest first: the runs of postings with one key (a clip's)
 * ordered by key, newest first, then a stable counting sort by word.
 */
export function orderChunk({ words, f64 }: ChunkViews, n: number): ChunkOrder {
  const runStarts: number[] = [];
  for (let i = 0; i < n; i++)
    if (i === 0 || f64[i * 3 + F64_KEY] !== f64[(i - 1) * 3 + F64_KEY]) runStarts.push(i);
  runStarts.push(n);
  const runs = runStarts.length - 1;
  const runKeys = new Float64Array(runs);
  for (let r = 0; r < runs; r++) runKeys[r] = f64[(runStarts[r] as number) * 3 + F64_KEY] as number;
  const runOrder = new Uint32Array(runs);
  for (let r = 0; r < runs; r++) runOrder[r] = r;
  runOrder.sort((a, b) => (runKeys[b] as number) - (runKeys[a] as number) || a - b);
  let maxWord = 0;
  for (let i = 0; i < n; i++) if ((words[i] as number) > maxWord) maxWord = words[i] as number;
  const groups = maxWord + 1;
  const start = new Int32Array(groups + 1);
  for (let i = 0; i < n; i++) {
    const g = words[i] as number;
    start[g + 1] = (start[g + 1] as number) + 1;
  }
  for (let g = 0; g < groups; g++) start[g + 1] = (start[g + 1] as number) + (start[g] as number);
  const fill = start.slice(0, groups);
  const order = new Uint32Array(n);
  for (let k = 0; k < runs; k++) {
    const r = runOrder[k] as number;
    const end = runStarts[r + 1] as number;
    for (let i = runStarts[r] as number; i < end; i++) {
      const g = words[i] as number;
      const f = fill[g] as number;
      order[f] = i;
      fill[g] = f + 1;
    }
  }
  return { start, order };
}

/** The most bytes `encodeRun` can make of `n` postings with `heapBytes` of occurrences. */
export function runBytesBound(n: number, heapBytes: number): number {
  return n * (HEADER_BYTES + FIXED_BYTES) + heapBytes;
}

/** A chunk as one run of the staging file: its words' parts back to back, part i word `keys[i]`'s. */
export interface EncodedRun {
  data: Buffer;
  keys: Int32Array;
  lengths: Uint32Array;
}

/**
 * How far ahead `encodeRun` reads a posting's record and its occurrence: over the bench's 100,000 clips,
 * 8 and 4 took the spill thread's CPU from 4.5–5.2 to 3.5–4.1 s (seven pairs of builds); 16 and 8, to
 * 3.8–3.9 s.
 */
const TOUCH_RECORD_AHEAD = 8;
const TOUCH_HEAP_AHEAD = 4;
/** Where the bytes read ahead end up, so that reading them is not optimised away. */
let _touchedSink = 0;

/**
 * The chunk's first `n` postings (`heapBytes` of occurrences) as one run: each word's postings, newest
 * first, as an unpacked block (`encodeBlock` without deflate), in a buffer from `alloc` (which may hand
 * back memory of an earlier run: its bytes are all written).
 */
export function encodeRun(
  views: ChunkViews,
  n: number,
  heapBytes: number,
  alloc: (bytes: number) => Buffer = Buffer.allocUnsafe,
): EncodedRun {
  const { start, order } = orderChunk(views, n);
  let groups = 0;
  for (let g = 0; g + 1 < start.length; g++) if (start[g] !== start[g + 1]) groups++;
  const data = alloc(groups * HEADER_BYTES + n * FIXED_BYTES + heapBytes);
  const keys = new Int32Array(groups);
  const lengths = new Uint32Array(groups);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const { f64, u32, u16, u8, heap: heapIn } = views;
  let at = 0;
  let part = 0;
  let touched = 0;
  for (let g = 0; g + 1 < start.length; g++) {
    const from = start[g] as number;
    const to = start[g + 1] as number;
    if (from === to) continue;
    const m = to - from;
    const blockAt = at;
    let heap = at + HEADER_BYTES + m * FIXED_BYTES;
    const heapStart = heap;
    for (let k = from, j = 0; k < to; k++, j++) {
      // Reading postings in word order jumps about the chunk, and each jump waits on memory: the record of
      // the posting TOUCH_RECORD_AHEAD on, and the occurrence of the one TOUCH_HEAP_AHEAD on (its record
      // read by then), are read now, so their waits overlap this posting's instead of following it.
      if (k + TOUCH_RECORD_AHEAD < n)
        touched ^= u16[(order[k + TOUCH_RECORD_AHEAD] as number) * 12 + U16_TEXT] as number;
      if (k + TOUCH_HEAP_AHEAD < n)
        touched ^= heapIn[u32[(order[k + TOUCH_HEAP_AHEAD] as number) * 6 + U32_HEAP] as number] as number;
      const i = order[k] as number;
      const text = u16[i * 12 + U16_TEXT] as number;
      const form = u16[i * 12 + U16_FORM] as number;
      const s = u32[i * 6 + U32_HEAP] as number;
      view.setFloat64(blockAt + HEADER_BYTES + j * 8, f64[i * 3 + F64_KEY] as number, true);
      view.setUint32(blockAt + HEADER_BYTES + m * 8 + j * 4, u32[i * 6 + U32_TMS] as number, true);
      view.setUint16(blockAt + HEADER_BYTES + m * 12 + j * 2, u16[i * 12 + U16_CUE] as number, true);
      view.setUint16(blockAt + HEADER_BYTES + m * 14 + j * 2, text, true);
      view.setUint16(blockAt + HEADER_BYTES + m * 16 + j * 2, form, true);
      data[blockAt + HEADER_BYTES + m * 18 + j] = u8[i * RECORD_BYTES + U8_LEVEL] as number;
      copyBytes(heapIn, s, s + text + form, data, heap);
      heap += text + form;
    }
    view.setUint32(blockAt, m, true);
    view.setUint32(blockAt + 4, heap - heapStart, true);
    keys[part] = g;
    lengths[part++] = heap - blockAt;
    at = heap;
  }
  _touchedSink ^= touched;
  return { data, keys, lengths };
}

/** Postings `order[from … to)` of the chunk as a list. */
export function chunkList(views: ChunkViews, order: Uint32Array, from: number, to: number): PostingList {
  const { f64, u32, u16, u8, heap } = views;
  let heapBytes = 0;
  for (let k = from; k < to; k++) {
    const i = order[k] as number;
    heapBytes += (u16[i * 12 + U16_TEXT] as number) + (u16[i * 12 + U16_FORM] as number);
  }
  const list = emptyList(to - from, heapBytes);
  let at = 0;
  for (let k = from, j = 0; k < to; k++, j++) {
    const i = order[k] as number;
    const text = u16[i * 12 + U16_TEXT] as number;
    const bytes = text + (u16[i * 12 + U16_FORM] as number);
    const s = u32[i * 6 + U32_HEAP] as number;
    list.keys[j] = f64[i * 3 + F64_KEY] as number;
    list.tMs[j] = u32[i * 6 + U32_TMS] as number;
    list.cueIdx[j] = u16[i * 12 + U16_CUE] as number;
    list.level[j] = u8[i * RECORD_BYTES + U8_LEVEL] as number;
    list.textBytes[j] = text;
    copyBytes(heap, s, s + bytes, list.heap, at);
    at += bytes;
    list.heapAt[j + 1] = at;
  }
  return list;
}

/** Word `wordId`'s postings in a chunk (`views` of it) as a list, or undefined when it has none there. */
export function wordList(views: ChunkViews, chunk: ChunkOrder, wordId: number): PostingList | undefined {
  if (wordId + 1 >= chunk.start.length) return undefined;
  const from = chunk.start[wordId] as number;
  const to = chunk.start[wordId + 1] as number;
  return from === to ? undefined : chunkList(views, chunk.order, from, to);
}

/** How long a chunk waits for the other thread to finish writing it before the build gives up. */
const SPILL_TIMEOUT_MS = 300_000;
/** Room for the reason a chunk could not be written, after the flag. */
const REASON_BYTES = 1024;

/**
 * A chunk of the sorter: its memory, its views, and what another thread says once it has written the chunk
 * handed to it: `done[0]` is 0 while it is written, 1 when it is free again, 2 when it could not be
 * written, the reason then in the bytes after the flag (`spillFailed`).
 */
export interface Chunk {
  memory: ChunkMemory;
  views: ChunkViews;
  done: Int32Array;
}

export function makeChunk(postings: number, heapBytes: number): Chunk {
  const memory = newChunk(postings, heapBytes);
  const done = new Int32Array(new SharedArrayBuffer(4 + REASON_BYTES));
  done[0] = 1;
  return { memory, views: chunkViews(memory), done };
}

function settleFlag(done: Int32Array, state: number): void {
  Atomics.store(done, 0, state);
  Atomics.notify(done, 0);
}

/** The chunk handed over is written: free again. */
export function spillWritten(done: Int32Array): void {
  settleFlag(done, 1);
}

/** The chunk handed over could not be written, for `reason`. */
export function spillFailed(done: Int32Array, reason: string): void {
  const bytes = new Uint8Array(done.buffer, 4, REASON_BYTES);
  bytes.fill(0);
  new TextEncoder().encodeInto(reason.slice(0, REASON_BYTES / 4), bytes);
  settleFlag(done, 2);
}

/** Blocks until a chunk handed over is written, failing with the reason when it could not be. */
export function awaitWritten(done: Int32Array, path: string): void {
  const deadline = performance.now() + SPILL_TIMEOUT_MS;
  while (Atomics.load(done, 0) === 0) {
    const left = deadline - performance.now();
    if (left <= 0 || Atomics.wait(done, 0, 0, left) === "timed-out")
      throw new Error(`posting sorter: a run of ${path} was not written within ${SPILL_TIMEOUT_MS / 1000} s`);
  }
  if (Atomics.load(done, 0) === 1) return;
  const bytes = new Uint8Array(done.buffer, 4, REASON_BYTES);
  const end = bytes.indexOf(0);
  const reason = new TextDecoder().decode(bytes.slice(0, end === -1 ? REASON_BYTES : end));
  throw new Error(`posting sorter: a run of ${path} could not be written: ${reason}`);
}
