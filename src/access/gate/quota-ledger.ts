/**
 * The monthly quota, counted without a database write per request. For a plan with a large monthly
 * limit the server reserves a small lease of requests in one atomic step and hands them out from memory;
 * the store's count includes the lease, so however many servers share an account, the account is never
 * admitted one request over its limit. Small plans (the trial's 20 a month) lease one request at a time:
 * every request is counted in the store as it comes. Unserved leases are given back on shutdown. Near the
 * end of a large quota, a server may refuse while another still holds an unserved lease (at most 1,024).
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
}

export function createQuotaLedger(store: AccessStore): QuotaLedger {
  const leases = new Map<string, Lease>();
  return {
    chargeNow(accountId, periodId, limit) {
      const lease = leases.get(accountId);
      if (
        lease === undefined ||
        lease.periodId !== periodId ||
        lease.limit !== limit ||
        lease.remaining === 0
      ) {
        return undefined;
      }
      lease.remaining--;
      return true;
    },
    async charge(accountId, periodId, limit) {
      const lease = leases.get(accountId);
      if (lease !== undefined && lease.periodId === periodId && lease.limit === limit) {
        if (lease.remaining > 0) {
          lease.remaining--;
          return true;
        }
      } else if (lease !== undefined) {
        // A new period, or the account's plan changed: what was reserved under the old terms goes back.
        leases.delete(accountId);
        if (lease.periodId === periodId) await store.releaseQuota(accountId, lease.periodId, lease.remaining);
      }
      const size = leaseSize(limit);
      if (size === 1) return (await store.chargeQuota(accountId, periodId, limit)).admitted;
      const granted = await store.reserveQuota(accountId, periodId, limit, size);
      // Concurrent requests may each have reserved, or found nothing left because another one just took
      // the last lease: add to what is held (never overwrite it), then serve from it.
      let held = leases.get(accountId);
      if (held === undefined || held.periodId !== periodId || held.limit !== limit) {
        held = { periodId, limit, remaining: 0 };
        leases.set(accountId, held);
      }
      held.remaining += granted;
      if (held.remaining === 0) return false;
      held.remaining--;
      return true;
    },
    unserved(accountId, periodId) {
      const lease = leases.get(accountId);
      return lease !== undefined && lease.periodId === periodId ? lease.remaining : 0;
    },
    async release() {
      for (const [accountId, lease] of leases) {
        await store.releaseQuota(accountId, lease.periodId, lease.remaining);
      }
      leases.clear();
    },
  };
}
