/**
 * Collects postings in arrival (clip) order and gives them back grouped by word, newest first, in bounded
 * memory: a full chunk is sorted (its clips by key, then a stable counting sort by word) and written to a
 * staging file as one run per word; at the end the runs of each word are merged. Each posting carries its
 * occurrence bytes (see `posting-block.ts`), held in one heap per chunk.
 *
 * With a `RunSpiller` (another thread), a full chunk is written there while this thread fills a second
 * chunk, so the clips keep coming while a run is written; without one, here.
 */
import { copyBytes, decodeList, mergeLists, type PostingList } from "../snapshot/posting-block.js";
import {
  awaitWritten,
  type Chunk,
  chunkList,
  encodeRun,
  F64_KEY,
  makeChunk,
  orderChunk,
  RECORD_BYTES,
  runBytesBound,
  type SharedChunk,
  U8_LEVEL,
  U16_CUE,
  U16_FORM,
  U16_TEXT,
  U32_HEAP,
  U32_TMS,
} from "./posting-chunk.js";
import { cutMergeJobs, type MergeJob } from "./posting-merge.js";
import type { RunSpiller } from "./spill-thread.js";
import { StagingRuns } from "./staging-runs.js";

export interface PostingGroup {
  wordId: number;
  list: PostingList;
}

/** 28 bytes a posting while collecting, besides the occurrence heap: two million is 56 MB. */
const DEFAULT_CHUNK_POSTINGS = 2_000_000;
/** The occurrence heap of a chunk: a chunk is spilled when either is full. */
const DEFAULT_CHUNK_HEAP_BYTES = 64 * 1024 * 1024;

export class PostingSorter {
  readonly #chunk: number;
  readonly #heapBytes: number;
  readonly #staging: StagingRuns;
  readonly #spiller: RunSpiller | undefined;
  #current: Chunk;
  /** The chunk last handed to the spiller (made on the first spill there). */
  #spare: Chunk | undefined;
  /** Runs written elsewhere, each settled once its parts are registered. */
  readonly #spills: Array<Promise<void>> = [];
  #unsettled = 0;
  /** Word id of each posting: read in order, apart from the records. */
  #words: Int32Array;
  #f64: Float64Array;
  #u32: Uint32Array;
  #u16: Uint16Array;
  #u8: Uint8Array;
  #heap: Uint8Array;
  #heapUsed = 0;
  #n = 0;

  constructor(
    stagingPath: string,
    chunkPostings = DEFAULT_CHUNK_POSTINGS,
    heapBytes = DEFAULT_CHUNK_HEAP_BYTES,
    spiller?: RunSpiller,
  ) {
    this.#chunk = chunkPostings;
    this.#heapBytes = heapBytes;
    this.#staging = new StagingRuns(stagingPath);
    this.#spiller = spiller;
    this.#current = makeChunk(chunkPostings, heapBytes);
    ({
      words: this.#words,
      f64: this.#f64,
      u32: this.#u32,
      u16: this.#u16,
      u8: this.#u8,
    } = this.#current.views);
    this.#heap = this.#current.memory.heap;
  }

  #use(chunk: Chunk): void {
    this.#current = chunk;
    ({ words: this.#words, f64: this.#f64, u32: this.#u32, u16: this.#u16, u8: this.#u8 } = chunk.views);
    this.#heap = chunk.memory.heap;
    this.#n = 0;
    this.#heapUsed = 0;
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
    const { start, order } = orderChunk(this.#current.views, this.#n);
    for (let g = 0; g + 1 < start.length; g++) {
      const from = start[g] as number;
      const to = start[g + 1] as number;
      if (from !== to) yield { wordId: g, list: chunkList(this.#current.views, order, from, to) };
    }
  }

  /**
   * The chunk as one run: each word's postings as an unpacked block (`encodeBlock` without deflate). With a
   * spiller (unless `here`), the chunk is handed over and the other chunk filled meanwhile (waiting first,
   * should its own spill not be written yet).
   */
  #spill(here = false): void {
    const n = this.#n;
    if (n === 0) return;
    if (this.#spiller === undefined || here) {
      const { data, keys, lengths } = encodeRun(this.#current.views, n, this.#heapUsed);
      this.#staging.writeParts(data, keys, lengths);
      this.#n = 0;
      this.#heapUsed = 0;
      return;
    }
    const next = this.#spare ?? makeChunk(this.#chunk, this.#heapBytes);
    awaitWritten(next.done, this.#staging.path);
    const full = this.#current;
    const { run, offset } = this.#staging.reserve(runBytesBound(n, this.#heapUsed));
    Atomics.store(full.done, 0, 0);
    this.#unsettled++;
    const job = {
      chunk: full.memory,
      n,
      heapBytes: this.#heapUsed,
      path: this.#staging.path,
      offset,
      done: full.done,
    };
    this.#spills.push(
      this.#spiller(job).then(({ keys, lengths }) => {
        this.#staging.addParts(run, offset, keys, lengths);
        this.#unsettled--;
      }),
    );
    // Observed by `settle`; a failure also shows in `done`, which the next spill waits on.
    this.#spills[this.#spills.length - 1]?.catch(() => {});
    this.#spare = full;
    this.#use(next);
  }

  /** Waits until every run handed to the spiller is written and its parts registered; rejects if one failed. */
  async settle(): Promise<void> {
    await Promise.all(this.#spills);
  }

  #requireSettled(): void {
    if (this.#unsettled > 0)
      throw new Error("posting sorter: a run is still being written elsewhere; settle() first");
  }

  /** Every group, in word order, newest first; the sorter is spent afterwards. */
  *groups(): Generator<PostingGroup> {
    this.#requireSettled();
    if (!this.#staging.started) {
      yield* this.#sortedChunk();
      return;
    }
    if (this.#n > 0) this.#spill(true);
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
    this.#requireSettled();
    const chunk = this.#n === 0 ? undefined : this.#sharedChunk();
    yield* cutMergeJobs(this.#staging.path, this.#staging.layout(), chunk, jobBytes);
  }

  /** The chunk with its order by word, all in shared memory. */
  #sharedChunk(): SharedChunk {
    const { start, order } = orderChunk(this.#current.views, this.#n);
    const shared = <T extends Int32Array | Uint32Array>(
      array: T,
      make: (buffer: SharedArrayBuffer) => T,
    ): T => {
      const copy = make(new SharedArrayBuffer(Math.max(4, array.byteLength)));
      copy.set(array as never);
      return copy;
    };
    return {
      ...this.#current.memory,
      start: shared(start, (b) => new Int32Array(b, 0, start.length)),
      order: shared(order, (b) => new Uint32Array(b, 0, order.length)),
    };
  }

  close(): void {
    this.#staging.close();
  }
}
