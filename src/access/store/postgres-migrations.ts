/**
 * The PostgreSQL access store's schema as versioned migrations. `migratePostgres` applies the ones a
 * database lacks in one transaction under an advisory lock, so nodes starting together migrate it once;
 * a database migrated by a newer wordclip is refused, never misread.
 */
import type pg from "pg";
import { AccessError } from "../errors.js";
import { DEFAULT_PLANS } from "./plans.js";

export interface PostgresMigration {
  version: number;
  description: string;
  sql: string;
}

/**
 * Times are integer milliseconds since the epoch, as in the SQLite store. `seq` orders rows created in the
 * same millisecond. `usage.last_reserved` is what the last reservation granted: it lets one
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING` both grant a lease and say how much it granted.
 */
export const POSTGRES_MIGRATIONS: readonly PostgresMigration[] = [
  {
    version: 1,
    description: "plans, accounts, keys and usage",
    sql: `
CREATE TABLE plans (
  name          TEXT PRIMARY KEY,
  per_minute    BIGINT NOT NULL CHECK (per_minute >= 1),
  per_month     BIGINT NOT NULL CHECK (per_month >= 1),
  description   TEXT NOT NULL,
  updated_at_ms BIGINT NOT NULL
);

CREATE TABLE accounts (
  account_id    TEXT PRIMARY KEY,
  seq           BIGINT GENERATED ALWAYS AS IDENTITY,
  name          TEXT NOT NULL,
  plan          TEXT NOT NULL REFERENCES plans (name),
  created_at_ms BIGINT NOT NULL
);

-- secret_sha256: lower-case hex SHA-256 of the secret; the secret itself is never stored.
CREATE TABLE keys (
  key_id         TEXT PRIMARY KEY,
  seq            BIGINT GENERATED ALWAYS AS IDENTITY,
  account_id     TEXT NOT NULL REFERENCES accounts (account_id),
  secret_sha256  TEXT NOT NULL UNIQUE,
  prefix         TEXT NOT NULL,
  name           TEXT NOT NULL,
  created_at_ms  BIGINT NOT NULL,
  disabled_at_ms BIGINT,
  expires_at_ms  BIGINT,
  replaced_by    TEXT
);
CREATE INDEX keys_by_account ON keys (account_id, created_at_ms, seq);

-- One counter per account and calendar month (period: 'YYYY-MM', UTC).
CREATE TABLE usage (
  account_id    TEXT NOT NULL REFERENCES accounts (account_id),
  period        TEXT NOT NULL,
  used          BIGINT NOT NULL CHECK (used >= 0),
  last_reserved BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, period)
);
`,
  },
];

export const POSTGRES_SCHEMA_VERSION = POSTGRES_MIGRATIONS.length;

/** The advisory lock every migration takes: the same number on every node (an arbitrary constant). */
export const MIGRATION_LOCK = 0x77_63_6d_69; // "wcmi"

/**
 * Waiting for another node's migration may take longer than a request's statement timeout: both the
 * server's limit (`statement_timeout`) and the client's wait for a reply (the pool's `query_timeout`, a
 * second past the statement timeout) are raised to this for the migration's statements.
 */
const MIGRATION_TIMEOUT_S = 60;

type Query = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

/** `client.query` waiting for a reply as long as a migration may take. */
function migrationQuery(client: pg.ClientBase): Query {
  return (text, values) => {
    const config: pg.QueryConfig & { query_timeout: number } = {
      text,
      ...(values === undefined ? {} : { values }),
      query_timeout: (MIGRATION_TIMEOUT_S + 1) * 1_000,
    };
    return client.query(config);
  };
}

export interface MigrationOutcome {
  /** The schema version found, 0 for an empty database. */
  from: number;
  to: number;
}

/**
 * Brings the database to POSTGRES_SCHEMA_VERSION. `where` names the database in messages (without its
 * password). Throws `store_version` for a database of a newer schema.
 */
export async function migratePostgres(client: pg.ClientBase, where: string, nowMs: number) {
  const query = migrationQuery(client);
  await query("BEGIN");
  try {
    await query(`SET LOCAL statement_timeout = '${MIGRATION_TIMEOUT_S}s'`);
    await query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await query(`CREATE TABLE IF NOT EXISTS wordclip_schema (
      version     INTEGER PRIMARY KEY,
      description TEXT NOT NULL,
      applied_at  TIMESTAMPTZ NOT NULL DEFAULT now()
    )`);
    const { rows } = await query("SELECT max(version) AS version FROM wordclip_schema");
    const from = (rows[0] as { version: number | null } | undefined)?.version ?? 0;
    if (from > POSTGRES_SCHEMA_VERSION) {
      throw new AccessError(
        "store_version",
        `${where} holds an access store of schema version ${from}, written by a newer wordclip; this one reads up to version ${POSTGRES_SCHEMA_VERSION}: run the newer wordclip, or set WORDCLIP_DATABASE_URL to another database`,
      );
    }
    for (const migration of POSTGRES_MIGRATIONS) {
      if (migration.version <= from) continue;
      await query(migration.sql);
      if (migration.version === 1) await seedPlans(query, nowMs);
      await query("INSERT INTO wordclip_schema (version, description) VALUES ($1, $2)", [
        migration.version,
        migration.description,
      ]);
    }
    await query("COMMIT");
    return { from, to: POSTGRES_SCHEMA_VERSION } satisfies MigrationOutcome;
  } catch (error) {
    await query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}

async function seedPlans(query: Query, nowMs: number): Promise<void> {
  for (const plan of DEFAULT_PLANS) {
    await query(
      `INSERT INTO plans (name, per_minute, per_month, description, updated_at_ms)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name) DO NOTHING`,
      [plan.name, plan.perMinute, plan.perMonth, plan.description, nowMs],
    );
  }
}
