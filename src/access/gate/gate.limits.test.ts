import { describe, expect, it } from "vitest";
import { isAccessError } from "../errors.js";
import { createMemoryRateWindow } from "../window/memory.js";
import { gateFixture, T0_MS } from "./gate.fixture.js";
import { type Admission, type AdmitInput, createGate } from "./gate.js";

const ADDRESS = "203.0.113.7";
const OTHER_ADDRESS = "198.51.100.20";
const RESET_AT_S = T0_MS / 1_000 + 60;

function rejection(admission: Admission) {
  if (admission.admitted) throw new Error(`expected a rejection, got ${JSON.stringify(admission)}`);
  return admission;
}

function keyed(authorization: string | undefined, clientAddress = ADDRESS): AdmitInput {
  return { authorization, clientAddress, endpoint: "keyed" };
}

describe("createGate: the minute window", () => {
  it("answers rate_limited past the plan's per-minute limit, with the seconds left in the minute", async () => {
    const f = gateFixture();
    await f.store.setPlan("tiny", { perMinute: 3, perMonth: 1_000 });
    const { keyId, header } = await f.account("tiny");
    for (let i = 0; i < 3; i++) expect((await f.gate.admit(keyed(header))).admitted).toBe(true);
    f.clock.nowMs = T0_MS + 45_200;
    const refused = rejection(await f.gate.admit(keyed(header)));
    expect(refused).toEqual({
      admitted: false,
      code: "rate_limited",
      message: `rate limit of 3 requests a minute exceeded for key ${keyId}; retry in 15 s`,
      retryAfterS: 15,
      window: { limit: 3, remaining: 0, resetAtS: RESET_AT_S },
    });
    f.clock.nowMs = T0_MS + 60_000;
    expect(await f.gate.admit(keyed(header))).toMatchObject({
      admitted: true,
      window: { limit: 3, remaining: 2, resetAtS: RESET_AT_S + 60 },
    });
  });

  it("counts each key of an account in its own window, and a refused request not against the quota", async () => {
    const f = gateFixture();
    await f.store.setPlan("tiny", { perMinute: 1, perMonth: 1_000 });
    const first = await f.account("tiny");
    const second = await f.key(first.accountId);
    expect((await f.gate.admit(keyed(first.header))).admitted).toBe(true);
    expect(rejection(await f.gate.admit(keyed(first.header))).code).toBe("rate_limited");
    expect((await f.gate.admit(keyed(second.header))).admitted).toBe(true);
    expect((await f.gate.usage(first.keyId)).quota.used).toBe(2);
  });

  it("limits requests without a valid key per client address, before answering invalid_key", async () => {
    const f = gateFixture({ anonymousPerMinute: 2 });
    const bad = "Bearer wc_ABCDEFabcdef0123456789ABCDEFab";
    expect(rejection(await f.gate.admit(keyed(undefined))).code).toBe("invalid_key");
    expect(rejection(await f.gate.admit(keyed(bad))).code).toBe("invalid_key");
    const limited = rejection(await f.gate.admit(keyed(bad)));
    expect(limited).toMatchObject({
      code: "rate_limited",
      retryAfterS: 60,
      window: { limit: 2, remaining: 0 },
    });
    expect(limited.message).toContain(`without a valid API key from ${ADDRESS}`);
    expect(rejection(await f.gate.admit(keyed(undefined, OTHER_ADDRESS))).code).toBe("invalid_key");
  });

  it("admits exactly 50 of 200 concurrent requests of one key against a limit of 50 a minute", async () => {
    const f = gateFixture();
    await f.store.setPlan("fifty", { perMinute: 50, perMonth: 1_000_000 });
    const { header } = await f.account("fifty");
    const admissions = await Promise.all(Array.from({ length: 200 }, () => f.gate.admit(keyed(header))));
    expect(admissions.filter((a) => a.admitted)).toHaveLength(50);
    expect(admissions.filter((a) => !a.admitted && a.code === "rate_limited")).toHaveLength(150);
  });
});

describe("createGate: the period quota", () => {
  it("answers quota_exceeded after the trial's 20 requests, saying the limit, the reset and not to retry", async () => {
    const f = gateFixture();
    const { accountId, header } = await f.account("trial");
    for (let i = 0; i < 20; i++) expect((await f.gate.admit(keyed(header))).admitted).toBe(true);
    const refused = rejection(await f.gate.admit(keyed(header)));
    expect(refused.code).toBe("quota_exceeded");
    expect(refused.message).toContain("monthly quota of 20 requests");
    expect(refused.message).toContain(accountId);
    expect(refused.message).toContain("resets at 2025-04-01T00:00:00.000Z");
    expect(refused.message).toContain("Retrying does not help");
    expect(refused).not.toHaveProperty("retryAfterS");
    expect(refused.window).toEqual({ limit: 60, remaining: 39, resetAtS: RESET_AT_S });
  });

  it("spends one quota for all keys of an account and leaves another account untouched", async () => {
    const f = gateFixture();
    const first = await f.account("trial");
    const second = await f.key(first.accountId);
    const other = await f.account("trial");
    for (let i = 0; i < 10; i++) await f.gate.admit(keyed(first.header));
    for (let i = 0; i < 10; i++) await f.gate.admit(keyed(second.header));
    expect(rejection(await f.gate.admit(keyed(first.header))).code).toBe("quota_exceeded");
    expect(rejection(await f.gate.admit(keyed(second.header))).code).toBe("quota_exceeded");
    expect((await f.gate.admit(keyed(other.header))).admitted).toBe(true);
    expect((await f.gate.usage(other.keyId)).quota.used).toBe(1);
  });

  it("admits again when the calendar month ends, or once a plan with a higher limit is in force", async () => {
    const f = gateFixture();
    const { accountId, header } = await f.account("trial");
    for (let i = 0; i < 20; i++) await f.gate.admit(keyed(header));
    expect(rejection(await f.gate.admit(keyed(header))).code).toBe("quota_exceeded");
    await f.store.setAccountPlan(accountId, "starter");
    f.clock.nowMs += 2_000;
    expect(await f.gate.admit(keyed(header))).toMatchObject({
      admitted: true,
      caller: { plan: { name: "starter" } },
    });
    await f.store.setAccountPlan(accountId, "trial");
    f.clock.nowMs = Date.UTC(2025, 2, 31, 23, 59, 59, 999);
    expect(rejection(await f.gate.admit(keyed(header))).code).toBe("quota_exceeded");
    f.clock.nowMs = Date.UTC(2025, 3, 1);
    expect((await f.gate.admit(keyed(header))).admitted).toBe(true);
  });

  it("admits exactly 50 of 200 concurrent requests of one account against a quota of 50", async () => {
    const f = gateFixture();
    await f.store.setPlan("fifty", { perMinute: 1_000, perMonth: 50 });
    const first = await f.account("fifty");
    const second = await f.key(first.accountId);
    const admissions = await Promise.all(
      Array.from({ length: 200 }, (_, i) => f.gate.admit(keyed(i % 2 ? first.header : second.header))),
    );
    expect(admissions.filter((a) => a.admitted)).toHaveLength(50);
    expect(admissions.filter((a) => !a.admitted && a.code === "quota_exceeded")).toHaveLength(150);
    expect((await f.gate.usage(first.keyId)).quota.used).toBe(50);
  });
});

