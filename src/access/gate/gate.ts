/**
 * The access checks every request passes, in the order of the design: identify the caller, the minute
 * window, 401 for a bad key, the period quota, then the handler. The HTTP hook calls `admit` and turns
 * the answer into headers and an error envelope.
 */
import { AccessError, isAccessError } from "../errors.js";
import type { LeaseCensus } from "../lease-census.js";
import type { AccessStore, KeyGrant } from "../store/interface.js";
import type { Plan } from "../store/plans.js";
import { type RateWindow, retryAfterS, type WindowHit, type WindowState } from "../window/interface.js";
import { isMemoryRateWindow } from "../window/memory.js";
import { createKeyIdentifier, type Identity } from "./identify.js";
import { type Period, periodAt } from "./period.js";
import { createQuotaLedger } from "./quota-ledger.js";
import { type PlanLimits, type QuotaState, quotaState } from "./usage.js";

/** Requests a minute from one client address without a valid key, unless the gate is told otherwise. */
export const ANONYMOUS_PER_MINUTE = 60;

/**
 * `keyed`: every endpoint that needs a key. `public`: GET /corpus, which needs none. `usage`: GET /usage,
 * which needs a key but is counted by neither the minute window nor the quota.
 */
export type Endpoint = "keyed" | "public" | "usage";

export interface AdmitInput {
  /** The `Authorization` header as received, or undefined when absent. */
  authorization: string | undefined;
  /** The client's address (behind a trusted proxy, the forwarded one): the subject of anonymous limits. */
  clientAddress: string;
  endpoint: Endpoint;
}

/** The key a request was admitted under. */
export interface Caller {
  keyId: string;
  keyPrefix: string;
  accountId: string;
  plan: Plan;
}

export type RejectionCode = "invalid_key" | "rate_limited" | "quota_exceeded";

export type Admission =
  | {
      admitted: true;
      /** Always set for `keyed` and `usage`; set for `public` only when a valid key was sent. */
      caller: Caller | undefined;
      /** For the `X-RateLimit-*` headers. */
      window: WindowState;
    }
  | {
      admitted: false;
      code: "invalid_key" | "quota_exceeded";
      /** Says what is wrong and with which key, never the secret. */
      message: string;
      window: WindowState;
    }
  | {
      admitted: false;
      code: "rate_limited";
      message: string;
      /** Seconds until the window rolls over (at least 1): the `Retry-After` header and `error.retryAfter`. */
      retryAfterS: number;
      window: WindowState;
    };

/** What `GET /usage` reports for the calling key. */
export interface UsageReport {
  keyId: string;
  keyPrefix: string;
  accountId: string;
  plan: PlanLimits;
  /** The account's quota for the current calendar month (UTC): shared by all its keys. */
  quota: QuotaState;
  /** This key's minute window. */
  window: WindowState;
}

export interface GateOptions {
  store: AccessStore;
  window: RateWindow;
  anonymousPerMinute?: number;
  /** Milliseconds since the epoch; tests pass a hand-moved clock. */
  now?: () => number;
  keyCacheTtlMs?: number;
  keyCacheMaxEntries?: number;
  /** Shared services this node works around right now (Redis down: windows counted per node). */
  degradation?: () => string[];
  /** The quota other nodes hold unserved (Redis): `usage` leaves it out of `used`, as it does this node's. */
  leasesElsewhere?: Pick<LeaseCensus, "answer" | "unservedElsewhere">;
}

/** What `/readyz` reports about access. */
export interface Readiness {
  /** Set when the access store does not answer: keys this node has not seen cannot be admitted. */
  problem: string | undefined;
  /** Shared services this node works around; it still answers every request. */
  degraded: string[];
}

export interface Gate {
  /** The admission at once when memory decides it (the common case), or a promise when a store is asked. */
  admit(input: AdmitInput): Admission | Promise<Admission>;
  /** Throws `AccessError` `not_found` when the key does not exist. */
  usage(keyId: string): Promise<UsageReport>;
  /** Forgets cached key lookups: the next request of every key reads the store. */
  clearKeyCache(): void;
  /** Gives back quota reserved but not served (see `quota-ledger.ts`); call before closing the store. */
  release(): Promise<void>;
  /** Asks the store (a lookup that finds nothing) and the shared services how they are. */
  readiness(): Promise<Readiness>;
}

