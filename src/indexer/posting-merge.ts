/**
 * The end of a build's postings: a run of words, each one's staged runs (`staging-runs.ts`) read back from
 * the staging file and merged, cut into the snapshot's blocks (`snapshot/posting-block.ts`) with their heaps
 * deflated, and each block's entry of the posting directory counted. A batch of words is one job, done on a
 * worker thread while the writing thread writes the blocks of the batch before it.
 */
import { closeSync, openSync, readSync } from "node:fs";
import {
  BLOCK_POSTINGS,
  blockParts,
  decodeList,
  deflateHeap,
  mergeLists,
  type PostingList,
} from "../snapshot/posting-block.js";
import { DIRECTORY_LEVELS } from "../snapshot/posting-directory.js";
import { packHeaps } from "./packed.js";
import { chunkViews, type SharedChunk, wordList } from "./posting-chunk.js";
import type { StagedLayout } from "./staging-runs.js";

/**
 * Words `wordIds` (ascending), where their staged parts lie in the staging file at `path` (word i's are
 * parts `partFrom[i] … partFrom[i + 1]`, in the order of their runs, each `lengths[p]` bytes at
 * `offsets[p]`), and the sorter's last chunk, in shared memory.
 */
export interface MergeJob {
  path: string;
  wordIds: Int32Array;
  partFrom: Int32Array;
  offsets: Float64Array;
  lengths: Uint32Array;
  /** The postings not spilled, newer than every staged run's. */
  chunk: SharedChunk | undefined;
}

/**
 * The job's words as blocks, in order: how many blocks each word has, and per block its oldest key, its
 * postings by level (DIRECTORY_LEVELS numbers a block) and its bytes as the postings table stores them.
 */
export interface MergedBlocks {
  blocks: Int32Array;
  minKeys: Float64Array;
  levelCounts: Uint8Array;
  data: Uint8Array;
  ends: Uint32Array;
}

/** Merges a job's words (elsewhere: on worker threads). */
export type PostingMerger = (job: MergeJob) => Promise<MergedBlocks>;

/** The job's parts read from the staging file, each a view of one buffer. */
function readParts(job: MergeJob): Buffer[] {
  const parts = job.lengths.length;
  let bytes = 0;
  for (let p = 0; p < parts; p++) bytes += job.lengths[p] as number;
  const all = Buffer.allocUnsafe(bytes);
  const out: Buffer[] = new Array(parts);
  if (parts === 0) return [];
  const fd = openSync(job.path, "r");
  try {
    let at = 0;
    for (let p = 0; p < parts; p++) {
      const length = job.lengths[p] as number;
      let read = 0;
      while (read < length) {
        const got = readSync(fd, all, at + read, length - read, (job.offsets[p] as number) + read);
        if (got === 0) throw new Error("posting merge: the staging file ends early");
        read += got;
      }
      out[p] = all.subarray(at, at + length);
      at += length;
    }
  } finally {
    closeSync(fd);
  }
  return out;
}

export function mergeWords(job: MergeJob): MergedBlocks {
  const parts = readParts(job);
  const chunk = job.chunk;
  const views = chunk && chunkViews(chunk);
  const words = job.wordIds.length;
  const blocks = new Int32Array(words);
  const minKeys: number[] = [];
  const counts: number[] = [];
  const encoded: Uint8Array[] = [];
  for (let w = 0; w < words; w++) {
    const lists: PostingList[] = [];
    for (let p = job.partFrom[w] as number; p < (job.partFrom[w + 1] as number); p++)
      lists.push(decodeList(parts[p] as Buffer));
    const newest = chunk && views && wordList(views, chunk, job.wordIds[w] as number);
    if (newest !== undefined) lists.push(newest);
    const list = mergeLists(lists);
    const n = list.keys.length;
    for (let start = 0; start < n; start += BLOCK_POSTINGS) {
      const end = Math.min(n, start + BLOCK_POSTINGS);
      const { fixed, heap } = blockParts(list, start, end, true);
      encoded.push(Buffer.concat([fixed, deflateHeap(heap)]));
      minKeys.push(list.keys[end - 1] as number);
      const at = counts.length;
      for (let level = 0; level < DIRECTORY_LEVELS; level++) counts.push(0);
      for (let i = start; i < end; i++) {
        const level = at + (list.level[i] as number);
        counts[level] = (counts[level] as number) + 1;
      }
      blocks[w] = (blocks[w] as number) + 1;
    }
  }
  const { data, ends } = packHeaps(encoded);
  return {
    blocks,
    minKeys: Float64Array.from(minKeys),
    levelCounts: Uint8Array.from(counts),
    data,
    ends,
  };
}

/** What a posting of the chunk is reckoned at when merge jobs are cut: its fixed bytes and a short cue. */
const CHUNK_BYTES_A_POSTING = 100;

/**
 * Every word's postings as jobs for `mergeWords`, each a run of words, in word order, of about `jobBytes`
 * of postings: their staged parts (`layout`, ordered by word, then run, in the staging file at `path`) and
 * the sorter's last chunk (not spilled: shared, ordered by word).
 */
export function* cutMergeJobs(
  path: string,
  { keys, offsets, lengths }: StagedLayout,
  chunk: SharedChunk | undefined,
  jobBytes: number,
): Generator<MergeJob> {
  const start = chunk?.start ?? new Int32Array(1);
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
