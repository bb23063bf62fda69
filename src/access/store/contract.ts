/**
 * The behaviour every AccessStore must have, as one suite: an implementation's test file calls
 * `runAccessStoreContract` with a factory, so SQLite today and PostgreSQL later pass the same tests.
 */
import { describe, expect, it } from "vitest";
import { isAccessError } from "../errors.js";
import { type AccessStore, keyStatus } from "./interface.js";
import { base62Bits } from "./random.js";
import { hashSecret, SECRET_PREFIX } from "./secret.js";

/** Opens an empty store whose clock is `now`. */
export type AccessStoreFactory = (now: () => number) => Promise<AccessStore>;

/** 2025-03-15T12:00:00Z: the middle of a month, far from any period boundary. */
const START_MS = Date.UTC(2025, 2, 15, 12);

async function withStore(
  open: AccessStoreFactory,
  body: (store: AccessStore, clock: Clock) => Promise<void>,
) {
  const clock = new Clock(START_MS);
  const store = await open(() => clock.nowMs);
  try {
    await body(store, clock);
  } finally {
    await store.close();
  }
}

class Clock {
  constructor(public nowMs: number) {}
  advance(ms: number): void {
    this.nowMs += ms;
  }
}

async function expectAccessError(promise: Promise<unknown>, code: string, text: string): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isAccessError(error)) throw new Error(`expected an AccessError ${code}, got ${String(error)}`);
  expect(error.code).toBe(code);
  expect(error.message).toContain(text);
}

