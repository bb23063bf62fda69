/** The SQLite access store's prepared statements: prepared once per connection, run on every call. */
import type Database from "better-sqlite3";
import {
  type AccountRow,
  GRANT_SELECT,
  type GrantRow,
  KEY_COLUMNS,
  type KeyRow,
  type PlanRow,
} from "./rows.js";

/**
 * Counts a request and checks the limit in one statement, so concurrent requests (of this process or
 * another) never exceed it: a refused request changes nothing and returns no row. The `WHERE` on the
 * insert keeps a first request out when the limit is 0.
 */
export const CHARGE_QUOTA_SQL = `
INSERT INTO usage (account_id, period, used)
SELECT @accountId, @period, 1 WHERE @limit >= 1
ON CONFLICT (account_id, period) DO UPDATE SET used = used + 1 WHERE used < @limit
RETURNING used`;

export type AccessStatements = ReturnType<typeof prepareAccessStatements>;

export function prepareAccessStatements(db: Database.Database) {
  return {
    grantByHash: db.prepare<[string], GrantRow>(`${GRANT_SELECT} WHERE k.secret_sha256 = ?`),
    grantById: db.prepare<[string], GrantRow>(`${GRANT_SELECT} WHERE k.key_id = ?`),
    chargeQuota: db.prepare<{ accountId: string; period: string; limit: number }, { used: number }>(
      CHARGE_QUOTA_SQL,
    ),
    quotaUsed: db.prepare<[string, string], { used: number }>(
      "SELECT used FROM usage WHERE account_id = ? AND period = ?",
    ),
    releaseQuota: db.prepare<[number, string, string]>(
      "UPDATE usage SET used = max(0, used - ?) WHERE account_id = ? AND period = ?",
    ),
    addQuota: db.prepare<[string, string, number, number]>(
      "INSERT INTO usage (account_id, period, used) VALUES (?, ?, ?) ON CONFLICT (account_id, period) DO UPDATE SET used = used + ?",
    ),
    plans: db.prepare<[], PlanRow>(
      "SELECT name, per_minute, per_month, description FROM plans ORDER BY name",
    ),
    plan: db.prepare<[string], PlanRow>(
      "SELECT name, per_minute, per_month, description FROM plans WHERE name = ?",
    ),
    upsertPlan: db.prepare(
      `INSERT INTO plans (name, per_minute, per_month, description, updated_at_ms) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET per_minute = excluded.per_minute, per_month = excluded.per_month,
         description = excluded.description, updated_at_ms = excluded.updated_at_ms`,
    ),
    insertAccount: db.prepare(
      "INSERT INTO accounts (account_id, name, plan, created_at_ms) VALUES (?, ?, ?, ?)",
    ),
    account: db.prepare<[string], AccountRow>(
      "SELECT account_id, name, plan, created_at_ms FROM accounts WHERE account_id = ?",
    ),
    accounts: db.prepare<[], AccountRow>(
      "SELECT account_id, name, plan, created_at_ms FROM accounts ORDER BY created_at_ms, rowid",
    ),
    countAccounts: db.prepare<[], { n: number }>("SELECT count(*) AS n FROM accounts"),
    setAccountPlan: db.prepare("UPDATE accounts SET plan = ? WHERE account_id = ?"),
    insertKey: db.prepare(
      `INSERT INTO keys (key_id, account_id, secret_sha256, prefix, name, created_at_ms)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    key: db.prepare<[string], KeyRow>(`SELECT ${KEY_COLUMNS} FROM keys k WHERE k.key_id = ?`),
    keys: db.prepare<[], KeyRow>(`SELECT ${KEY_COLUMNS} FROM keys k ORDER BY k.created_at_ms, k.rowid`),
    keysOfAccount: db.prepare<[string], KeyRow>(
      `SELECT ${KEY_COLUMNS} FROM keys k WHERE k.account_id = ? ORDER BY k.created_at_ms, k.rowid`,
    ),
    disableKey: db.prepare("UPDATE keys SET disabled_at_ms = ? WHERE key_id = ? AND disabled_at_ms IS NULL"),
    retireKey: db.prepare("UPDATE keys SET expires_at_ms = ?, replaced_by = ? WHERE key_id = ?"),
  };
}
