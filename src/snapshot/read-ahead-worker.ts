/**
 * Worker thread of `read-ahead.ts`: reads each named value of a snapshot and transfers its bytes to the
 * opening thread. Any failure is reported as `{ error }`; the opening thread then reads the values itself.
 */
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";

const { path, statements } = workerData as { path: string; statements: Record<string, string> };
try {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  const values: Record<string, Uint8Array | null> = {};
  const transfer: ArrayBuffer[] = [];
  let buildId: unknown;
  try {
    // Which build the values are of: the opening thread may have opened another file at the same path.
    buildId = db.prepare("SELECT value FROM meta WHERE key = 'build_id'").pluck().get();
    for (const [name, sql] of Object.entries(statements)) {
      const value = db.prepare(sql).pluck().get();
      if (!(value instanceof Uint8Array)) {
        values[name] = null;
        continue;
      }
      // A value that shares its memory with others is copied: only a whole buffer can be handed over.
      const own =
        value.byteOffset === 0 && value.byteLength === value.buffer.byteLength
          ? value
          : new Uint8Array(value);
      values[name] = own;
      transfer.push(own.buffer as ArrayBuffer);
    }
  } finally {
    db.close();
  }
  parentPort?.postMessage({ buildId, values }, transfer);
} catch (error) {
  parentPort?.postMessage({ error: (error as Error).message });
}