/** A key id no store issues (ids are `key_` + base62), so the readiness lookup is a cheap miss. */
const PROBE_KEY_ID = "key_readiness-probe";

/** A key's caller and the subject of its minute window. */
interface KeyCaller {
  caller: Caller;
  subject: string;
}

function keySubject(keyId: string): string {
  return `key:${keyId}`;
}

function addressSubject(clientAddress: string): string {
  return `addr:${clientAddress}`;
}

export function createGate(options: GateOptions): Gate {
  const { store, window } = options;
  const now = options.now ?? Date.now;
  const anonymousPerMinute = options.anonymousPerMinute ?? ANONYMOUS_PER_MINUTE;
  if (!Number.isSafeInteger(anonymousPerMinute) || anonymousPerMinute < 1) {
    throw new RangeError(`anonymousPerMinute must be a whole number from 1, got ${anonymousPerMinute}`);
  }
  const ledger = createQuotaLedger(store);
  const elsewhere = options.leasesElsewhere;
  elsewhere?.answer((accountId, periodId) => ledger.unserved(accountId, periodId));
  // A window in this process's memory answers at once; a shared one is asked through its promise.
  const memory = isMemoryRateWindow(window) ? window : undefined;
  const identifier = createKeyIdentifier({
    store,
    ...(options.keyCacheTtlMs === undefined ? {} : { keyCacheTtlMs: options.keyCacheTtlMs }),
    ...(options.keyCacheMaxEntries === undefined ? {} : { keyCacheMaxEntries: options.keyCacheMaxEntries }),
  });

  // The month changes twelve times a year: computed again only when the clock leaves it.
  let period: Period = periodAt(now());
  const periodOf = (nowMs: number): Period => {
    if (nowMs < period.startMs || nowMs >= period.endMs) period = periodAt(nowMs);
    return period;
  };

  // Each step answers at once when it can (a cached key, a window in memory, a lease of quota) and returns
  // a promise only when it must ask a store, so most requests are admitted without a single await.

  // What a grant gives every request of its key, made once per lookup of the key (a busy key's grant is the
  // same object until the key cache looks it up again), not once per request.
  const callers = new WeakMap<KeyGrant, KeyCaller>();
  const callerOf = (grant: KeyGrant): KeyCaller => {
    let known = callers.get(grant);
    if (known === undefined) {
      const { key, account, plan } = grant;
      known = {
        caller: { keyId: key.id, keyPrefix: key.prefix, accountId: account.id, plan },
        subject: keySubject(key.id),
      };
      callers.set(grant, known);
    }
    return known;
  };

  function admit(input: AdmitInput): Admission | Promise<Admission> {
    const nowMs = now();
    const identity = identifier.identifyNow(input.authorization, nowMs);
    if (identity !== undefined) return afterIdentity(input, identity, nowMs);
    return identifier.identify(input.authorization, nowMs).then(
      (id) => afterIdentity(input, id, nowMs),
      (error: unknown) => withAddressWindow(error, input, nowMs),
    );
  }

  /**
   * Rethrows a failure to look a key up; when the store did not answer, with the client address's window
   * as it stands (looked at, not counted: the key may be a good one), for the 503's headers.
   */
  async function withAddressWindow(error: unknown, input: AdmitInput, nowMs: number): Promise<never> {
    if (isAccessError(error, "unavailable") && error.window === undefined) {
      const subject = addressSubject(input.clientAddress);
      error.window = await window.peek(subject, anonymousPerMinute, nowMs).catch(() => undefined);
    }
    throw error;
  }

  /** Rethrows a failure to charge the quota; when the store did not answer, with the window counted in. */
  function withWindow(error: unknown, state: WindowState): never {
    if (isAccessError(error, "unavailable")) error.window ??= state;
    throw error;
  }

  function afterIdentity(
    input: AdmitInput,
    identity: Identity,
    nowMs: number,
  ): Admission | Promise<Admission> {
    const known = identity.kind === "key" ? callerOf(identity.grant) : undefined;
    const caller = known?.caller;
    // The minute window comes before the 401, so a flood of bad keys is slowed per address.
    const subject = known === undefined ? addressSubject(input.clientAddress) : known.subject;
    const limit = caller ? caller.plan.perMinute : anonymousPerMinute;
    if (input.endpoint === "usage") {
      if (memory) return afterWindow(input, identity, caller, memory.peekNow(subject, limit, nowMs), nowMs);
      return window.peek(subject, limit, nowMs).then((s) => afterWindow(input, identity, caller, s, nowMs));
    }
    if (memory) return afterHit(input, identity, caller, limit, memory.hitNow(subject, limit, nowMs), nowMs);
    return window
      .hit(subject, limit, nowMs)
      .then((hit) => afterHit(input, identity, caller, limit, hit, nowMs));
  }

  function afterHit(
    input: AdmitInput,
    identity: Identity,
    caller: Caller | undefined,
    limit: number,
    hit: WindowHit,
    nowMs: number,
  ): Admission | Promise<Admission> {
    const state: WindowState = { limit: hit.limit, remaining: hit.remaining, resetAtS: hit.resetAtS };
    if (hit.admitted) return afterWindow(input, identity, caller, state, nowMs);
    const wait = retryAfterS(state.resetAtS, nowMs);
    const who = caller
      ? `key ${caller.keyId}`
      : `requests without a valid API key from ${input.clientAddress}`;
    return {
      admitted: false,
      code: "rate_limited",
      message: `rate limit of ${limit} requests a minute exceeded for ${who}; retry in ${wait} s`,
      retryAfterS: wait,
      window: state,
    };
  }

  function afterWindow(
    input: AdmitInput,
    identity: Identity,
    caller: Caller | undefined,
    windowState: WindowState,
    nowMs: number,
  ): Admission | Promise<Admission> {
    if (input.endpoint === "public") return { admitted: true, caller, window: windowState };
    if (identity.kind === "none") {
      return { admitted: false, code: "invalid_key", message: identity.message, window: windowState };
    }
    if (input.endpoint === "usage") return { admitted: true, caller, window: windowState };
    const { account, plan } = identity.grant;
    const period = periodOf(nowMs);
    if (ledger.chargeNow(account.id, period.id, plan.perMonth)) {
      return { admitted: true, caller, window: windowState };
    }
    const charged = ledger
      .charge(account.id, period.id, plan.perMonth)
      .catch((error: unknown) => withWindow(error, windowState));
    return charged.then((admitted): Admission => {
      if (admitted) return { admitted: true, caller, window: windowState };
      return {
        admitted: false,
        code: "quota_exceeded",
        message:
          `the monthly quota of ${plan.perMonth} requests of plan "${plan.name}" is spent for account ${account.id}; ` +
          `it resets at ${new Date(period.endMs).toISOString()}. Retrying does not help before then; a plan with a higher limit admits requests again.`,
        window: windowState,
      };
    });
  }

  async function usage(keyId: string): Promise<UsageReport> {
    const grant = await store.findKey(keyId);
    if (!grant) throw new AccessError("not_found", `no key with id "${keyId}"`);
    const nowMs = now();
    const { account, plan, key } = grant;
    const period = periodAt(nowMs).id;
    // Requests reserved but not served yet, by this server or (asked over Redis) the others, are not used.
    const [counted, reservedElsewhere] = await Promise.all([
      store.quotaUsed(account.id, period),
      elsewhere?.unservedElsewhere(account.id, period) ?? 0,
    ]);
    const used = Math.max(0, counted - ledger.unserved(account.id, period) - reservedElsewhere);
    return {
      keyId: key.id,
      keyPrefix: key.prefix,
      accountId: account.id,
      plan: { name: plan.name, perMinute: plan.perMinute, perMonth: plan.perMonth },
      quota: quotaState(plan.perMonth, used, nowMs),
      window: await window.peek(keySubject(key.id), plan.perMinute, nowMs),
    };
  }

  async function readiness(): Promise<Readiness> {
    const degraded = options.degradation?.() ?? [];
    try {
      await store.findKey(PROBE_KEY_ID);
      return { problem: undefined, degraded };
    } catch (error) {
      return { problem: `the access store does not answer: ${(error as Error).message}`, degraded };
    }
  }

  return {
    admit,
    usage,
    clearKeyCache: () => identifier.clearCache(),
    release: () => ledger.release(),
    readiness,
  };
}
