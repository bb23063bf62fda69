/**
 * The access store in PostgreSQL: one database shared by every node. Quota is counted by single atomic
 * statements (`INSERT … ON CONFLICT DO UPDATE … WHERE … RETURNING`), so concurrent requests on any number
 * of nodes never exceed a limit; changes that read before they write lock the row they read.
 */
import type pg from "pg";
import { AccessError } from "../errors.js";
import type { AccessLog } from "../log.js";
import { checkGraceMs } from "./duration.js";
import { newAccountId, newKeyId } from "./ids.js";
import type {
  AccessRecords,
  AccessStore,
  Account,
  CreatedKey,
  KeyGrant,
  KeyRecord,
  QuotaCharge,
  RotatedKey,
} from "./interface.js";
import { checkAccountName, checkKeyName, DEFAULT_KEY_NAME } from "./labels.js";
import { applyPlanChange, type Plan, type PlanChange } from "./plans.js";
import { type MigrationOutcome, migratePostgres } from "./postgres-migrations.js";
import { createPostgresPool, type PostgresPool, type PostgresPoolOptions } from "./postgres-pool.js";
import { exportPostgresRecords, importPostgresRecords } from "./postgres-records.js";
import {
  ACCOUNT_COLUMNS,
  CHARGE_QUOTA_SQL,
  PLAN_COLUMNS,
  RELEASE_QUOTA_SQL,
  RESERVE_QUOTA_SQL,
  UPSERT_PLAN_SQL,
} from "./postgres-statements.js";
import {
  type AccountRow,
  accountFromRow,
  GRANT_SELECT,
  type GrantRow,
  grantFromRow,
  KEY_COLUMNS,
  type KeyRow,
  keyFromRow,
  type PlanRow,
  planFromRow,
} from "./rows.js";
import { generateSecret, hashSecret, visiblePrefix } from "./secret.js";

export interface PostgresAccessStoreOptions extends PostgresPoolOptions {
  /** Milliseconds since the epoch; stamps creation, disabling and rotation. */
  now?: () => number;
  /** Apply missing migrations before the first use (the server and the commands do; default true). */
  migrate?: boolean;
  log?: AccessLog;
}

/** The store, and what opening it did to the schema. */
export interface OpenedPostgresStore {
  store: AccessStore;
  migration: MigrationOutcome | undefined;
}

/** A foreign key that points nowhere: the plan or account named does not exist. */
const FOREIGN_KEY_VIOLATION = "23503";

function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}

export async function openPostgresAccessStore(
  options: PostgresAccessStoreOptions,
): Promise<OpenedPostgresStore> {
  const now = options.now ?? Date.now;
  const pool = createPostgresPool(options);
  try {
    const migration =
      options.migrate === false
        ? undefined
        : await pool.withClient((client) => migratePostgres(client, pool.where, now()));
    return { store: new PostgresAccessStore(pool, now), migration };
  } catch (error) {
    await pool.end();
    throw error;
  }
}

class PostgresAccessStore implements AccessStore {
  readonly #pool: PostgresPool;
  readonly #now: () => number;

  constructor(pool: PostgresPool, now: () => number) {
    this.#pool = pool;
    this.#now = now;
  }