describe("createGate: /usage and /corpus", () => {
  it("counts /usage against neither the window nor the quota, and answers it when both are spent", async () => {
    const f = gateFixture();
    await f.store.setPlan("tiny", { perMinute: 2, perMonth: 2 });
    const { header } = await f.account("tiny");
    const usage = () => f.gate.admit({ authorization: header, clientAddress: ADDRESS, endpoint: "usage" });
    expect(await usage()).toMatchObject({ admitted: true, window: { limit: 2, remaining: 2 } });
    for (let i = 0; i < 5; i++) await usage();
    expect((await f.gate.admit(keyed(header))).admitted).toBe(true);
    expect((await f.gate.admit(keyed(header))).admitted).toBe(true);
    expect(rejection(await f.gate.admit(keyed(header))).code).toBe("rate_limited");
    expect(await usage()).toMatchObject({ admitted: true, window: { remaining: 0 } });
  });

  it("answers /usage without a valid key with invalid_key", async () => {
    const f = gateFixture();
    const refused = rejection(
      await f.gate.admit({ authorization: undefined, clientAddress: ADDRESS, endpoint: "usage" }),
    );
    expect(refused).toMatchObject({ code: "invalid_key", window: { limit: 60, remaining: 60 } });
  });

  it("admits /corpus without a key, limited per client address and never charged to a quota", async () => {
    const f = gateFixture({ anonymousPerMinute: 2 });
    const corpus = (authorization: string | undefined, clientAddress = ADDRESS) =>
      f.gate.admit({ authorization, clientAddress, endpoint: "public" });
    expect(await corpus(undefined)).toEqual({
      admitted: true,
      caller: undefined,
      window: { limit: 2, remaining: 1, resetAtS: RESET_AT_S },
    });
    expect((await corpus("Basic xyz")).admitted).toBe(true);
    expect(rejection(await corpus(undefined)).code).toBe("rate_limited");
    expect((await corpus(undefined, OTHER_ADDRESS)).admitted).toBe(true);
  });

  it("counts /corpus with a valid key in the key's window, not in its quota", async () => {
    const f = gateFixture({ anonymousPerMinute: 1 });
    const { keyId, header } = await f.account("trial");
    for (let i = 0; i < 3; i++) {
      expect(
        await f.gate.admit({ authorization: header, clientAddress: ADDRESS, endpoint: "public" }),
      ).toMatchObject({
        admitted: true,
        caller: { keyId },
      });
    }
    const report = await f.gate.usage(keyId);
    expect(report.quota.used).toBe(0);
    expect(report.window.remaining).toBe(57);
  });
});

describe("createGate: usage", () => {
  it("reports the plan, the account's quota for the month and the key's window", async () => {
    const f = gateFixture();
    const { accountId, keyId, secret, header } = await f.account("trial");
    for (let i = 0; i < 3; i++) await f.gate.admit(keyed(header));
    expect(await f.gate.usage(keyId)).toEqual({
      keyId,
      keyPrefix: secret.slice(0, 9),
      accountId,
      plan: { name: "trial", perMinute: 60, perMonth: 20 },
      quota: {
        limit: 20,
        used: 3,
        remaining: 17,
        periodStart: "2025-03-01T00:00:00.000Z",
        periodEnd: "2025-04-01T00:00:00.000Z",
      },
      window: { limit: 60, remaining: 57, resetAtS: RESET_AT_S },
    });
  });

  it("throws not_found naming a key that does not exist", async () => {
    const f = gateFixture();
    const error = await f.gate.usage("key_missing").catch((e: unknown) => e);
    expect(isAccessError(error, "not_found")).toBe(true);
    expect((error as Error).message).toContain('"key_missing"');
  });
});

describe("createGate: options", () => {
  it("refuses an anonymous limit that is not a whole number from 1", () => {
    const f = gateFixture();
    for (const bad of [0, 1.5, Number.NaN]) {
      expect(() =>
        createGate({ store: f.store, window: createMemoryRateWindow(), anonymousPerMinute: bad }),
      ).toThrow(`anonymousPerMinute must be a whole number from 1, got ${bad}`);
    }
  });
});
