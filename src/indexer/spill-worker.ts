/** Spill thread entry (`spill-thread.ts`): writes a full chunk of the posting sorter as one run. */
import { closeSync, openSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import { chunkViews, encodeRun, spillFailed, spillWritten } from "./posting-chunk.js";
import type { SpillJob } from "./spill-thread.js";
import { writeAt } from "./staging-runs.js";

/**
 * The last run's buffer, written over by the next: a fresh buffer of about 100 MB a run pays the first
 * touch of each of its pages again (a page fault each: 13 µs a page, a third of a second a run, on the
 * virtual machine of BENCHMARKS.md's build rows).
 */
let scratch = Buffer.alloc(0);

/** Runs differ in size by a few percent: room for a quarter more, so a slightly larger run fits too. */
function runBuffer(bytes: number): Buffer {
  if (scratch.length < bytes) scratch = Buffer.allocUnsafe(Math.ceil(bytes * 1.25));
  return scratch.subarray(0, bytes);
}

parentPort?.on("message", ({ id, job }: { id: number; job: SpillJob }) => {
  try {
    const { data, keys, lengths } = encodeRun(chunkViews(job.chunk), job.n, job.heapBytes, runBuffer);
    const fd = openSync(job.path, "r+");
    try {
      writeAt(fd, data, job.offset);
    } finally {
      closeSync(fd);
    }
    spillWritten(job.done);
    parentPort?.postMessage({ id, keys, lengths }, [
      keys.buffer as ArrayBuffer,
      lengths.buffer as ArrayBuffer,
    ]);
  } catch (error) {
    spillFailed(job.done, (error as Error).message ?? String(error));
    parentPort?.postMessage({ id, error: (error as Error).stack ?? String(error) });
  }
});
