/** The access store in one SQLite file (WAL): the embedded default, shared by the processes of one machine. */
import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { AccessError } from "../errors.js";
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
import { accountFromRow, grantFromRow, keyFromRow, planFromRow } from "./rows.js";
import { generateSecret, hashSecret, visiblePrefix } from "./secret.js";
import { exportSqliteRecords, importSqliteRecords } from "./sqlite-records.js";
import { migrateAccessStore } from "./sqlite-schema.js";
import { type AccessStatements, prepareAccessStatements } from "./sqlite-statements.js";

export interface SqliteAccessStoreOptions {
  /** The database file (created with its folder when missing), or `:memory:` for tests. */
  path: string;
  /** Milliseconds since the epoch; stamps creation, disabling and rotation. */
  now?: () => number;
  /** How long a write waits for another process's lock before failing. */
  busyTimeoutMs?: number;
}

/**
 * A write that waited the whole busy timeout for another process's lock (several workers and the commands
 * share the file) means the store does not answer in time: `unavailable`, a 503 the client may retry.
 */
function busyAsUnavailable<T>(file: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED") {
      throw new AccessError("unavailable", `the access store ${file} is locked: ${(error as Error).message}`);
    }
    throw error;
  }
}

export function openSqliteAccessStore(options: SqliteAccessStoreOptions): AccessStore {
  const now = options.now ?? Date.now;
  const inMemory = options.path === ":memory:";
  if (!inMemory) createFolder(path.dirname(path.resolve(options.path)));
  let db: Database.Database;
  try {
    db = new Database(options.path);
  } catch (error) {
    throw unusableStore(options.path, error);
  }
  try {
    db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5_000}`);
    if (!inMemory) db.pragma("journal_mode = WAL");
    // WAL with NORMAL syncs at checkpoints: a power cut may lose the last commits, never corrupt the file.
    db.pragma("synchronous = NORMAL");
    db.pragma("foreign_keys = ON");
    migrateAccessStore(db, options.path, now());
  } catch (error) {
    db.close();
    throw unusableStore(options.path, error);
  }
  return new SqliteAccessStore(db, now, options.path);
}

/** The store's folder, created when missing; one that cannot be is named with what to do. */
function createFolder(folder: string): void {
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw new AccessError(
      "store_unusable",
      `the folder of the access store ${folder} cannot be created (${(error as Error).message}): set WORDCLIP_DATA_DIR to a folder this user can write`,
    );
  }
}

/** What to do about a store file that cannot be used, by SQLite's error code. */
const UNUSABLE_ADVICE: Record<string, string> = {
  SQLITE_NOTADB: "is not an SQLite database",
  SQLITE_CORRUPT: "is damaged",
  SQLITE_CANTOPEN: "cannot be opened",
  SQLITE_READONLY: "cannot be written",
  SQLITE_PERM: "cannot be written",
  SQLITE_FULL: "cannot grow: the disk is full",
};

/**
 * An error opening the file, as one `store_unusable` sentence naming the file and what to do; a lock held
 * too long stays `unavailable`, and the store's own errors (a newer schema) pass unchanged.
 */
function unusableStore(file: string, error: unknown): unknown {
  const code = String((error as { code?: unknown }).code ?? "");
  const problem = UNUSABLE_ADVICE[code] ?? (code.startsWith("SQLITE_IOERR") ? "cannot be read" : undefined);
  if (error instanceof AccessError || problem === undefined) return error;
  const advice =
    code === "SQLITE_NOTADB" || code === "SQLITE_CORRUPT"
      ? "restore it from a backup (docs/access.md), or move it away and the next start creates an empty store"
      : "check the file, its folder and their permissions (WORDCLIP_DATA_DIR says where)";
  return new AccessError(
    "store_unusable",
    `the access store ${file} ${problem} (${(error as Error).message}): ${advice}`,
  );
}

class SqliteAccessStore implements AccessStore {
  readonly #db: Database.Database;
  readonly #now: () => number;
  readonly #statements: AccessStatements;
  readonly #file: string;

  constructor(db: Database.Database, now: () => number, file: string) {
    this.#db = db;
    this.#now = now;
    this.#file = file;
    this.#statements = prepareAccessStatements(db);
  }

  async findKeyByHash(secretHash: string): Promise<KeyGrant | undefined> {
    const row = this.#statements.grantByHash.get(secretHash);
    return row && grantFromRow(row);
  }

  async findKey(keyId: string): Promise<KeyGrant | undefined> {
    const row = this.#statements.grantById.get(keyId);
    return row && grantFromRow(row);
  }

  async chargeQuota(accountId: string, periodId: string, limit: number): Promise<QuotaCharge> {
    const row = busyAsUnavailable(this.#file, () =>
      this.#statements.chargeQuota.get({ accountId, period: periodId, limit }),
    );
    return row ? { admitted: true, used: row.used } : { admitted: false };
  }

  async reserveQuota(accountId: string, periodId: string, limit: number, count: number): Promise<number> {
    // IMMEDIATE: the write lock is taken before the read, so another process cannot reserve in between.
    const reserve = this.#db.transaction(() => {
      const used = this.#statements.quotaUsed.get(accountId, periodId)?.used ?? 0;
      const granted = Math.max(0, Math.min(count, limit - used));
      if (granted > 0) this.#statements.addQuota.run(accountId, periodId, granted, granted);
      return granted;
    });
    return busyAsUnavailable(this.#file, () => reserve.immediate());
  }

  async releaseQuota(accountId: string, periodId: string, count: number): Promise<void> {
    if (count > 0)
      busyAsUnavailable(this.#file, () => this.#statements.releaseQuota.run(count, accountId, periodId));
  }

  async quotaUsed(accountId: string, periodId: string): Promise<number> {
    return this.#statements.quotaUsed.get(accountId, periodId)?.used ?? 0;
  }

  async listPlans(): Promise<Plan[]> {
    return this.#statements.plans.all().map(planFromRow);
  }

  async findPlan(name: string): Promise<Plan | undefined> {
    const row = this.#statements.plan.get(name);
    return row && planFromRow(row);
  }

  async setPlan(name: string, change: PlanChange): Promise<Plan> {
    const write = this.#db.transaction(() => {
      const current = this.#statements.plan.get(name);
      const plan = applyPlanChange(name, current && planFromRow(current), change);
      this.#statements.upsertPlan.run(
        plan.name,
        plan.perMinute,
        plan.perMonth,
        plan.description,
        this.#now(),
      );
      return plan;
    });
    return write.immediate();
  }

  async createAccount(input: { plan: string; name?: string }): Promise<Account> {
    const name = checkAccountName(input.name ?? "");
    const write = this.#db.transaction(() => {
      this.#requirePlan(input.plan);
      const account: Account = { id: newAccountId(), name, plan: input.plan, createdAtMs: this.#now() };
      this.#statements.insertAccount.run(account.id, account.name, account.plan, account.createdAtMs);
      return account;
    });
    return write.immediate();
  }

  async findAccount(accountId: string): Promise<Account | undefined> {
    const row = this.#statements.account.get(accountId);
    return row && accountFromRow(row);
  }

  async listAccounts(): Promise<Account[]> {
    return this.#statements.accounts.all().map(accountFromRow);
  }

  async countAccounts(): Promise<number> {
    return this.#statements.countAccounts.get()?.n ?? 0;
  }

  async setAccountPlan(accountId: string, plan: string): Promise<Account> {
    const write = this.#db.transaction(() => {
      const account = this.#requireAccount(accountId);
      this.#requirePlan(plan);
      this.#statements.setAccountPlan.run(plan, accountId);
      return { ...account, plan };
    });
    return write.immediate();
  }

  async createKey(input: { accountId: string; name?: string }): Promise<CreatedKey> {
    const name = checkKeyName(input.name ?? DEFAULT_KEY_NAME);
    const write = this.#db.transaction(() => {
      this.#requireAccount(input.accountId);
      return this.#insertKey(input.accountId, name);
    });
    return write.immediate();
  }

  async listKeys(filter: { accountId?: string } = {}): Promise<KeyRecord[]> {
    const rows =
      filter.accountId === undefined
        ? this.#statements.keys.all()
        : this.#statements.keysOfAccount.all(filter.accountId);
    return rows.map(keyFromRow);
  }

  async disableKey(keyId: string): Promise<KeyRecord> {
    const write = this.#db.transaction(() => {
      this.#requireKey(keyId);
      this.#statements.disableKey.run(this.#now(), keyId);
      return this.#requireKey(keyId);
    });
    return write.immediate();
  }

  async rotateKey(keyId: string, graceMs: number): Promise<RotatedKey> {
    checkGraceMs(graceMs);
    const write = this.#db.transaction(() => {
      const old = this.#requireKey(keyId);
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
      const created = this.#insertKey(old.accountId, old.name);
      const expiresAtMs = created.key.createdAtMs + graceMs;
      this.#statements.retireKey.run(expiresAtMs, created.key.id, keyId);
      return { created, previous: { ...old, expiresAtMs, replacedBy: created.key.id } };
    });
    return write.immediate();
  }

  async exportRecords(periodIds: readonly string[]): Promise<AccessRecords> {
    return exportSqliteRecords(this.#db, periodIds);
  }

  async importRecords(records: AccessRecords): Promise<void> {
    importSqliteRecords(this.#db, records, this.#now());
  }

  async close(): Promise<void> {
    this.#db.close();
  }

  #insertKey(accountId: string, name: string): CreatedKey {
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
    this.#statements.insertKey.run(key.id, accountId, hashSecret(secret), key.prefix, name, key.createdAtMs);
    return { key, secret };
  }

  #requirePlan(name: string): void {
    if (!this.#statements.plan.get(name)) throw new AccessError("not_found", `no plan named "${name}"`);
  }

  #requireAccount(accountId: string): Account {
    const row = this.#statements.account.get(accountId);
    if (!row) throw new AccessError("not_found", `no account with id "${accountId}"`);
    return accountFromRow(row);
  }

  #requireKey(keyId: string): KeyRecord {
    const row = this.#statements.key.get(keyId);
    if (!row) throw new AccessError("not_found", `no key with id "${keyId}"`);
    return keyFromRow(row);
  }
}
