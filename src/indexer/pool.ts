/**
 * Runs source jobs in batches, on worker threads when there are enough clips to be worth it, and hands
 * the results back in submission order, so the writer assigns ids deterministically whatever finishes first.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { type JobResult, loadJob } from "./load-job.js";
import type { LanguageIndex } from "./process-clip.js";
import type { SourceJob } from "./sources.js";
import { hydrateLanguages, type SerializedLanguages } from "./worker-data.js";

export interface JobRunner {
  /** Number of worker threads; 0 when jobs run on the calling thread. */
  readonly threads: number;
  run(jobs: SourceJob[]): Promise<JobResult[]>;
  close(): Promise<void>;
}

export function inlineRunner(languages: ReadonlyMap<string, LanguageIndex>): JobRunner {
  return {
    threads: 0,
    run: async (jobs) => jobs.map((job) => loadJob(job, languages)),
    close: async () => {},
  };
}

const WORKER_FILE = new URL("./parse-worker.js", import.meta.url);

/** True when the compiled worker script exists (it does not when running from TypeScript sources). */
export function workersAvailable(): boolean {
  return existsSync(fileURLToPath(WORKER_FILE));
}

interface Pending {
  resolve: (results: JobResult[]) => void;
  reject: (error: Error) => void;
}

export function workerRunner(threads: number, languages: SerializedLanguages): JobRunner {
  const workers = Array.from({ length: threads }, () => new Worker(WORKER_FILE, { workerData: languages }));
  const pending = new Map<number, Pending>();
  const load = new Map<Worker, number>(workers.map((w) => [w, 0]));
  let nextId = 0;
  let failure: Error | undefined;
  for (const worker of workers) {
    worker.on("message", (message: { id: number; results?: JobResult[]; error?: string }) => {
      load.set(worker, (load.get(worker) ?? 1) - 1);
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.error !== undefined) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.results ?? []);
    });
    worker.on("error", (error) => {
      failure = error;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    });
  }
  return {
    threads,
    run(jobs) {
      if (failure) return Promise.reject(failure);
      // The least busy worker takes the batch.
      let chosen = workers[0] as Worker;
      for (const worker of workers) if ((load.get(worker) ?? 0) < (load.get(chosen) ?? 0)) chosen = worker;
      load.set(chosen, (load.get(chosen) ?? 0) + 1);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        chosen.postMessage({ id, jobs });
      });
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

export function hydratedInline(languages: SerializedLanguages): JobRunner {
  return inlineRunner(hydrateLanguages(languages));
}
