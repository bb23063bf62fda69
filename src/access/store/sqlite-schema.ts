/**
 * The SQLite access store's tables and migrations. The schema version lives in `PRAGMA user_version`;
 * opening runs the migrations the file lacks and refuses a file written by a newer wordclip.
 */
import type Database from "better-sqlite3";
import { AccessError } from "../errors.js";
import { DEFAULT_PLANS } from "./plans.js";

export const ACCESS_SCHEMA_VERSION = 1;

type Migration = (db: Database.Database, nowMs: number) => void;

const V1_DDL = `
CREATE TABLE plans (
  name          TEXT PRIMARY KEY,
  per_minute    INTEGER NOT NULL CHECK (per_minute >= 1),
  per_month     INTEGER NOT NULL CHECK (per_month >= 1),
  description   TEXT NOT NULL,
  updated_at_ms INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE accounts (
  account_id    TEXT PRIMARY KEY,
  name          TEXT NOT NULL,
  plan          TEXT NOT NULL REFERENCES plans (name),
  created_at_ms INTEGER NOT NULL
);

-- secret_sha256: lower-case hex SHA-256 of the secret; the secret itself is never stored.
CREATE TABLE keys (
  key_id         TEXT PRIMARY KEY,
  account_id     TEXT NOT NULL REFERENCES accounts (account_id),
  secret_sha256  TEXT NOT NULL UNIQUE,
  prefix         TEXT NOT NULL,
  name           TEXT NOT NULL,
  created_at_ms  INTEGER NOT NULL,
  disabled_at_ms INTEGER,
  expires_at_ms  INTEGER,
  replaced_by    TEXT
);
CREATE INDEX keys_by_account ON keys (account_id, created_at_ms);

-- One counter per account and calendar month (period: 'YYYY-MM', UTC).
CREATE TABLE usage (
  account_id TEXT NOT NULL REFERENCES accounts (account_id),
  period     TEXT NOT NULL,
  used       INTEGER NOT NULL,
  PRIMARY KEY (account_id, period)
) WITHOUT ROWID;
`;

/** MIGRATIONS[v] takes a store from version v to v + 1. */
const MIGRATIONS: readonly Migration[] = [
  (db, nowMs) => {
    db.exec(V1_DDL);
    const insert = db.prepare(
      "INSERT OR IGNORE INTO plans (name, per_minute, per_month, description, updated_at_ms) VALUES (?, ?, ?, ?, ?)",
    );
    for (const plan of DEFAULT_PLANS) {
      insert.run(plan.name, plan.perMinute, plan.perMonth, plan.description, nowMs);
    }
  },
];

/** Brings `db` to ACCESS_SCHEMA_VERSION. */
export function migrateAccessStore(db: Database.Database, file: string, nowMs: number): void {
  const apply = db.transaction(() => {
    // Read inside the write transaction: two processes opening a new file at once migrate it once.
    const version = db.pragma("user_version", { simple: true }) as number;
    if (version > ACCESS_SCHEMA_VERSION) {
      throw new AccessError(
        "store_version",
        `${file} is an access store of schema version ${version}, written by a newer wordclip; this one reads up to version ${ACCESS_SCHEMA_VERSION}: run the newer wordclip, or point WORDCLIP_DATA_DIR at another folder`,
      );
    }
    for (let from = version; from < ACCESS_SCHEMA_VERSION; from++) MIGRATIONS[from]?.(db, nowMs);
    if (version !== ACCESS_SCHEMA_VERSION) db.pragma(`user_version = ${ACCESS_SCHEMA_VERSION}`);
  });
  apply.immediate();
}
