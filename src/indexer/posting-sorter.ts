/**
 * Collects postings in arrival (clip) order and gives them back grouped by word, newest first, in bounded
 * memory: a full chunk is sorted (its clips by key, then a stable counting sort by word) and written to a
 * staging file as one run per word; at the end the runs of each word are merged. Each posting carries its
 * occurrence bytes (see `posting-block.ts`), held in one heap per chunk.
 */
import { copyBytes, decodeList, mergeLists, type PostingList } from "../snapshot/posting-block.js";
import {
  type ChunkMemory,
  type ChunkViews,
  chunkList,
  chunkViews,
  F64_KEY,
  newChunk,
  orderChunk,
  RECORD_BYTES,
  type SharedChunk,
  U8_LEVEL,
  U16_CUE,
  U16_FORM,
  U16_TEXT,
  U32_HEAP,
  U32_TMS,
} from "./posting-chunk.js";
import type { MergeJob } from "./posting-merge.js";
import { StagingRuns } from "./staging-runs.js";

export interface PostingGroup {
  wordId: number;
  list: PostingList;
}

/** 28 bytes a posting while collecting, besides the occurrence heap: two million is 56 MB. */
const DEFAULT_CHUNK_POSTINGS = 2_000_000;
/** The occurrence heap of a chunk: a chunk is spilled when either is full. */
const DEFAULT_CHUNK_HEAP_BYTES = 64 * 1024 * 1024;

/** A run's header and fixed bytes a posting: the layout of `encodeBlock` in `posting-block.ts`. */
const HEADER_BYTES = 8;
const FIXED_BYTES = 19;
/** What a posting of the chunk is reckoned at when merge jobs are cut: its fixed bytes and a short cue. */
const CHUNK_BYTES_A_POSTING = 100;

export class PostingSorter {
  readonly #chunk: number;
  readonly #staging: StagingRuns;
  readonly #memory: ChunkMemory;
  readonly #views: ChunkViews;
  /** Word id of each posting: read in order, apart from the records. */
  readonly #words: Int32Array;
  readonly #f64: Float64Array;
  readonly #u32: Uint32Array;
  readonly #u16: Uint16Array;
  readonly #u8: Uint8Array;
  readonly #heap: Uint8Array;
  #heapUsed = 0;
  #n = 0;

