/**
 * Runs source jobs in batches, on worker threads when there are enough clips to be worth it, and hands
 * the results back in submission order, so the writer assigns ids deterministically whatever finishes first.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { type NearSpellingPacker, packNearSpellings } from "../index/catalogue-lookups.js";
import { type JobResult, loadJob } from "./load-job.js";
import { type MergedBlocks, type MergeJob, mergeWords } from "./posting-merge.js";
import type { LanguageIndex } from "./process-clip.js";
import type { SourceJob } from "./sources.js";
import { type EncodedTokens, encodeTokens, type TokenBatch } from "./token-batch.js";
import { hydrateLanguages, type SerializedLanguages } from "./worker-data.js";

export interface JobRunner {
  /** Number of worker threads; 0 when jobs run on the calling thread. */
  readonly threads: number;
  run(jobs: SourceJob[]): Promise<JobResult[]>;
  /** A batch of words' postings merged into blocks (`mergeWords`), on a worker thread when there are any. */
  mergePostings(job: MergeJob): Promise<MergedBlocks>;
  /** A batch of the positional index's tokens as blocks (`encodeTokens`), on a worker when there are any. */
  encodeTokens(batch: TokenBatch): Promise<EncodedTokens>;
  /** A catalogue's near-spelling structures, packed (`packNearSpellings`), on a worker when there are any. */
  packNearSpellings: NearSpellingPacker;
  close(): Promise<void>;
}

export function inlineRunner(languages: ReadonlyMap<string, LanguageIndex>): JobRunner {
  return {
    threads: 0,
    run: async (jobs) => jobs.map((job) => loadJob(job, languages)),
    mergePostings: async (job) => mergeWords(job),
    encodeTokens: async (batch) => encodeTokens(batch),
    packNearSpellings: async (keys, language) => packNearSpellings(keys, language),
    close: async () => {},
  };
}

const WORKER_FILE = new URL("./parse-worker.js", import.meta.url);

/** True when the compiled worker script exists (it does not when running from TypeScript sources). */
export function workersAvailable(): boolean {
  return existsSync(fileURLToPath(WORKER_FILE));
}

interface Pending {
  resolve: (reply: WorkerReply) => void;
  reject: (error: Error) => void;
}

export interface WorkerReply {
  id: number;
  results?: JobResult[];
  merged?: MergedBlocks;
  encodedTokens?: EncodedTokens;
  packed?: Uint8Array;
  error?: string;
}

/**
 * A worker's batch of clips stays alive until it is sent, so each collection of the young generation
 * copies what the batch holds so far: a young generation larger than V8's default is collected less
 * often (the build's peak resident memory grew by about 35 MB, 10,000 clips).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 96 };

export function workerRunner(threads: number, languages: SerializedLanguages): JobRunner {
  const workers = Array.from(
    { length: threads },
    () => new Worker(WORKER_FILE, { workerData: languages, resourceLimits: WORKER_LIMITS }),
  );
  const pending = new Map<number, Pending>();
  const load = new Map<Worker, number>(workers.map((w) => [w, 0]));
  let nextId = 0;
  let failure: Error | undefined;
  for (const worker of workers) {
    worker.on("message", (message: WorkerReply) => {
      load.set(worker, (load.get(worker) ?? 1) - 1);
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.error !== undefined) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message);
    });
    worker.on("error", (error) => {
      failure = error;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    });
  }
  /** The least busy worker, now one batch busier. */
  const choose = (): Worker => {
    let chosen = workers[0] as Worker;
    for (const worker of workers) if ((load.get(worker) ?? 0) < (load.get(chosen) ?? 0)) chosen = worker;
    load.set(chosen, (load.get(chosen) ?? 0) + 1);
    return chosen;
  };
  /** Sends `message` to the least busy worker; its reply's `field`, which a reply to it always has. */
  const ask = <K extends "results" | "merged" | "encodedTokens" | "packed">(
    field: K,
    message: object,
    transfer: ArrayBuffer[] = [],
  ): Promise<NonNullable<WorkerReply[K]>> => {
    if (failure) return Promise.reject(failure);
    const chosen = choose();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, {
        resolve: (reply) => {
          const value = reply[field];
          if (value === undefined) reject(new Error(`build worker: a reply without its ${field}`));
          else resolve(value as NonNullable<WorkerReply[K]>);
        },
        reject,
      });
      chosen.postMessage({ id, ...message }, transfer);
    });
  };
  return {
    threads,
    run: (jobs) => ask("results", { jobs }),
    mergePostings: (job) => ask("merged", { merge: job }),
    // The clips' arrays are shared, and the staged bytes handed over; the rest is copied, as the writer
    // reads the batch's token counts again when the blocks come back.
    encodeTokens: (batch) => ask("encodedTokens", { tokens: batch }, [batch.data.buffer as ArrayBuffer]),
    packNearSpellings: (keys, language) => ask("packed", { nearSpellings: { keys, language } }),
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

export function hydratedInline(languages: SerializedLanguages): JobRunner {
  return inlineRunner(hydrateLanguages(languages));
}
