/**
 * The durable access state behind one interface: plans, accounts, keys and quota usage. SQLite serves one
 * machine; a shared database (PostgreSQL) serves many nodes. Every implementation passes the contract
 * suite in `contract.ts`.
 */
import type { Plan, PlanChange } from "./plans.js";

export interface Account {
  /** Public id, `acc_` + 12 base62 characters. */
  id: string;
  /** The operator's label (a customer or company name); may be empty. */
  name: string;
  /** Name of the account's plan. */
  plan: string;
  createdAtMs: number;
}

/** A key as stored: never the secret, only what identifies it. */
export interface KeyRecord {
  /** Public id, `key_` + 12 base62 characters: what operators and logs refer to. */
  id: string;
  accountId: string;
  /** The first characters of the secret (`wc_Ab3xY9`), to recognise a key without revealing it. */
  prefix: string;
  /** The environment or purpose the key is for (`production`, `staging`). */
  name: string;
  createdAtMs: number;
  /** Set by `disableKey`: refused from then on. */
  disabledAtMs: number | undefined;
  /** Set by `rotateKey`: the key keeps working until this moment (the end of the grace period). */
  expiresAtMs: number | undefined;
  /** The key that replaced this one in a rotation. */
  replacedBy: string | undefined;
}

/**
 * `rotating`: replaced, still accepted until `expiresAtMs`. `expired`: replaced and past its grace.
 * `disabled` wins over both.
 */
export type KeyStatus = "active" | "rotating" | "expired" | "disabled";

export function keyStatus(key: KeyRecord, nowMs: number): KeyStatus {
  if (key.disabledAtMs !== undefined) return "disabled";
  if (key.expiresAtMs === undefined) return "active";
  return nowMs < key.expiresAtMs ? "rotating" : "expired";
}

/** What a key resolves to: the key, its account and the account's plan, read together. */
export interface KeyGrant {
  key: KeyRecord;
  account: Account;
  plan: Plan;
}

/** A key just made: the only moment its secret exists outside the caller's hands. */
export interface CreatedKey {
  key: KeyRecord;
  secret: string;
}

export interface RotatedKey {
  created: CreatedKey;
  /** The old key, with `expiresAtMs` and `replacedBy` set. */
  previous: KeyRecord;
}

/** A key with the SHA-256 of its secret: what moves from one store to another, never the secret itself. */
export interface StoredKey extends KeyRecord {
  /** Lower-case hex SHA-256 of the secret, as requests are looked up by. */
  secretSha256: string;
}

/** Requests counted for one account in one period. */
export interface UsageCount {
  accountId: string;
  /** `YYYY-MM`. */
  periodId: string;
  used: number;
}

/** What one store hands another (`wordclip access copy`): every plan, account and key, and some usage. */
export interface AccessRecords {
  plans: Plan[];
  accounts: Account[];
  keys: StoredKey[];
  usage: UsageCount[];
}

/** The outcome of counting one request against a period quota. */
export type QuotaCharge = { admitted: true; used: number } | { admitted: false };

export interface AccessStore {
  /** Hot path: the key whose secret hashes to `secretHash` (lower-case hex SHA-256), with account and plan. */
  findKeyByHash(secretHash: string): Promise<KeyGrant | undefined>;
  findKey(keyId: string): Promise<KeyGrant | undefined>;

  /**
   * Hot path: counts one request of `accountId` in `periodId` if fewer than `limit` were counted, as one
   * atomic step, so concurrent requests never exceed the limit. A refused request is not counted.
   */
  chargeQuota(accountId: string, periodId: string, limit: number): Promise<QuotaCharge>;
  /**
   * Counts up to `count` requests at once (a lease a server then hands out from memory): as many as the
   * limit still allows, in one atomic step. Returns how many were granted (0 when the quota is spent).
   */
  reserveQuota(accountId: string, periodId: string, limit: number, count: number): Promise<number>;
  /** Gives back `count` reserved requests that were never served. */
  releaseQuota(accountId: string, periodId: string, count: number): Promise<void>;
  /** Requests counted for `accountId` in `periodId` (0 when none). */
  quotaUsed(accountId: string, periodId: string): Promise<number>;

  listPlans(): Promise<Plan[]>;
  findPlan(name: string): Promise<Plan | undefined>;
  /** Creates the plan or changes it; throws `invalid_request` for a bad name or limit. */
  setPlan(name: string, change: PlanChange): Promise<Plan>;

  /** Throws `not_found` when the plan does not exist. */
  createAccount(input: { plan: string; name?: string }): Promise<Account>;
  findAccount(accountId: string): Promise<Account | undefined>;
  listAccounts(): Promise<Account[]>;
  countAccounts(): Promise<number>;
  /** Throws `not_found` when the account or the plan does not exist. */
  setAccountPlan(accountId: string, plan: string): Promise<Account>;

  /** Throws `not_found` when the account does not exist. */
  createKey(input: { accountId: string; name?: string }): Promise<CreatedKey>;
  /** Oldest first; all accounts' keys unless `accountId` is given. */
  listKeys(filter?: { accountId?: string }): Promise<KeyRecord[]>;
  /** Refuses the key from now on; disabling a disabled key changes nothing. Throws `not_found`. */
  disableKey(keyId: string): Promise<KeyRecord>;
  /**
   * A new key for the same account and name; the old one keeps working for `graceMs`, then is refused.
   * Throws `not_found`, or `conflict` when the key is disabled, expired or already rotated.
   */
  rotateKey(keyId: string, graceMs: number): Promise<RotatedKey>;

  /** Every plan, account and key (oldest first), and the usage counted in `periodIds`. */
  exportRecords(periodIds: readonly string[]): Promise<AccessRecords>;
  /**
   * Writes `records` in one transaction, idempotently: plans, accounts and keys take the records' values
   * (a key keeps its id, hash and account, so it keeps working); a usage count never goes down (the larger
   * of the two is kept), so importing the same records twice counts nothing twice.
   */
  importRecords(records: AccessRecords): Promise<void>;

  close(): Promise<void>;
}
