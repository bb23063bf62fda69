/** Copying a SQLite access store: every record out, and records in, idempotently (`wordclip access copy`). */
import type Database from "better-sqlite3";
import type { AccessRecords, UsageCount } from "./interface.js";
import {
  type AccountRow,
  accountFromRow,
  KEY_COLUMNS,
  type PlanRow,
  planFromRow,
  type StoredKeyRow,
  storedKeyFromRow,
} from "./rows.js";

export function exportSqliteRecords(db: Database.Database, periodIds: readonly string[]): AccessRecords {
  const plans = db
    .prepare<[], PlanRow>("SELECT name, per_minute, per_month, description FROM plans ORDER BY name")
    .all()
    .map(planFromRow);
  const accounts = db
    .prepare<[], AccountRow>(
      "SELECT account_id, name, plan, created_at_ms FROM accounts ORDER BY created_at_ms, rowid",
    )
    .all()
    .map(accountFromRow);
  const keys = db
    .prepare<[], StoredKeyRow>(
      `SELECT ${KEY_COLUMNS}, k.secret_sha256 FROM keys k ORDER BY k.created_at_ms, k.rowid`,
    )
    .all()
    .map(storedKeyFromRow);
  const usageOf = db.prepare<[string], { account_id: string; used: number }>(
    "SELECT account_id, used FROM usage WHERE period = ? ORDER BY account_id",
  );
  const usage: UsageCount[] = periodIds.flatMap((periodId) =>
    usageOf.all(periodId).map((row) => ({ accountId: row.account_id, periodId, used: row.used })),
  );
  return { plans, accounts, keys, usage };
}

export function importSqliteRecords(db: Database.Database, records: AccessRecords, nowMs: number): void {
  const plan = db.prepare(
    `INSERT INTO plans (name, per_minute, per_month, description, updated_at_ms) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (name) DO UPDATE SET per_minute = excluded.per_minute, per_month = excluded.per_month,
       description = excluded.description, updated_at_ms = excluded.updated_at_ms`,
  );
  const account = db.prepare(
    `INSERT INTO accounts (account_id, name, plan, created_at_ms) VALUES (?, ?, ?, ?)
     ON CONFLICT (account_id) DO UPDATE SET name = excluded.name, plan = excluded.plan`,
  );
  const key = db.prepare(
    `INSERT INTO keys (key_id, account_id, secret_sha256, prefix, name, created_at_ms, disabled_at_ms,
       expires_at_ms, replaced_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (key_id) DO UPDATE SET name = excluded.name, disabled_at_ms = excluded.disabled_at_ms,
       expires_at_ms = excluded.expires_at_ms, replaced_by = excluded.replaced_by`,
  );
  const usage = db.prepare(
    `INSERT INTO usage (account_id, period, used) VALUES (?, ?, ?)
     ON CONFLICT (account_id, period) DO UPDATE SET used = max(used, excluded.used)`,
  );
  const write = db.transaction(() => {
    for (const p of records.plans) plan.run(p.name, p.perMinute, p.perMonth, p.description, nowMs);
    for (const a of records.accounts) account.run(a.id, a.name, a.plan, a.createdAtMs);
    for (const k of records.keys) {
      key.run(
        k.id,
        k.accountId,
        k.secretSha256,
        k.prefix,
        k.name,
        k.createdAtMs,
        k.disabledAtMs ?? null,
        k.expiresAtMs ?? null,
        k.replacedBy ?? null,
      );
    }
    for (const u of records.usage) usage.run(u.accountId, u.periodId, u.used);
  });
  write.immediate();
}
