/** Opens a snapshot file read-only and refuses anything that is not a snapshot of this schema version. */
import { existsSync } from "node:fs";
import Database from "better-sqlite3";
import { SNAPSHOT_SCHEMA_VERSION, SnapshotError } from "./schema.js";

export function openSnapshotFile(path: string): Database.Database {
  if (!existsSync(path)) throw new SnapshotError(`no snapshot at ${path}; build one with "wordclip build"`);
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    // A snapshot never changes once written (a build writes a new file and renames it into place), so the
    // connection takes its shared lock on the first read and keeps it. Otherwise every statement takes and
    // releases the file lock and looks for a hot journal and a changed file: about eight system calls a
    // statement, which cost more than reading a clip's row from the page cache.
    db.pragma("locking_mode = EXCLUSIVE");
    const version = db.pragma("user_version", { simple: true }) as number;
    if (version !== SNAPSHOT_SCHEMA_VERSION) {
      db.close();
      throw new SnapshotError(
        version === 0
          ? `${path} is not a wordclip snapshot (no schema version)`
          : `${path} has snapshot schema version ${version}; this wordclip reads version ${SNAPSHOT_SCHEMA_VERSION}. Rebuild it with this version's "wordclip build".`,
      );
    }
  } catch (error) {
    if (error instanceof SnapshotError) throw error;
    throw new SnapshotError(`${path} cannot be opened as a snapshot: ${(error as Error).message}`);
  }
  return db;
}
