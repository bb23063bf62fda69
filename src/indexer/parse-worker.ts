/** Worker thread entry: parses and indexes batches of clip jobs with the catalogue it was started with. */
import { parentPort, workerData } from "node:worker_threads";
import { packNearSpellings } from "../index/catalogue-lookups.js";
import { type JobResult, loadJob } from "./load-job.js";
import { type MergeJob, mergeWords } from "./posting-merge.js";
import type { ProcessedClip } from "./process-clip.js";
import type { SourceJob } from "./sources.js";
import { encodeTokens, type TokenBatch } from "./token-batch.js";
import { hydrateLanguages, type SerializedLanguages } from "./worker-data.js";

const languages = hydrateLanguages(workerData as SerializedLanguages);

type Packable = Uint8Array | Uint16Array | Uint32Array | Int32Array;

/**
 * Moves every array of the batch's clips into one buffer (each array replaced by a view of the same type
 * there) and returns that buffer, to be transferred.
 */
function packArrays(results: JobResult[]): ArrayBuffer[] {
  const clips = results.flatMap((result) => (result.ok ? [result.clip] : []));
  const arraysOf = (clip: ProcessedClip): Packable[] => [
    clip.transcript,
    clip.postings,
    clip.occurrences,
    clip.occurrenceBytes,
    clip.tokens.ids,
    clip.tokens.counts,
    clip.tokens.ends,
    clip.tokens.positions,
  ];
  let bytes = 0;
  for (const clip of clips) for (const array of arraysOf(clip)) bytes += (array.byteLength + 7) & ~7;
  if (bytes === 0) return [];
  const buffer = new ArrayBuffer(bytes);
  let at = 0;
  const place = <T extends Packable>(
    array: T,
    make: (buffer: ArrayBuffer, at: number, length: number) => T,
  ): T => {
    const view = make(buffer, at, array.length);
    view.set(array as never);
    at += (array.byteLength + 7) & ~7;
    return view;
  };
  for (const clip of clips) {
    clip.transcript = place(clip.transcript, (b, o, n) => new Uint8Array(b, o, n));
    clip.postings = place(clip.postings, (b, o, n) => new Int32Array(b, o, n));
    clip.occurrences = place(clip.occurrences, (b, o, n) => new Uint8Array(b, o, n));
    clip.occurrenceBytes = place(clip.occurrenceBytes, (b, o, n) => new Uint16Array(b, o, n));
    const tokens = clip.tokens;
    tokens.ids = place(tokens.ids, (b, o, n) => new Uint32Array(b, o, n));
    tokens.counts = place(tokens.counts, (b, o, n) => new Uint32Array(b, o, n));
    tokens.ends = place(tokens.ends, (b, o, n) => new Uint32Array(b, o, n));
    tokens.positions = place(tokens.positions, (b, o, n) => new Uint8Array(b, o, n));
  }
  return [buffer];
}

/** Answers message `id` with what `work` makes and the buffers it hands over, or with the error it threw. */
function answer(id: number, work: () => { reply: object; transfer: ArrayBuffer[] }): void {
  try {
    const { reply, transfer } = work();
    parentPort?.postMessage({ id, ...reply }, transfer);
  } catch (error) {
    parentPort?.postMessage({ id, error: (error as Error).stack ?? String(error) });
  }
}

parentPort?.on(
  "message",
  ({
    id,
    jobs,
    merge,
    tokens,
    nearSpellings,
  }: {
    id: number;
    jobs?: SourceJob[];
    merge?: MergeJob;
    tokens?: TokenBatch;
    nearSpellings?: { keys: string[]; language: string };
  }) => {
    if (nearSpellings !== undefined) {
      answer(id, () => {
        const bytes = packNearSpellings(nearSpellings.keys, nearSpellings.language);
        // Handed over whole: copied first when it is a view of memory it shares (Buffer's pool).
        const packed = bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
        return { reply: { packed }, transfer: [packed.buffer as ArrayBuffer] };
      });
      return;
    }
    if (tokens !== undefined) {
      answer(id, () => {
        const encodedTokens = encodeTokens(tokens);
        const { blocks, minKeys, data, ends } = encodedTokens;
        return {
          reply: { encodedTokens },
          transfer: [blocks.buffer, minKeys.buffer, data.buffer, ends.buffer] as ArrayBuffer[],
        };
      });
      return;
    }
    if (merge !== undefined) {
      answer(id, () => {
        const merged = mergeWords(merge);
        const { blocks, minKeys, levelCounts, data, ends } = merged;
        return {
          reply: { merged },
          transfer: [
            blocks.buffer,
            minKeys.buffer,
            levelCounts.buffer,
            data.buffer,
            ends.buffer,
          ] as ArrayBuffer[],
        };
      });
      return;
    }
    answer(id, () => {
      const results = (jobs ?? []).map((job) => loadJob(job, languages));
      // Hand the clips' arrays over instead of copying them: gathered into one buffer for the batch,
      // as handing over hundreds of small buffers costs more than copying them once.
      return { reply: { results }, transfer: packArrays(results) };
    });
  },
);