  async findKeyByHash(secretHash: string): Promise<KeyGrant | undefined> {
    const [row] = await this.#pool.query<GrantRow>(`${GRANT_SELECT} WHERE k.secret_sha256 = $1`, [
      secretHash,
    ]);
    return row && grantFromRow(row);
  }

  async findKey(keyId: string): Promise<KeyGrant | undefined> {
    const [row] = await this.#pool.query<GrantRow>(`${GRANT_SELECT} WHERE k.key_id = $1`, [keyId]);
    return row && grantFromRow(row);
  }

  async chargeQuota(accountId: string, periodId: string, limit: number): Promise<QuotaCharge> {
    const [row] = await this.#pool.query<{ used: number }>(CHARGE_QUOTA_SQL, [accountId, periodId, limit]);
    return row ? { admitted: true, used: row.used } : { admitted: false };
  }

  async reserveQuota(accountId: string, periodId: string, limit: number, count: number): Promise<number> {
    const [row] = await this.#pool.query<{ last_reserved: number }>(RESERVE_QUOTA_SQL, [
      accountId,
      periodId,
      limit,
      count,
    ]);
    return row?.last_reserved ?? 0;
  }

  async releaseQuota(accountId: string, periodId: string, count: number): Promise<void> {
    if (count <= 0) return;
    await this.#pool.query(RELEASE_QUOTA_SQL, [count, accountId, periodId]);
  }

  async quotaUsed(accountId: string, periodId: string): Promise<number> {
    const [row] = await this.#pool.query<{ used: number }>(
      "SELECT used FROM usage WHERE account_id = $1 AND period = $2",
      [accountId, periodId],
    );
    return row?.used ?? 0;
  }

  async listPlans(): Promise<Plan[]> {
    const rows = await this.#pool.query<PlanRow>(`SELECT ${PLAN_COLUMNS} FROM plans ORDER BY name`);
    return rows.map(planFromRow);
  }

  async findPlan(name: string): Promise<Plan | undefined> {
    const [row] = await this.#pool.query<PlanRow>(`SELECT ${PLAN_COLUMNS} FROM plans WHERE name = $1`, [
      name,
    ]);
    return row && planFromRow(row);
  }

  async setPlan(name: string, change: PlanChange): Promise<Plan> {
    return this.#pool.transaction(async (client) => {
      const { rows } = await client.query<PlanRow>(
        `SELECT ${PLAN_COLUMNS} FROM plans WHERE name = $1 FOR UPDATE`,
        [name],
      );
      const current = rows[0];
      const plan = applyPlanChange(name, current && planFromRow(current), change);
      await client.query(UPSERT_PLAN_SQL, [
        plan.name,
        plan.perMinute,
        plan.perMonth,
        plan.description,
        this.#now(),
      ]);
      return plan;
    });
  }

  async createAccount(input: { plan: string; name?: string }): Promise<Account> {
    const account: Account = {
      id: newAccountId(),
      name: checkAccountName(input.name ?? ""),
      plan: input.plan,
      createdAtMs: this.#now(),
    };
    try {
      await this.#pool.query(
        "INSERT INTO accounts (account_id, name, plan, created_at_ms) VALUES ($1, $2, $3, $4)",
        [account.id, account.name, account.plan, account.createdAtMs],
      );
    } catch (error) {
      if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw noPlan(input.plan);
      throw error;
    }
    return account;
  }

  async findAccount(accountId: string): Promise<Account | undefined> {
    const [row] = await this.#pool.query<AccountRow>(
      `SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE account_id = $1`,
      [accountId],
    );
    return row && accountFromRow(row);
  }

  async listAccounts(): Promise<Account[]> {
    const rows = await this.#pool.query<AccountRow>(
      `SELECT ${ACCOUNT_COLUMNS} FROM accounts ORDER BY created_at_ms, seq`,
    );
    return rows.map(accountFromRow);
  }

  async countAccounts(): Promise<number> {
    const [row] = await this.#pool.query<{ n: number }>("SELECT count(*)::bigint AS n FROM accounts");
    return row?.n ?? 0;
  }

  async setAccountPlan(accountId: string, plan: string): Promise<Account> {
    let row: AccountRow | undefined;
    try {
      [row] = await this.#pool.query<AccountRow>(
        `UPDATE accounts SET plan = $1 WHERE account_id = $2 RETURNING ${ACCOUNT_COLUMNS}`,
        [plan, accountId],
      );
    } catch (error) {
      if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw noPlan(plan);
      throw error;
    }
    if (!row) throw noAccount(accountId);
    return accountFromRow(row);
  }

  async createKey(input: { accountId: string; name?: string }): Promise<CreatedKey> {
    const name = checkKeyName(input.name ?? DEFAULT_KEY_NAME);
    try {
      return await this.#pool.transaction((client) => this.#insertKey(client, input.accountId, name));
    } catch (error) {
      if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw noAccount(input.accountId);
      throw error;
    }
  }

  async listKeys(filter: { accountId?: string } = {}): Promise<KeyRecord[]> {
    const rows =
      filter.accountId === undefined
        ? await this.#pool.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM keys k ORDER BY k.created_at_ms, k.seq`)
        : await this.#pool.query<KeyRow>(
            `SELECT ${KEY_COLUMNS} FROM keys k WHERE k.account_id = $1 ORDER BY k.created_at_ms, k.seq`,
            [filter.accountId],
          );
    return rows.map(keyFromRow);
  }

  async disableKey(keyId: string): Promise<KeyRecord> {
    // COALESCE keeps the first time: disabling a disabled key changes nothing.
    const [row] = await this.#pool.query<KeyRow>(
      `UPDATE keys k SET disabled_at_ms = COALESCE(k.disabled_at_ms, $1) WHERE k.key_id = $2 RETURNING ${KEY_COLUMNS}`,
      [this.#now(), keyId],
    );
    if (!row) throw noKey(keyId);
    return keyFromRow(row);
  }

  async rotateKey(keyId: string, graceMs: number): Promise<RotatedKey> {
    checkGraceMs(graceMs);
    return this.#pool.transaction(async (client) => {
      // Locked, so two rotations of one key cannot both pass the checks below.
      const { rows } = await client.query<KeyRow>(
        `SELECT ${KEY_COLUMNS} FROM keys k WHERE k.key_id = $1 FOR UPDATE`,
        [keyId],
      );
      const row = rows[0];
      if (!row) throw noKey(keyId);
      const old = keyFromRow(row);
      if (old.disabledAtMs !== undefined) {
        throw new AccessError(
          "conflict",
          `key ${keyId} is disabled; create a new key instead of rotating it`,
        );
      }
      if (old.replacedBy !== undefined) {
        throw new AccessError(
          "conflict",
          `key ${keyId} was already rotated and replaced by ${old.replacedBy}; rotate ${old.replacedBy} instead`,
        );
      }
      const created = await this.#insertKey(client, old.accountId, old.name);
      const expiresAtMs = created.key.createdAtMs + graceMs;
      await client.query("UPDATE keys SET expires_at_ms = $1, replaced_by = $2 WHERE key_id = $3", [
        expiresAtMs,
        created.key.id,
        keyId,
      ]);
      return { created, previous: { ...old, expiresAtMs, replacedBy: created.key.id } };
    });
  }

  async exportRecords(periodIds: readonly string[]): Promise<AccessRecords> {
    return this.#pool.transaction((client) => exportPostgresRecords(client, periodIds));
  }

  async importRecords(records: AccessRecords): Promise<void> {
    await this.#pool.transaction((client) => importPostgresRecords(client, records, this.#now()));
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }

  async #insertKey(client: pg.PoolClient, accountId: string, name: string): Promise<CreatedKey> {
    const secret = generateSecret();
    const key: KeyRecord = {
      id: newKeyId(),
      accountId,
      prefix: visiblePrefix(secret),
      name,
      createdAtMs: this.#now(),
      disabledAtMs: undefined,
      expiresAtMs: undefined,
      replacedBy: undefined,
    };
    await client.query(
      `INSERT INTO keys (key_id, account_id, secret_sha256, prefix, name, created_at_ms)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [key.id, accountId, hashSecret(secret), key.prefix, name, key.createdAtMs],
    );
    return { key, secret };
  }
}

function noPlan(name: string): AccessError {
  return new AccessError("not_found", `no plan named "${name}"`);
}

function noAccount(accountId: string): AccessError {
  return new AccessError("not_found", `no account with id "${accountId}"`);
}

function noKey(keyId: string): AccessError {
  return new AccessError("not_found", `no key with id "${keyId}"`);
}
