/**
 * The floor under the build: the same caption files read and parsed on the same number of worker
 * threads, in batches of the same size, with nothing else done. Build time over this time says how much
 * the rest of the build (catalogue matching, screening, writing the snapshot) costs.
 */
import { Worker } from "node:worker_threads";
import { type ClipFiles, clipFiles } from "../corpus/clip-files.js";
import { formatCount, type Progress } from "../progress.js";
import { cpuMeter } from "../stats.js";
import type { ParsedCounts } from "./parse-only-worker.js";

export interface ParseOnlyResult extends ParsedCounts {
  threads: number;
  elapsedMs: number;
  /** The process's CPU (user and system, every thread) meanwhile: the workers' parsing, mostly. */
  cpuMs: number;
}

const WORKER_FILE = new URL("./parse-only-worker.js", import.meta.url);
const BATCH_SIZE = 32;

export async function parseOnly(
  corpusDir: string,
  threads: number,
  progress: Progress,
): Promise<ParseOnlyResult> {
  const startedMs = performance.now();
  const cpuMs = cpuMeter();
  const workers = Array.from({ length: Math.max(1, threads) }, () => new Worker(WORKER_FILE));
  const totals: ParsedCounts = { clips: 0, cues: 0, words: 0, failed: 0 };
  const pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  const busy = new Map<Worker, number>(workers.map((w) => [w, 0]));
  let nextId = 0;
  for (const worker of workers) {
    worker.on("message", ({ id, counts }: { id: number; counts: ParsedCounts }) => {
      busy.set(worker, (busy.get(worker) ?? 1) - 1);
      totals.clips += counts.clips;
      totals.cues += counts.cues;
      totals.words += counts.words;
      totals.failed += counts.failed;
      pending.get(id)?.resolve();
      pending.delete(id);
    });
    worker.on("error", (error) => {
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    });
  }
  const inFlight: Promise<void>[] = [];
  const send = (batch: ClipFiles[]): Promise<void> => {
    let chosen = workers[0] as Worker;
    for (const w of workers) if ((busy.get(w) ?? 0) < (busy.get(chosen) ?? 0)) chosen = w;
    busy.set(chosen, (busy.get(chosen) ?? 0) + 1);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      chosen.postMessage({ id, batch });
    });
  };
  try {
    // As the builder: a few batches per thread in flight, the rest waiting.
    const maxInFlight = Math.max(2, workers.length * 3);
    let batch: ClipFiles[] = [];
    for (const clip of clipFiles(corpusDir)) {
      batch.push(clip);
      if (batch.length < BATCH_SIZE) continue;
      inFlight.push(send(batch));
      batch = [];
      if (inFlight.length >= maxInFlight) await inFlight.shift();
      progress.tick("parse", `parse-only: ${formatCount(totals.clips)} clips parsed`);
    }
    if (batch.length > 0) inFlight.push(send(batch));
    await Promise.all(inFlight);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return {
    ...totals,
    threads: workers.length,
    elapsedMs: performance.now() - startedMs,
    cpuMs: cpuMs(),
  };
}