export function runAccessStoreContract(name: string, open: AccessStoreFactory): void {
  const test = (title: string, body: (store: AccessStore, clock: Clock) => Promise<void>) =>
    it(title, () => withStore(open, body));

  describe(`AccessStore contract: ${name}`, () => {
    describe("plans", () => {
      test("seeds trial at 60 a minute and 20 a month, and starter, growth and demo", async (store) => {
        const plans = await store.listPlans();
        expect(plans.map((p) => p.name).sort()).toEqual(["demo", "growth", "starter", "trial"]);
        expect(await store.findPlan("trial")).toMatchObject({ perMinute: 60, perMonth: 20 });
      });

      test("creates a plan and changes only the limits it is given", async (store) => {
        await store.setPlan("partner", { perMinute: 10, perMonth: 1_000, description: "Partners" });
        const changed = await store.setPlan("partner", { perMonth: 5_000 });
        expect(changed).toEqual({ name: "partner", perMinute: 10, perMonth: 5_000, description: "Partners" });
        expect(await store.findPlan("partner")).toEqual(changed);
        expect(await store.findPlan("nope")).toBeUndefined();
      });

      test("refuses a bad plan name, a bad limit and a new plan without both limits", async (store) => {
        await expectAccessError(
          store.setPlan("Big Plan", { perMinute: 1, perMonth: 1 }),
          "invalid_request",
          '"Big Plan"',
        );
        await expectAccessError(store.setPlan("trial", { perMinute: 0 }), "invalid_request", "got 0");
        await expectAccessError(store.setPlan("trial", { perMonth: 1.5 }), "invalid_request", "got 1.5");
        await expectAccessError(store.setPlan("fresh", { perMinute: 5 }), "invalid_request", "both");
        expect(await store.findPlan("trial")).toMatchObject({ perMinute: 60, perMonth: 20 });
      });
    });

    describe("accounts", () => {
      test("creates accounts with public ids, lists them oldest first and counts them", async (store, clock) => {
        expect(await store.countAccounts()).toBe(0);
        const first = await store.createAccount({ plan: "trial", name: "Acme" });
        clock.advance(1);
        const second = await store.createAccount({ plan: "starter" });
        expect(first).toEqual({ id: first.id, name: "Acme", plan: "trial", createdAtMs: START_MS });
        expect(first.id).toMatch(/^acc_[0-9A-Za-z]{12}$/);
        expect(second.name).toBe("");
        expect(await store.listAccounts()).toEqual([first, second]);
        expect(await store.findAccount(second.id)).toEqual(second);
        expect(await store.findAccount("acc_missing")).toBeUndefined();
        expect(await store.countAccounts()).toBe(2);
      });

      test("refuses an account on a plan that does not exist", async (store) => {
        await expectAccessError(store.createAccount({ plan: "platinum" }), "not_found", '"platinum"');
        expect(await store.countAccounts()).toBe(0);
      });

      test("moves an account to another plan, and names what is missing", async (store) => {
        const account = await store.createAccount({ plan: "trial" });
        expect(await store.setAccountPlan(account.id, "growth")).toMatchObject({ plan: "growth" });
        await expectAccessError(store.setAccountPlan(account.id, "platinum"), "not_found", '"platinum"');
        await expectAccessError(store.setAccountPlan("acc_missing", "trial"), "not_found", '"acc_missing"');
        expect(await store.findAccount(account.id)).toMatchObject({ plan: "growth" });
      });
    });

    describe("keys", () => {
      test("creates a key whose secret is wc_ and at least 128 random bits, found by its hash", async (store) => {
        const account = await store.createAccount({ plan: "trial" });
        const { key, secret } = await store.createKey({ accountId: account.id, name: "production" });
        expect(secret.startsWith(SECRET_PREFIX)).toBe(true);
        expect(base62Bits(secret.length - SECRET_PREFIX.length)).toBeGreaterThanOrEqual(128);
        expect(secret).toMatch(/^wc_[0-9A-Za-z]+$/);
        expect(key).toMatchObject({ accountId: account.id, name: "production", createdAtMs: START_MS });
        expect(key.id).toMatch(/^key_[0-9A-Za-z]{12}$/);
        expect(secret.startsWith(key.prefix)).toBe(true);
        expect(key.prefix.length).toBeLessThan(12);
        const grant = await store.findKeyByHash(hashSecret(secret));
        expect(grant).toEqual({ key, account, plan: await store.findPlan("trial") });
        expect(await store.findKey(key.id)).toEqual(grant);
        expect(await store.findKeyByHash(hashSecret(`${secret}x`))).toBeUndefined();
        expect(await store.findKey("key_missing")).toBeUndefined();
      });

      test("names a key default when no name is given, and refuses an empty name", async (store) => {
        const account = await store.createAccount({ plan: "trial" });
        expect((await store.createKey({ accountId: account.id })).key.name).toBe("default");
        await expectAccessError(
          store.createKey({ accountId: account.id, name: "" }),
          "invalid_request",
          "empty",
        );
      });

      test("refuses a key for an account that does not exist", async (store) => {
        await expectAccessError(store.createKey({ accountId: "acc_missing" }), "not_found", '"acc_missing"');
      });

      test("lists keys oldest first, by account, and never with their secret", async (store, clock) => {
        const a = await store.createAccount({ plan: "trial" });
        const b = await store.createAccount({ plan: "trial" });
        const a1 = await store.createKey({ accountId: a.id });
        clock.advance(1);
        const b1 = await store.createKey({ accountId: b.id });
        clock.advance(1);
        const a2 = await store.createKey({ accountId: a.id, name: "staging" });
        const all = await store.listKeys();
        expect(all.map((k) => k.id)).toEqual([a1.key.id, b1.key.id, a2.key.id]);
        expect((await store.listKeys({ accountId: a.id })).map((k) => k.id)).toEqual([a1.key.id, a2.key.id]);
        for (const secret of [a1.secret, b1.secret, a2.secret]) {
          expect(JSON.stringify(all)).not.toContain(secret);
          expect(JSON.stringify(all)).not.toContain(hashSecret(secret));
        }
      });

      test("a grant follows its account's plan and the plan's limits", async (store) => {
        const account = await store.createAccount({ plan: "trial" });
        const { secret } = await store.createKey({ accountId: account.id });
        await store.setAccountPlan(account.id, "starter");
        await store.setPlan("starter", { perMonth: 7 });
        const grant = await store.findKeyByHash(hashSecret(secret));
        expect(grant?.plan).toMatchObject({ name: "starter", perMonth: 7 });
        expect(grant?.account.plan).toBe("starter");
      });

      test("disables a key once: disabling again keeps the first time", async (store, clock) => {
        const account = await store.createAccount({ plan: "trial" });
        const { key } = await store.createKey({ accountId: account.id });
        clock.advance(5_000);
        const disabled = await store.disableKey(key.id);
        expect(disabled.disabledAtMs).toBe(START_MS + 5_000);
        expect(keyStatus(disabled, clock.nowMs)).toBe("disabled");
        clock.advance(5_000);
        expect((await store.disableKey(key.id)).disabledAtMs).toBe(START_MS + 5_000);
        expect((await store.findKey(key.id))?.key.disabledAtMs).toBe(START_MS + 5_000);
        await expectAccessError(store.disableKey("key_missing"), "not_found", '"key_missing"');
      });

      test("rotates a key: a new key for the same account and name, the old one until the grace ends", async (store, clock) => {
        const account = await store.createAccount({ plan: "trial" });
        const old = await store.createKey({ accountId: account.id, name: "production" });
        clock.advance(1_000);
        const { created, previous } = await store.rotateKey(old.key.id, 3_600_000);
        expect(created.key).toMatchObject({ accountId: account.id, name: "production" });
        expect(created.secret).not.toBe(old.secret);
        expect(previous).toMatchObject({ id: old.key.id, replacedBy: created.key.id });
        expect(previous.expiresAtMs).toBe(clock.nowMs + 3_600_000);
        const stored = await store.findKeyByHash(hashSecret(old.secret));
        expect(stored?.key).toEqual(previous);
        expect(keyStatus(previous, clock.nowMs + 3_599_999)).toBe("rotating");
        expect(keyStatus(previous, clock.nowMs + 3_600_000)).toBe("expired");
        expect((await store.findKeyByHash(hashSecret(created.secret)))?.key.id).toBe(created.key.id);
      });

      test("refuses to rotate a disabled or already rotated key, or with a negative grace", async (store) => {
        const account = await store.createAccount({ plan: "trial" });
        const disabled = await store.createKey({ accountId: account.id });
        await store.disableKey(disabled.key.id);
        await expectAccessError(store.rotateKey(disabled.key.id, 0), "conflict", "disabled");
        const rotated = await store.createKey({ accountId: account.id });
        const { created } = await store.rotateKey(rotated.key.id, 0);
        await expectAccessError(store.rotateKey(rotated.key.id, 0), "conflict", created.key.id);
        await expectAccessError(store.rotateKey(created.key.id, -1), "invalid_request", "got -1");
        await expectAccessError(store.rotateKey("key_missing", 0), "not_found", '"key_missing"');
        expect(await store.listKeys({ accountId: account.id })).toHaveLength(3);
      });
    });

    describe("quota", () => {
      test("admits up to the limit, then refuses without counting", async (store) => {
        const account = await store.createAccount({ plan: "trial" });
        const used: number[] = [];
        for (let i = 0; i < 3; i++) {
          const charge = await store.chargeQuota(account.id, "2025-03", 3);
          if (charge.admitted) used.push(charge.used);
        }
        expect(used).toEqual([1, 2, 3]);
        expect(await store.chargeQuota(account.id, "2025-03", 3)).toEqual({ admitted: false });
        expect(await store.quotaUsed(account.id, "2025-03")).toBe(3);
      });

      test("counts each account and each period apart", async (store) => {
        const a = await store.createAccount({ plan: "trial" });
        const b = await store.createAccount({ plan: "trial" });
        await store.chargeQuota(a.id, "2025-03", 1);
        expect(await store.chargeQuota(a.id, "2025-03", 1)).toEqual({ admitted: false });
        expect(await store.chargeQuota(b.id, "2025-03", 1)).toEqual({ admitted: true, used: 1 });
        expect(await store.chargeQuota(a.id, "2025-04", 1)).toEqual({ admitted: true, used: 1 });
        expect(await store.quotaUsed(a.id, "2025-03")).toBe(1);
        expect(await store.quotaUsed(b.id, "2025-05")).toBe(0);
      });

      test("a higher limit admits again once spent, a lower one stops at once", async (store) => {
        const account = await store.createAccount({ plan: "trial" });
        for (let i = 0; i < 5; i++) await store.chargeQuota(account.id, "2025-03", 5);
        expect(await store.chargeQuota(account.id, "2025-03", 5)).toEqual({ admitted: false });
        expect(await store.chargeQuota(account.id, "2025-03", 6)).toEqual({ admitted: true, used: 6 });
        expect(await store.chargeQuota(account.id, "2025-03", 2)).toEqual({ admitted: false });
        expect(await store.chargeQuota(account.id, "2025-03", 0)).toEqual({ admitted: false });
      });

      test("a limit of 0 admits nothing, even the first request of a period", async (store) => {
        const account = await store.createAccount({ plan: "trial" });
        expect(await store.chargeQuota(account.id, "2025-03", 0)).toEqual({ admitted: false });
        expect(await store.quotaUsed(account.id, "2025-03")).toBe(0);
      });

      test("reserves as many requests as the limit still allows, and takes back what is released", async (store) => {
        const account = await store.createAccount({ plan: "trial" });
        expect(await store.reserveQuota(account.id, "2025-03", 10, 4)).toBe(4);
        expect(await store.reserveQuota(account.id, "2025-03", 10, 4)).toBe(4);
        expect(await store.reserveQuota(account.id, "2025-03", 10, 4)).toBe(2);
        expect(await store.reserveQuota(account.id, "2025-03", 10, 4)).toBe(0);
        expect(await store.chargeQuota(account.id, "2025-03", 10)).toEqual({ admitted: false });
        await store.releaseQuota(account.id, "2025-03", 3);
        expect(await store.quotaUsed(account.id, "2025-03")).toBe(7);
        expect(await store.reserveQuota(account.id, "2025-03", 10, 5)).toBe(3);
        expect(await store.reserveQuota(account.id, "2025-04", 0, 5)).toBe(0);
      });

      test("200 concurrent reservations of 3 against a limit of 50 grant exactly 50", async (store) => {
        const account = await store.createAccount({ plan: "trial" });
        const granted = await Promise.all(
          Array.from({ length: 200 }, () => store.reserveQuota(account.id, "2025-03", 50, 3)),
        );
        expect(granted.reduce((a, b) => a + b, 0)).toBe(50);
        expect(await store.quotaUsed(account.id, "2025-03")).toBe(50);
      });

      test("200 concurrent charges against a limit of 50 admit exactly 50", async (store) => {
        const account = await store.createAccount({ plan: "trial" });
        const charges = await Promise.all(
          Array.from({ length: 200 }, () => store.chargeQuota(account.id, "2025-03", 50)),
        );
        const admitted = charges.filter((c) => c.admitted);
        expect(admitted).toHaveLength(50);
        expect(admitted.map((c) => c.used).sort((x, y) => x - y)).toEqual(
          Array.from({ length: 50 }, (_, i) => i + 1),
        );
        expect(await store.quotaUsed(account.id, "2025-03")).toBe(50);
      });
    });

    describe("copying records", () => {
      test("exports every plan, account and key with its hash, and the usage of the periods asked for", async (store, clock) => {
        await store.setPlan("partner", { perMinute: 7, perMonth: 700, description: "Partners" });
        const account = await store.createAccount({ plan: "partner", name: "Acme" });
        const first = await store.createKey({ accountId: account.id, name: "production" });
        clock.advance(1);
        const { created } = await store.rotateKey(first.key.id, 60_000);
        const disabled = await store.createKey({ accountId: account.id, name: "staging" });
        await store.disableKey(disabled.key.id);
        await store.chargeQuota(account.id, "2025-03", 10);
        await store.reserveQuota(account.id, "2025-02", 10, 4);
        const records = await store.exportRecords(["2025-03"]);
        expect(records.plans).toEqual(await store.listPlans());
        expect(records.accounts).toEqual([account]);
        expect(records.keys.map((k) => k.id)).toEqual([first.key.id, created.key.id, disabled.key.id]);
        const listed = await store.listKeys();
        for (const [i, key] of records.keys.entries()) {
          expect(key).toEqual({
            ...listed[i],
            secretSha256: hashSecret([first.secret, created.secret, disabled.secret][i] ?? ""),
          });
        }
        expect(records.usage).toEqual([{ accountId: account.id, periodId: "2025-03", used: 1 }]);
        expect((await store.exportRecords(["2025-02", "2025-03"])).usage).toHaveLength(2);
      });

      test("imports another store's records twice without counting anything twice, and its keys work", async (source, clock) => {
        const target = await open(() => clock.nowMs);
        try {
          await source.setPlan("trial", { perMonth: 50 });
          const account = await source.createAccount({ plan: "trial", name: "Acme" });
          const { key, secret } = await source.createKey({ accountId: account.id });
          const gone = await source.createKey({ accountId: account.id, name: "old" });
          await source.disableKey(gone.key.id);
          for (let i = 0; i < 3; i++) await source.chargeQuota(account.id, "2025-03", 50);
          const records = await source.exportRecords(["2025-03"]);
          await target.importRecords(records);
          await target.importRecords(records);
          expect(await target.findPlan("trial")).toMatchObject({ perMonth: 50 });
          expect(await target.listAccounts()).toEqual([account]);
          expect(await target.findKeyByHash(hashSecret(secret))).toEqual(
            await source.findKeyByHash(hashSecret(secret)),
          );
          expect((await target.findKey(key.id))?.key.id).toBe(key.id);
          expect(keyStatus((await target.findKey(gone.key.id))?.key ?? key, clock.nowMs)).toBe("disabled");
          expect(await target.quotaUsed(account.id, "2025-03")).toBe(3);
          // A count the target has gone past is kept; one it is behind is raised.
          await target.chargeQuota(account.id, "2025-03", 50);
          await target.importRecords(records);
          expect(await target.quotaUsed(account.id, "2025-03")).toBe(4);
          await source.chargeQuota(account.id, "2025-03", 50);
          await source.chargeQuota(account.id, "2025-03", 50);
          await target.importRecords(await source.exportRecords(["2025-03"]));
          expect(await target.quotaUsed(account.id, "2025-03")).toBe(5);
          // Imported accounts count: the target keeps charging the same account's quota.
          expect(await target.chargeQuota(account.id, "2025-03", 6)).toEqual({ admitted: true, used: 6 });
          expect(await target.countAccounts()).toBe(1);
        } finally {
          await target.close();
        }
      });
    });
  });
}
