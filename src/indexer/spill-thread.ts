/**
 * A thread that writes the posting sorter's full chunks into its staging file (`posting-sorter.ts`), so the
 * writing thread goes on storing clips, and the parse workers on parsing them, while a run is written.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { type ChunkMemory, type EncodedRun, spillFailed } from "./posting-chunk.js";

/**
 * A chunk to write as one run (`encodeRun`) into the staging file at `path`, from `offset`; `done` says when
 * it is written, or why it could not be (`Chunk` in `posting-chunk.ts`).
 */
export interface SpillJob {
  chunk: ChunkMemory;
  n: number;
  heapBytes: number;
  path: string;
  offset: number;
  done: Int32Array;
}

/** Writes full chunks on another thread; answers with where the run's parts lie. */
export type RunSpiller = (job: SpillJob) => Promise<Pick<EncodedRun, "keys" | "lengths">>;

const WORKER_FILE = new URL("./spill-worker.js", import.meta.url);

export interface SpillThread {
  spill: RunSpiller;
  close(): Promise<void>;
}

interface Reply {
  id: number;
  keys?: Int32Array;
  lengths?: Uint32Array;
  error?: string;
}

type Parts = Pick<EncodedRun, "keys" | "lengths">;

/** The thread, or undefined where its compiled script is missing (running from TypeScript sources). */
export function startSpillThread(): SpillThread | undefined {
  if (!existsSync(fileURLToPath(WORKER_FILE))) return undefined;
  const worker = new Worker(WORKER_FILE);
  const pending = new Map<number, { resolve: (parts: Parts) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let failure: Error | undefined;
  worker.on("message", ({ id, keys, lengths, error }: Reply) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (error !== undefined || keys === undefined || lengths === undefined)
      waiting?.reject(new Error(`posting sorter: writing a run failed: ${error ?? "no parts came back"}`));
    else waiting?.resolve({ keys, lengths });
  });
  worker.on("error", (error) => {
    failure = error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  });
  return {
    spill(job) {
      if (failure) {
        spillFailed(job.done, failure.message);
        return Promise.reject(failure);
      }
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, job });
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}
