/**
 * The PostgreSQL access store's statements that count quota or that other modules share. Counting is
 * always one statement, so it is atomic however many nodes run it at once.
 */

/**
 * Counts one request if the limit allows, as one statement: the row is locked by the update, and the
 * `WHERE` is checked against the row as it is then, so concurrent charges queue and never exceed it.
 */
export const CHARGE_QUOTA_SQL = `
INSERT INTO usage (account_id, period, used) SELECT $1, $2, 1 WHERE $3::bigint >= 1
ON CONFLICT (account_id, period) DO UPDATE SET used = usage.used + 1 WHERE usage.used < $3::bigint
RETURNING used`;

/**
 * Grants as many of `$4` requests as the limit `$3` still allows, as one statement. The grant is written
 * beside the count (`last_reserved`, computed from the same locked row) so the statement can return it.
 */
export const RESERVE_QUOTA_SQL = `
INSERT INTO usage (account_id, period, used, last_reserved)
SELECT $1, $2, LEAST($4::bigint, $3::bigint), LEAST($4::bigint, $3::bigint) WHERE LEAST($4::bigint, $3::bigint) >= 1
ON CONFLICT (account_id, period) DO UPDATE
  SET used = usage.used + LEAST($4::bigint, $3::bigint - usage.used),
      last_reserved = LEAST($4::bigint, $3::bigint - usage.used)
  WHERE usage.used < $3::bigint
RETURNING last_reserved`;

export const PLAN_COLUMNS = "name, per_minute, per_month, description";
export const ACCOUNT_COLUMNS = "account_id, name, plan, created_at_ms";

export const RELEASE_QUOTA_SQL =
  "UPDATE usage SET used = GREATEST(0, used - $1::bigint) WHERE account_id = $2 AND period = $3";

export const UPSERT_PLAN_SQL = `
INSERT INTO plans (name, per_minute, per_month, description, updated_at_ms) VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (name) DO UPDATE SET per_minute = excluded.per_minute, per_month = excluded.per_month,
  description = excluded.description, updated_at_ms = excluded.updated_at_ms`;
