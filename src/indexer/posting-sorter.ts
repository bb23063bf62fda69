/**
 * Collects postings in arrival (clip) order and gives them back grouped by word, newest first, in bounded
 * memory: a full chunk is sorted (its clips by key, then a stable counting sort by word) and written to a
 * staging file as one run per word; at the end the runs of each word are merged. Each posting carries its
 * occurrence bytes (see `posting-block.ts`), held in one heap per chunk.
 */
import { copyBytes, decodeList, emptyList, mergeLists, type PostingList } from "../snapshot/posting-block.js";
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

/** The chunk's postings by word: `order[start[w] … start[w + 1])` are word w's, newest first. */
interface ChunkOrder {
  start: Int32Array;
  order: Uint32Array;
}

/**
 * A chunk's postings, one 24-byte record each, so that reading a posting in word order (a gather over the
 * chunk) touches one place instead of one per field: f64 key; u32 tMs; u32 start of its occurrence in the
 * heap; u16 cueIdx; u16 text bytes; u16 form bytes; u8 level.
 */
const RECORD_BYTES = 24;
const F64_KEY = 0;
const U32_TMS = 2;
const U32_HEAP = 3;
const U16_CUE = 8;
const U16_TEXT = 9;
const U16_FORM = 10;
const U8_LEVEL = 22;

export class PostingSorter {
  readonly #chunk: number;
  readonly #staging: StagingRuns;
  /** Word id of each posting: read in order, apart from the records. */
  readonly #words: Int32Array;
  readonly #f64: Float64Array;
  readonly #u32: Uint32Array;
  readonly #u16: Uint16Array;
  readonly #u8: Uint8Array;
  readonly #heap: Buffer;
  #heapUsed = 0;
  #n = 0;

  constructor(
    stagingPath: string,
    chunkPostings = DEFAULT_CHUNK_POSTINGS,
    heapBytes = DEFAULT_CHUNK_HEAP_BYTES,
  ) {
    this.#chunk = chunkPostings;
    this.#staging = new StagingRuns(stagingPath);
    this.#words = new Int32Array(chunkPostings);
    const records = new ArrayBuffer(chunkPostings * RECORD_BYTES);
    this.#f64 = new Float64Array(records);
    this.#u32 = new Uint32Array(records);
    this.#u16 = new Uint16Array(records);
    this.#u8 = new Uint8Array(records);
    this.#heap = Buffer.allocUnsafe(heapBytes);
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

  /**
   * The chunk's postings by word, each word's newest first: the runs of postings with one key (a clip's)
   * ordered by key, newest first, then a stable counting sort by word.
   */
  #order(): ChunkOrder {
    const n = this.#n;
    const f64 = this.#f64;
    const words = this.#words;
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

  /** Postings `order[from … to)` of the chunk as a list. */
  #listOf(order: Uint32Array, from: number, to: number): PostingList {
    const u16 = this.#u16;
    let heapBytes = 0;
    for (let k = from; k < to; k++) {
      const i = order[k] as number;
      heapBytes += (u16[i * 12 + U16_TEXT] as number) + (u16[i * 12 + U16_FORM] as number);
    }
    const list = emptyList(to - from, heapBytes);
    const f64 = this.#f64;
    const u32 = this.#u32;
    const u8 = this.#u8;
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
      copyBytes(this.#heap, s, s + bytes, list.heap, at);
      at += bytes;
      list.heapAt[j + 1] = at;
    }
    return list;
  }

  /** The chunk's postings grouped by word in that order, each group newest first. */
  *#sortedChunk(): Generator<PostingGroup> {
    if (this.#n === 0) return;
    const { start, order } = this.#order();
    for (let g = 0; g + 1 < start.length; g++) {
      const from = start[g] as number;
      const to = start[g + 1] as number;
      if (from !== to) yield { wordId: g, list: this.#listOf(order, from, to) };
    }
  }

  /** The chunk as one run: each word's postings as an unpacked block (`encodeBlock` without deflate). */
  #spill(): void {
    const n = this.#n;
    if (n === 0) return;
    const { start, order } = this.#order();
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

  close(): void {
    this.#staging.close();
  }
}