  constructor(
    stagingPath: string,
    chunkPostings = DEFAULT_CHUNK_POSTINGS,
    heapBytes = DEFAULT_CHUNK_HEAP_BYTES,
  ) {
    this.#chunk = chunkPostings;
    this.#staging = new StagingRuns(stagingPath);
    this.#memory = newChunk(chunkPostings, heapBytes);
    this.#views = chunkViews(this.#memory);
    ({ words: this.#words, f64: this.#f64, u32: this.#u32, u16: this.#u16, u8: this.#u8 } = this.#views);
    this.#heap = this.#memory.heap;
  }

  #put(i: number, wordId: number, level: number, key: number, tMs: number, cueIdx: number): void {
    this.#words[i] = wordId;
    this.#f64[i * 3 + F64_KEY] = key;
    this.#u32[i * 6 + U32_TMS] = tMs;
    this.#u16[i * 12 + U16_CUE] = cueIdx;
    this.#u8[i * RECORD_BYTES + U8_LEVEL] = level;
  }

  /**
   * One posting; its occurrence is `occurrence[from, from + textBytes + formBytes)`: the cue text's JSON,
   * then the form's JSON (none when the form is the word).
   */
  add(
    wordId: number,
    level: number,
    key: number,
    tMs: number,
    cueIdx: number,
    occurrence: Uint8Array,
    from: number,
    textBytes: number,
    formBytes: number,
  ): void {
    const bytes = textBytes + formBytes;
    if (bytes > this.#heap.length)
      throw new RangeError("posting sorter: an occurrence is larger than the heap");
    if (this.#n === this.#chunk || this.#heapUsed + bytes > this.#heap.length) this.#spill();
    const i = this.#n++;
    this.#put(i, wordId, level, key, tMs, cueIdx);
    this.#u32[i * 6 + U32_HEAP] = this.#heapUsed;
    this.#u16[i * 12 + U16_TEXT] = textBytes;
    this.#u16[i * 12 + U16_FORM] = formBytes;
    copyBytes(occurrence, from, from + bytes, this.#heap, this.#heapUsed);
    this.#heapUsed += bytes;
  }

  /**
   * Every posting of one clip: `postings` as triples (word index, tMs, cueIdx), `wordIds` mapping word
   * indexes to ids, the occurrences back to back in posting order with each one's text and form bytes in
   * `occurrenceBytes` (two numbers a posting), as `ProcessedClip` holds them.
   */
  addClip(
    wordIds: Int32Array,
    level: number,
    key: number,
    postings: Int32Array,
    occurrences: Uint8Array,
    occurrenceBytes: Uint16Array,
  ): void {
    const count = postings.length / 3;
    if (count > this.#chunk || occurrences.length > this.#heap.length) {
      let from = 0;
      for (let j = 0; j < count; j++) {
        const text = occurrenceBytes[2 * j] as number;
        const form = occurrenceBytes[2 * j + 1] as number;
        const wordId = wordIds[postings[3 * j] as number] as number;
        const tMs = postings[3 * j + 1] as number;
        this.add(wordId, level, key, tMs, postings[3 * j + 2] as number, occurrences, from, text, form);
        from += text + form;
      }
      return;
    }
    if (this.#n + count > this.#chunk || this.#heapUsed + occurrences.length > this.#heap.length)
      this.#spill();
    const first = this.#n;
    let at = this.#heapUsed;
    this.#heap.set(occurrences, at);
    const words = this.#words;
    const f64 = this.#f64;
    const u32 = this.#u32;
    const u16 = this.#u16;
    const u8 = this.#u8;
    for (let j = 0; j < count; j++) {
      const i = first + j;
      const text = occurrenceBytes[2 * j] as number;
      const form = occurrenceBytes[2 * j + 1] as number;
      words[i] = wordIds[postings[3 * j] as number] as number;
      f64[i * 3 + F64_KEY] = key;
      u32[i * 6 + U32_TMS] = postings[3 * j + 1] as number;
      u32[i * 6 + U32_HEAP] = at;
      u16[i * 12 + U16_CUE] = postings[3 * j + 2] as number;
      u16[i * 12 + U16_TEXT] = text;
      u16[i * 12 + U16_FORM] = form;
      u8[i * RECORD_BYTES + U8_LEVEL] = level;
      at += text + form;
    }
    this.#n = first + count;
    this.#heapUsed = at;
  }

  /** The chunk's postings grouped by word in that order, each group newest first. */
  *#sortedChunk(): Generator<PostingGroup> {
    if (this.#n === 0) return;
    const { start, order } = orderChunk(this.#views, this.#n);
    for (let g = 0; g + 1 < start.length; g++) {
      const from = start[g] as number;
      const to = start[g + 1] as number;
      if (from !== to) yield { wordId: g, list: chunkList(this.#views, order, from, to) };
    }
  }

  /** The chunk as one run: each word's postings as an unpacked block (`encodeBlock` without deflate). */
  #spill(): void {
    const n = this.#n;
    if (n === 0) return;
    const { start, order } = orderChunk(this.#views, n);
    let groups = 0;
    for (let g = 0; g + 1 < start.length; g++) if (start[g] !== start[g + 1]) groups++;
    const run = Buffer.allocUnsafe(groups * HEADER_BYTES + n * FIXED_BYTES + this.#heapUsed);
    const view = new DataView(run.buffer, run.byteOffset, run.byteLength);
    const f64 = this.#f64;
    const u32 = this.#u32;
    const u16 = this.#u16;
    const u8 = this.#u8;
    const heapIn = this.#heap;
    let at = 0;
    this.#staging.writeRun((put) => {
      for (let g = 0; g + 1 < start.length; g++) {
        const from = start[g] as number;
        const to = start[g + 1] as number;
        if (from === to) continue;
        const m = to - from;
        const blockAt = at;
        let heap = at + HEADER_BYTES + m * FIXED_BYTES;
        const heapStart = heap;
        for (let k = from, j = 0; k < to; k++, j++) {
          const i = order[k] as number;
          const text = u16[i * 12 + U16_TEXT] as number;
          const form = u16[i * 12 + U16_FORM] as number;
          const s = u32[i * 6 + U32_HEAP] as number;
          view.setFloat64(blockAt + HEADER_BYTES + j * 8, f64[i * 3 + F64_KEY] as number, true);
          view.setUint32(blockAt + HEADER_BYTES + m * 8 + j * 4, u32[i * 6 + U32_TMS] as number, true);
          view.setUint16(blockAt + HEADER_BYTES + m * 12 + j * 2, u16[i * 12 + U16_CUE] as number, true);
          view.setUint16(blockAt + HEADER_BYTES + m * 14 + j * 2, text, true);
          view.setUint16(blockAt + HEADER_BYTES + m * 16 + j * 2, form, true);
          run[blockAt + HEADER_BYTES + m * 18 + j] = u8[i * RECORD_BYTES + U8_LEVEL] as number;
          copyBytes(heapIn, s, s + text + form, run, heap);
          heap += text + form;
        }
        view.setUint32(blockAt, m, true);
        view.setUint32(blockAt + 4, heap - heapStart, true);
        at = heap;
        put(g, run.subarray(blockAt, at));
      }
    });
    this.#n = 0;
    this.#heapUsed = 0;
  }

  /** Every group, in word order, newest first; the sorter is spent afterwards. */
  *groups(): Generator<PostingGroup> {
    if (!this.#staging.started) {
      yield* this.#sortedChunk();
      return;
    }
    if (this.#n > 0) this.#spill();
    const rows = this.#staging.all();
    let current: { wordId: number; parts: PostingList[] } | undefined;
    for (const [wordId, data] of rows) {
      if (current && current.wordId !== wordId) {
        yield { wordId: current.wordId, list: mergeLists(current.parts) };
        current = undefined;
      }
      current ??= { wordId, parts: [] };
      current.parts.push(decodeList(data));
    }
    if (current) yield { wordId: current.wordId, list: mergeLists(current.parts) };
  }

  /**
   * Every word's postings as jobs for `mergeWords` (`posting-merge.ts`), each a run of words, in word order,
   * of about `jobBytes` of postings: their staged runs, and the chunk (not spilled: shared, ordered by
   * word). The staging file stays until `close`, and the chunk must not take postings any more.
   */
  *mergeJobs(jobBytes: number): Generator<MergeJob> {
    const { keys, offsets, lengths } = this.#staging.layout();
    const chunk = this.#n === 0 ? undefined : this.#sharedChunk();
    const start = chunk?.start ?? new Int32Array(1);
    const path = this.#staging.path;
    let part = 0;
    let g = 0;
    const nextChunkWord = (): void => {
      while (g + 1 < start.length && start[g] === start[g + 1]) g++;
    };
    nextChunkWord();
    while (part < keys.length || g + 1 < start.length) {
      // Whole words from part `first` on, at least jobBytes unless the last.
      const first = part;
      const wordIds: number[] = [];
      const partFrom: number[] = [0];
      let bytes = 0;
      while ((part < keys.length || g + 1 < start.length) && bytes < jobBytes) {
        const staged = part < keys.length ? (keys[part] as number) : Number.POSITIVE_INFINITY;
        const wordId = g + 1 < start.length ? Math.min(staged, g) : staged;
        while (part < keys.length && keys[part] === wordId) bytes += lengths[part++] as number;
        if (wordId === g) {
          bytes += ((start[g + 1] as number) - (start[g] as number)) * CHUNK_BYTES_A_POSTING;
          g++;
          nextChunkWord();
        }
        wordIds.push(wordId);
        partFrom.push(part - first);
      }
      yield {
        path,
        wordIds: Int32Array.from(wordIds),
        partFrom: Int32Array.from(partFrom),
        offsets: offsets.slice(first, part),
        lengths: lengths.slice(first, part),
        chunk,
      };
    }
  }

  /** The chunk with its order by word, all in shared memory. */
  #sharedChunk(): SharedChunk {
    const { start, order } = orderChunk(this.#views, this.#n);
    const shared = <T extends Int32Array | Uint32Array>(
      array: T,
      make: (buffer: SharedArrayBuffer) => T,
    ): T => {
      const copy = make(new SharedArrayBuffer(Math.max(4, array.byteLength)));
      copy.set(array as never);
      return copy;
    };
    return {
      ...this.#memory,
      start: shared(start, (b) => new Int32Array(b, 0, start.length)),
      order: shared(order, (b) => new Uint32Array(b, 0, order.length)),
    };
  }

  close(): void {
    this.#staging.close();
  }
}
