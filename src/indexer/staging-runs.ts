/**
 * Sorted runs that the builder's writing thread spills to a scratch SQLite file when a chunk fills its
 * memory, keyed by a list (a word, a token) and numbered in the order they were written, then read back
 * per key in that order. The file is made on the first run and removed by `close`.
 */
import { rmSync } from "node:fs";
import Database from "better-sqlite3";

export class StagingRuns {
  readonly #path: string;
  #db: Database.Database | undefined;
  #insert: Database.Statement | undefined;
  #runs = 0;

  constructor(path: string) {
    this.#path = path;
  }

  /** True once a run has been written. */
  get started(): boolean {
    return this.#db !== undefined;
  }

  /** Writes one run, in one transaction: `write` calls `put` once per key with that key's part. */
  writeRun(write: (put: (key: number, data: Buffer) => void) => void): void {
    if (this.#db === undefined) {
      rmSync(this.#path, { force: true });
      this.#db = new Database(this.#path);
      this.#db.pragma("journal_mode = OFF");
      this.#db.pragma("synchronous = OFF");
      this.#db.exec(
        "CREATE TABLE runs (list_id INTEGER, run INTEGER, data BLOB, PRIMARY KEY (list_id, run)) WITHOUT ROWID",
      );
      this.#insert = this.#db.prepare("INSERT INTO runs (list_id, run, data) VALUES (?, ?, ?)");
    }
    const insert = this.#insert as Database.Statement;
    const run = this.#runs++;
    this.#db.exec("BEGIN");
    write((key, data) => insert.run(key, run, data));
    this.#db.exec("COMMIT");
  }

  /** One key's parts, in the order of their runs (none before the first run). */
  partsOf(): (key: number) => Buffer[] {
    const read = this.#db?.prepare("SELECT data FROM runs WHERE list_id = ? ORDER BY run").pluck();
    return (key) => (read === undefined ? [] : (read.all(key) as Buffer[]));
  }

  /** Every key's parts, keys in order, each key's parts in the order of their runs. */
  all(): Iterable<[number, Buffer]> {
    if (this.#db === undefined) return [];
    return this.#db
      .prepare("SELECT list_id, data FROM runs ORDER BY list_id, run")
      .raw()
      .iterate() as Iterable<[number, Buffer]>;
  }

  /** Closes and removes the file, if any. */
  close(): void {
    if (this.#db?.open) this.#db.close();
    this.#db = undefined;
    rmSync(this.#path, { force: true });
  }
}
