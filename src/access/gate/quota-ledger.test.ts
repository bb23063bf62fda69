import { describe, expect, it } from "vitest";
import { openSqliteAccessStore } from "../store/sqlite.js";
import { createQuotaLedger, leaseSize, MAX_LEASE } from "./quota-ledger.js";

async function fixture() {
  const store = openSqliteAccessStore({ path: ":memory:" });
  const account = await store.createAccount({ plan: "trial" });
  return { store, account: account.id, ledger: createQuotaLedger(store) };
}

describe("quota ledger", () => {
  it("leases one request at a time for small plans, and up to MAX_LEASE for large ones", () => {
    expect(leaseSize(20)).toBe(1);
    expect(leaseSize(100_000)).toBe(10);
    expect(leaseSize(2_000_000)).toBe(200);
    expect(leaseSize(20_000_000)).toBe(MAX_LEASE);
  });

  it("counts every request of a small plan in the store as it is admitted", async () => {
    const { store, account, ledger } = await fixture();
    for (let i = 0; i < 20; i++) expect(await ledger.charge(account, "2026-11", 20)).toBe(true);
    expect(await ledger.charge(account, "2026-11", 20)).toBe(false);
    expect(await store.quotaUsed(account, "2026-11")).toBe(20);
    expect(ledger.unserved(account, "2026-11")).toBe(0);
  });

  it("serves a large plan from a lease, counted ahead in the store, and gives back what it did not serve", async () => {
    const { store, account, ledger } = await fixture();
    for (let i = 0; i < 10; i++) await ledger.charge(account, "2026-11", 20_000_000);
    expect(await store.quotaUsed(account, "2026-11")).toBe(MAX_LEASE);
    expect(ledger.unserved(account, "2026-11")).toBe(MAX_LEASE - 10);
    await ledger.release();
    expect(await store.quotaUsed(account, "2026-11")).toBe(10);
  });

  it("never admits an account over its limit, whatever the lease size and however many servers share it", async () => {
    const { store, account } = await fixture();
    const servers = [createQuotaLedger(store), createQuotaLedger(store), createQuotaLedger(store)];
    // 650,000 a month leases 65 at a time; pretend 649,900 were already used this month.
    await store.reserveQuota(account, "2026-11", 650_000, 649_900);
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        (servers[i % 3] as (typeof servers)[number]).charge(account, "2026-11", 650_000),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(100);
    expect(await store.quotaUsed(account, "2026-11")).toBe(650_000);
  });

  it("starts a new lease in a new period", async () => {
    const { store, account, ledger } = await fixture();
    await ledger.charge(account, "2026-11", 20_000_000);
    await ledger.charge(account, "2026-12", 20_000_000);
    expect(await store.quotaUsed(account, "2026-12")).toBe(MAX_LEASE);
    expect(ledger.unserved(account, "2026-12")).toBe(MAX_LEASE - 1);
    expect(ledger.unserved(account, "2026-11")).toBe(0);
  });
});

describe("quota ledger and plan changes", () => {
  it("gives back a lease when the account's limit changes, so a smaller plan stops at once", async () => {
    const { store, account, ledger } = await fixture();
    expect(await ledger.charge(account, "2026-11", 20_000_000)).toBe(true);
    expect(await store.quotaUsed(account, "2026-11")).toBe(MAX_LEASE);
    expect(await ledger.charge(account, "2026-11", 1)).toBe(false);
    expect(await store.quotaUsed(account, "2026-11")).toBe(1);
  });
});

describe("quota ledger under concurrent requests", () => {
  it("makes one reservation at a time per account: concurrent requests wait for it, so one lease is held", async () => {
    const { store, account, ledger } = await fixture();
    let reservations = 0;
    const counting = new Proxy(store, {
      get(target, property) {
        if (property === "reserveQuota") {
          return (...args: Parameters<typeof store.reserveQuota>) => {
            reservations++;
            return target.reserveQuota(...args);
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const concurrent = createQuotaLedger(counting);
    // 1,000,000 a month leases 100 at a time: 250 concurrent requests need three leases, not 250.
    const results = await Promise.all(
      Array.from({ length: 250 }, () => concurrent.charge(account, "2026-11", 1_000_000)),
    );
    expect(results.every(Boolean)).toBe(true);
    // Not one reservation per request: a few, each joined by the requests that found the lease empty.
    expect(reservations).toBeLessThanOrEqual(5);
    const held = concurrent.unserved(account, "2026-11");
    expect(held).toBeLessThanOrEqual(100);
    expect(await store.quotaUsed(account, "2026-11")).toBe(250 + held);
    expect(ledger.unserved(account, "2026-11")).toBe(0);
  });

  it("tops a lease running low up in the background: steady traffic never waits, and never holds more than a lease", async () => {
    const { store, account, ledger } = await fixture();
    let waited = 0;
    let mostHeld = 0;
    for (let i = 0; i < 1_000; i++) {
      if (ledger.chargeNow(account, "2026-11", 1_000_000) === undefined) {
        waited++;
        expect(await ledger.charge(account, "2026-11", 1_000_000)).toBe(true);
      }
      mostHeld = Math.max(mostHeld, ledger.unserved(account, "2026-11"));
      // A turn of the event loop between requests, as a server has.
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(waited).toBe(1);
    expect(mostHeld).toBeLessThanOrEqual(100);
    expect(await store.quotaUsed(account, "2026-11")).toBe(1_000 + ledger.unserved(account, "2026-11"));
  });

  it("refuses every waiting request once a reservation finds the quota spent", async () => {
    const { store, account } = await fixture();
    await store.reserveQuota(account, "2026-11", 1_000_000, 999_950);
    const ledger = createQuotaLedger(store);
    const results = await Promise.all(
      Array.from({ length: 120 }, () => ledger.charge(account, "2026-11", 1_000_000)),
    );
    expect(results.filter(Boolean)).toHaveLength(50);
    expect(await store.quotaUsed(account, "2026-11")).toBe(1_000_000);
  });
});
