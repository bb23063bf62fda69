/**
 * The monthly quota, counted without a database write per request. For a plan with a large monthly
 * limit the server reserves a small lease of requests in one atomic step and hands them out from memory;
 * the store's count includes the lease, so however many servers share an account, the account is never
 * admitted one request over its limit. Small plans (the trial's 20 a month) lease one request at a time:
 * every request is counted in the store as it comes. Unserved leases are given back on shutdown.
 *
 * A server has at most one reservation of an account in flight: requests that find the lease empty while
 * one is being made wait for it, and a lease running low is topped up ahead, in the background. So a
 * server holds at most one lease (`leaseSize`) per account, and a server that dies without giving its
 * leases back has counted at most that many requests per account it never served, besides the requests it
 * had admitted and not answered yet.
 */
import type { AccessStore } from "../store/interface.js";

/** Largest lease: at most this many requests are counted ahead of being served, per account and server. */
export const MAX_LEASE = 1024;
/** A lease is at most this fraction of the monthly limit, so an account's usage reads true to within it. */
const LEASE_SHARE = 10_000;

export function leaseSize(limit: number): number {
  return Math.max(1, Math.min(MAX_LEASE, Math.floor(limit / LEASE_SHARE)));
}

export interface QuotaLedger {
  /** Admits one request of the account in the period, or refuses it when the quota is spent. */
  charge(accountId: string, periodId: string, limit: number): Promise<boolean>;
  /** Admits one request from the lease held, at once; undefined when the store must be asked (`charge`). */
  chargeNow(accountId: string, periodId: string, limit: number): true | undefined;
  /** Requests this server reserved for the account and period and has not served yet. */
  unserved(accountId: string, periodId: string): number;
  /** Gives every unserved request back to the store (at shutdown). */
  release(): Promise<void>;
}

interface Lease {
  periodId: string;
  /** The monthly limit the lease was reserved under: a plan change ends the lease. */
  limit: number;
  remaining: number;
  /** The last reservation got less than it asked for: no reserving ahead until a request needs it. */
  spent: boolean;
}

export function createQuotaLedger(store: AccessStore): QuotaLedger {
  const leases = new Map<string, Lease>();
  /** The reservation in flight per account, resolving to what it granted. */
  const reserving = new Map<string, Promise<number>>();

  const leaseFor = (accountId: string, periodId: string, limit: number): Lease | undefined => {
    const lease = leases.get(accountId);
    return lease !== undefined && lease.periodId === periodId && lease.limit === limit ? lease : undefined;
  };

  function reserve(accountId: string, periodId: string, limit: number, count: number): Promise<number> {
    const reservation = store
      .reserveQuota(accountId, periodId, limit, count)
      .then((granted) => {
        let lease = leaseFor(accountId, periodId, limit);
        if (lease === undefined) {
          lease = { periodId, limit, remaining: 0, spent: false };
          leases.set(accountId, lease);
        }
        lease.remaining += granted;
        lease.spent = granted < count;
        return granted;
      })
      .finally(() => reserving.delete(accountId));
    reserving.set(accountId, reservation);
    return reservation;
  }

  /**
   * Serves one request from `lease`. When a quarter of a lease is left, the rest of the next one is
   * reserved in the background, so steady traffic never waits for the store; what is held stays within
   * one lease (the reservation tops the lease up to `leaseSize`, it does not add a whole one).
   */
  function take(lease: Lease, accountId: string, limit: number): true {
    lease.remaining--;
    const size = leaseSize(limit);
    if (!lease.spent && lease.remaining <= size / 4 && !reserving.has(accountId)) {
      // A failure here is not the request's: the request that finds the lease empty asks again, and fails.
      reserve(accountId, lease.periodId, limit, size - lease.remaining).catch(() => undefined);
    }
    return true;
  }

  return {
    chargeNow(accountId, periodId, limit) {
      const lease = leaseFor(accountId, periodId, limit);
      if (lease === undefined || lease.remaining === 0) return undefined;
      return take(lease, accountId, limit);
    },
    async charge(accountId, periodId, limit) {
      const stale = leases.get(accountId);
      if (stale !== undefined && leaseFor(accountId, periodId, limit) === undefined) {
        // A new period, or the account's plan changed: what was reserved under the old terms goes back.
        leases.delete(accountId);
        if (stale.periodId === periodId) await store.releaseQuota(accountId, stale.periodId, stale.remaining);
      }
      const size = leaseSize(limit);
      if (size === 1) return (await store.chargeQuota(accountId, periodId, limit)).admitted;
      for (;;) {
        const lease = leaseFor(accountId, periodId, limit);
        if (lease !== undefined && lease.remaining > 0) return take(lease, accountId, limit);
        // Join the reservation in flight, or make one; a reservation that granted nothing means spent.
        const granted = await (reserving.get(accountId) ?? reserve(accountId, periodId, limit, size));
        const after = leaseFor(accountId, periodId, limit);
        if (after !== undefined && after.remaining > 0) return take(after, accountId, limit);
        if (granted === 0) return false;
      }
    },
    unserved(accountId, periodId) {
      const lease = leases.get(accountId);
      return lease !== undefined && lease.periodId === periodId ? lease.remaining : 0;
    },
    async release() {
      await Promise.allSettled([...reserving.values()]);
      for (const [accountId, lease] of leases) {
        await store.releaseQuota(accountId, lease.periodId, lease.remaining);
      }
      leases.clear();
    },
  };
}
