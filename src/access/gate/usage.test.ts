import { describe, expect, it } from "vitest";
import { openSqliteAccessStore } from "../store/sqlite.js";
import { readAccountUsage } from "./usage.js";

describe("readAccountUsage", () => {
  it("reports the plan and the month's quota without counting a request", async () => {
    const nowMs = Date.UTC(2025, 1, 10);
    const store = openSqliteAccessStore({ path: ":memory:", now: () => nowMs });
    const account = await store.createAccount({ plan: "trial" });
    for (let i = 0; i < 4; i++) await store.chargeQuota(account.id, "2025-02", 20);
    const usage = await readAccountUsage(store, account.id, nowMs);
    expect(usage).toEqual({
      accountId: account.id,
      plan: { name: "trial", perMinute: 60, perMonth: 20 },
      quota: {
        limit: 20,
        used: 4,
        remaining: 16,
        periodStart: "2025-02-01T00:00:00.000Z",
        periodEnd: "2025-03-01T00:00:00.000Z",
      },
    });
    expect(await store.quotaUsed(account.id, "2025-02")).toBe(4);
    await store.close();
  });

  it("never reports a negative remainder after a move to a smaller plan", async () => {
    const nowMs = Date.UTC(2025, 1, 10);
    const store = openSqliteAccessStore({ path: ":memory:", now: () => nowMs });
    const account = await store.createAccount({ plan: "starter" });
    for (let i = 0; i < 25; i++) await store.chargeQuota(account.id, "2025-02", 100);
    await store.setAccountPlan(account.id, "trial");
    expect((await readAccountUsage(store, account.id, nowMs)).quota).toMatchObject({
      used: 25,
      remaining: 0,
    });
    await store.close();
  });

  it("throws not_found naming an account that does not exist", async () => {
    const store = openSqliteAccessStore({ path: ":memory:" });
    await expect(readAccountUsage(store, "acc_missing", 0)).rejects.toThrow(
      'no account with id "acc_missing"',
    );
    await store.close();
  });
});
