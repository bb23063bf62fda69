/**
 * Collects postings in arrival (clip) order and gives them back grouped by word, newest first, in bounded
 * memory: a full chunk is sorted (counting sort by word, then by key) and written to a staging file as one
 * run per word; at the end the runs of each word are merged. Each posting carries its occurrence bytes
 * (see `posting-block.ts`), held in one heap per chunk.
 */
import {
  copyPosting,
  decodeList,
  emptyList,
  encodeBlock,
  type PostingList,
} from "../snapshot/posting-block.js";
import { StagingRuns } from "./staging-runs.js";

export interface PostingGroup {
  wordId: number;
  list: PostingList;
}

/** About 25 bytes a posting while collecting, besides the occurrence heap: two million is 50 MB. */
const DEFAULT_CHUNK_POSTINGS = 2_000_000;
/** The occurrence heap of a chunk: a chunk is spilled when either is full. */
const DEFAULT_CHUNK_HEAP_BYTES = 64 * 1024 * 1024;

export class PostingSorter {
  readonly #chunk: number;
  readonly #staging: StagingRuns;
  #words: Int32Array;
  #levels: Uint8Array;
  #keys: Float64Array;
  #tMs: Uint32Array;
  #cues: Uint16Array;
  #textBytes: Uint16Array;
  #heapAt: Uint32Array;
  #heap: Buffer;
  #n = 0;

  constructor(
    stagingPath: string,
    chunkPostings = DEFAULT_CHUNK_POSTINGS,
    heapBytes = DEFAULT_CHUNK_HEAP_BYTES,
  ) {
    this.#chunk = chunkPostings;
    this.#staging = new StagingRuns(stagingPath);
    this.#words = new Int32Array(chunkPostings);
    this.#levels = new Uint8Array(chunkPostings);
    this.#keys = new Float64Array(chunkPostings);
    this.#tMs = new Uint32Array(chunkPostings);
    this.#cues = new Uint16Array(chunkPostings);
    this.#textBytes = new Uint16Array(chunkPostings);
    this.#heapAt = new Uint32Array(chunkPostings + 1);
    this.#heap = Buffer.allocUnsafe(heapBytes);
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
    if (this.#n === this.#chunk || (this.#heapAt[this.#n] as number) + bytes > this.#heap.length)
      this.#spill();
    const i = this.#n++;
    this.#words[i] = wordId;
    this.#levels[i] = level;
    this.#keys[i] = key;
    this.#tMs[i] = tMs;
    this.#cues[i] = cueIdx;
    this.#textBytes[i] = textBytes;
    const at = this.#heapAt[i] as number;
    this.#heap.set(occurrence.subarray(from, from + bytes), at);
    this.#heapAt[i + 1] = at + bytes;
  }

  /** The chunk's postings grouped by word in that order, each group newest first. */
  *#sortedChunk(): Generator<PostingGroup> {
    const n = this.#n;
    if (n === 0) return;
    let maxWord = 0;
    for (let i = 0; i < n; i++) if ((this.#words[i] as number) > maxWord) maxWord = this.#words[i] as number;
    const groups = maxWord + 1;
    const start = new Int32Array(groups + 1);
    for (let i = 0; i < n; i++) {
      const g = this.#words[i] as number;
      start[g + 1] = (start[g + 1] as number) + 1;
    }
    for (let g = 0; g < groups; g++) start[g + 1] = (start[g + 1] as number) + (start[g] as number);
    const order = new Uint32Array(n);
    const fill = start.slice(0, groups);
    for (let i = 0; i < n; i++) {
      const g = this.#words[i] as number;
      order[fill[g] as number] = i;
      fill[g] = (fill[g] as number) + 1;
    }
    const chunk: PostingList = {
      keys: this.#keys,
      tMs: this.#tMs,
      cueIdx: this.#cues,
      level: this.#levels,
      textBytes: this.#textBytes,
      heapAt: this.#heapAt,
      heap: this.#heap,
    };
    for (let g = 0; g < groups; g++) {
      const from = start[g] as number;
      const to = start[g + 1] as number;
      if (from === to) continue;
      const members = order
        .subarray(from, to)
        .sort((a, b) => (this.#keys[b] as number) - (this.#keys[a] as number));
      let heapBytes = 0;
      for (const i of members) heapBytes += (this.#heapAt[i + 1] as number) - (this.#heapAt[i] as number);
      const list = emptyList(members.length, heapBytes);
      members.forEach((i, j) => {
        copyPosting(chunk, i, list, j);
      });
      yield { wordId: g, list };
    }
  }

  #spill(): void {
    this.#staging.writeRun((put) => {
      for (const { wordId, list } of this.#sortedChunk())
        put(wordId, encodeBlock(list, 0, list.keys.length, false));
    });
    this.#n = 0;
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
    parts.forEach((p, r) => {
      const i = at[r] as number;
      if (i < p.keys.length && (p.keys[i] as number) > bestKey) {
        best = r;
        bestKey = p.keys[i] as number;
      }
    });
    copyPosting(parts[best] as PostingList, at[best] as number, list, j);
    at[best] = (at[best] as number) + 1;
  }
  return list;
}
