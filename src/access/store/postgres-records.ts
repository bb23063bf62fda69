/** Copying a PostgreSQL access store: every record out, and records in, idempotently (`wordclip access copy`). */
import type pg from "pg";
import type { AccessRecords } from "./interface.js";
import { UPSERT_PLAN_SQL } from "./postgres-statements.js";
import {
  type AccountRow,
  accountFromRow,
  KEY_COLUMNS,
  type PlanRow,
  planFromRow,
  type StoredKeyRow,
  storedKeyFromRow,
} from "./rows.js";

export async function exportPostgresRecords(
  client: pg.ClientBase,
  periodIds: readonly string[],
): Promise<AccessRecords> {
  // One snapshot for every read: the records agree with each other even while requests are counted.
  await client.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
  const plans = await client.query<PlanRow>(
    "SELECT name, per_minute, per_month, description FROM plans ORDER BY name",
  );
  const accounts = await client.query<AccountRow>(
    "SELECT account_id, name, plan, created_at_ms FROM accounts ORDER BY created_at_ms, seq",
  );
  const keys = await client.query<StoredKeyRow>(
    `SELECT ${KEY_COLUMNS}, k.secret_sha256 FROM keys k ORDER BY k.created_at_ms, k.seq`,
  );
  const usage = await client.query<{ account_id: string; period: string; used: number }>(
    "SELECT account_id, period, used FROM usage WHERE period = ANY($1) ORDER BY period, account_id",
    [[...periodIds]],
  );
  return {
    plans: plans.rows.map(planFromRow),
    accounts: accounts.rows.map(accountFromRow),
    keys: keys.rows.map(storedKeyFromRow),
    usage: usage.rows.map((row) => ({ accountId: row.account_id, periodId: row.period, used: row.used })),
  };
}

export async function importPostgresRecords(
  client: pg.ClientBase,
  records: AccessRecords,
  nowMs: number,
): Promise<void> {
  for (const p of records.plans) {
    await client.query(UPSERT_PLAN_SQL, [p.name, p.perMinute, p.perMonth, p.description, nowMs]);
  }
  for (const a of records.accounts) {
    await client.query(
      `INSERT INTO accounts (account_id, name, plan, created_at_ms) VALUES ($1, $2, $3, $4)
       ON CONFLICT (account_id) DO UPDATE SET name = excluded.name, plan = excluded.plan`,
      [a.id, a.name, a.plan, a.createdAtMs],
    );
  }
  for (const k of records.keys) {
    await client.query(
      `INSERT INTO keys (key_id, account_id, secret_sha256, prefix, name, created_at_ms, disabled_at_ms,
         expires_at_ms, replaced_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (key_id) DO UPDATE SET name = excluded.name, disabled_at_ms = excluded.disabled_at_ms,
         expires_at_ms = excluded.expires_at_ms, replaced_by = excluded.replaced_by`,
      [
        k.id,
        k.accountId,
        k.secretSha256,
        k.prefix,
        k.name,
        k.createdAtMs,
        k.disabledAtMs ?? null,
        k.expiresAtMs ?? null,
        k.replacedBy ?? null,
      ],
    );
  }
  for (const u of records.usage) {
    await client.query(
      `INSERT INTO usage (account_id, period, used) VALUES ($1, $2, $3)
       ON CONFLICT (account_id, period) DO UPDATE SET used = GREATEST(usage.used, excluded.used)`,
      [u.accountId, u.periodId, u.used],
    );
  }
}
