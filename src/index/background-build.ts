/**
 * A catalogue's near-spelling structures and autocomplete lists built in a worker thread while the server
 * starts: the second core builds them (over a second for the full English catalogue) while the main thread
 * opens the rest of the snapshot and the HTTP app, and only adopts the finished arrays. A lookup that comes
 * first builds them itself, and a worker that fails leaves them to be built that way: answers never depend
 * on it.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { CatalogueWorkerData, CatalogueWorkerReply } from "./catalogue-worker.js";
import type { FuzzyIndex } from "./fuzzy.js";
import type { WordSearch } from "./word-search.js";

const WORKER_FILE = new URL("./catalogue-worker.js", import.meta.url);

/** True when the compiled worker script exists (it does not when running from TypeScript sources). */
export function backgroundBuildAvailable(): boolean {
  return existsSync(fileURLToPath(WORKER_FILE));
}

export interface BackgroundBuild {
  /**
   * Settles when the worker is done: undefined once its parts are adopted (or everything was built
   * already), else why not (what is missing is then built on first use). Never rejects.
   */
  done: Promise<string | undefined>;
  /** Stops the worker (the snapshot is closing). */
  cancel(): void;
}

export function buildInBackground(fuzzy: FuzzyIndex, search: WordSearch): BackgroundBuild {
  if (fuzzy.built && search.built) return { done: Promise.resolve(undefined), cancel() {} };
  if (!backgroundBuildAvailable()) {
    return { done: Promise.resolve("the worker script is not compiled"), cancel() {} };
  }
  const data: CatalogueWorkerData = {
    spellings: [...fuzzy.keys],
    language: fuzzy.language,
    normsByCoverage: search.normsByCoverage(),
  };
  const worker = new Worker(WORKER_FILE, { workerData: data });
  // A process that only opened a snapshot is not kept alive by its worker.
  worker.unref();
  const done = new Promise<string | undefined>((resolve) => {
    let settled = false;
    const finish = (problem: string | undefined): void => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      resolve(problem);
    };
    worker.once("message", (reply: CatalogueWorkerReply) => {
      try {
        fuzzy.adopt(reply.fuzzy);
        search.adopt(reply.search);
        finish(undefined);
      } catch (error) {
        finish((error as Error).message);
      }
    });
    worker.once("error", (error) => finish(`the worker failed: ${error.message}`));
    worker.once("exit", (code) => finish(`the worker stopped (exit code ${code}) before it was done`));
  });
  return { done, cancel: () => void worker.terminate() };
}
