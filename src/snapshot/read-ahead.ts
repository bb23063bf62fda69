/**
 * The snapshot's largest values a server holds in memory (the clip columns, the posting directory), read
 * on a worker thread while the opening thread reads the catalogue: at a million clips each takes about a
 * quarter of a second, and a start no longer waits for both one after the other. The worker opens the file
 * read-only, reads each value and hands its bytes over without a copy.
 *
 * Reading ahead is only a head start: when the worker cannot run (no compiled worker script, as under the
 * TypeScript test runner) or fails, `values` is undefined and the snapshot reads the values itself, with
 * the same checks and the same errors.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { CLIP_COLUMNS_VALUE } from "./clip-columns.js";
import { POSTING_DIRECTORY_VALUE } from "./posting-directory.js";

/** The values read ahead, by name, with the statement that reads each (one row, one column). */
export const READ_AHEAD_VALUES = {
  clipColumns: CLIP_COLUMNS_VALUE,
  postingDirectory: POSTING_DIRECTORY_VALUE,
} as const;

export type ReadAheadName = keyof typeof READ_AHEAD_VALUES;
export type ReadAheadValues = Partial<Record<ReadAheadName, Buffer>>;

export interface ReadAhead {
  /** The values read; undefined when the worker could not read them. Never rejects. */
  values: Promise<ReadAheadValues | undefined>;
  /** Stops the worker when the snapshot will not be opened after all. */
  cancel(): void;
}

/** What the worker read: the build the values belong to, and the values (null: the file has none). */
interface ReadAheadMessage {
  buildId: unknown;
  values: Record<string, Uint8Array | null>;
}

const WORKER_FILE = new URL("./read-ahead-worker.js", import.meta.url);

/**
 * Starts reading the values of the snapshot at `path` on a worker thread. They are given only when they
 * are of the build `buildId()` names once they arrive (the build id of the file the caller opened): a file
 * renamed into place between the worker's open and the caller's is another build, and its values are
 * dropped.
 */
export function readAhead(path: string, buildId: () => string): ReadAhead {
  if (!existsSync(fileURLToPath(WORKER_FILE)))
    return { values: Promise.resolve(undefined), cancel: () => {} };
  const worker = new Worker(WORKER_FILE, { workerData: { path, statements: READ_AHEAD_VALUES } });
  const values = new Promise<ReadAheadValues | undefined>((resolve) => {
    worker.once("message", (message: ReadAheadMessage | { error: string }) => {
      if ("error" in message || message.buildId !== buildId()) {
        resolve(undefined);
        return;
      }
      const out: ReadAheadValues = {};
      for (const [name, bytes] of Object.entries(message.values)) {
        if (bytes !== null)
          out[name as ReadAheadName] = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      }
      resolve(out);
    });
    worker.once("error", () => resolve(undefined));
    worker.once("exit", () => resolve(undefined));
  });
  return { values, cancel: () => void worker.terminate() };
}
