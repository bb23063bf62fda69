/** Rows of the access store tables (the same columns in SQLite and PostgreSQL) and their mapping to records. */

import type { Account, KeyGrant, KeyRecord, StoredKey } from "./interface.js";
import type { Plan } from "./plans.js";

export interface PlanRow {
  name: string;
  per_minute: number;
  per_month: number;
  description: string;
}

export interface AccountRow {
  account_id: string;
  name: string;
  plan: string;
  created_at_ms: number;
}

export interface KeyRow {
  key_id: string;
  account_id: string;
  prefix: string;
  name: string;
  created_at_ms: number;
  disabled_at_ms: number | null;
  expires_at_ms: number | null;
  replaced_by: string | null;
}

/** A key row with the hash of its secret: read only to copy a store. */
export interface StoredKeyRow extends KeyRow {
  secret_sha256: string;
}

/** A key joined with its account and plan, columns renamed where the tables share a name. */
export interface GrantRow extends KeyRow {
  account_name: string;
  account_created_at_ms: number;
  plan: string;
  per_minute: number;
  per_month: number;
  description: string;
}

export const KEY_COLUMNS =
  "k.key_id, k.account_id, k.prefix, k.name, k.created_at_ms, k.disabled_at_ms, k.expires_at_ms, k.replaced_by";

export const GRANT_SELECT = `
SELECT ${KEY_COLUMNS},
       a.name AS account_name, a.created_at_ms AS account_created_at_ms, a.plan,
       p.per_minute, p.per_month, p.description
FROM keys k
JOIN accounts a ON a.account_id = k.account_id
JOIN plans p ON p.name = a.plan`;

export function planFromRow(row: PlanRow): Plan {
  return {
    name: row.name,
    perMinute: row.per_minute,
    perMonth: row.per_month,
    description: row.description,
  };
}

export function accountFromRow(row: AccountRow): Account {
  return { id: row.account_id, name: row.name, plan: row.plan, createdAtMs: row.created_at_ms };
}

export function keyFromRow(row: KeyRow): KeyRecord {
  return {
    id: row.key_id,
    accountId: row.account_id,
    prefix: row.prefix,
    name: row.name,
    createdAtMs: row.created_at_ms,
    disabledAtMs: row.disabled_at_ms ?? undefined,
    expiresAtMs: row.expires_at_ms ?? undefined,
    replacedBy: row.replaced_by ?? undefined,
  };
}

export function grantFromRow(row: GrantRow): KeyGrant {
  return {
    key: keyFromRow(row),
    account: {
      id: row.account_id,
      name: row.account_name,
      plan: row.plan,
      createdAtMs: row.account_created_at_ms,
    },
    plan: planFromRow({ ...row, name: row.plan }),
  };
}

export function storedKeyFromRow(row: StoredKeyRow): StoredKey {
  return { ...keyFromRow(row), secretSha256: row.secret_sha256 };
}
