import { describe, expect, it } from "vitest";
import { gateFixture, T0_MS } from "./gate.fixture.js";
import type { Admission } from "./gate.js";

const ADDRESS = "203.0.113.7";
const RESET_AT_S = T0_MS / 1_000 + 60;

function rejection(admission: Admission) {
  if (admission.admitted) throw new Error(`expected a rejection, got ${JSON.stringify(admission)}`);
  return admission;
}

describe("createGate: identifying the caller", () => {
  it("admits a valid key with its key id, prefix, account, plan and minute window", async () => {
    const f = gateFixture();
    const { accountId, keyId, secret, header } = await f.account("trial");
    const admission = await f.gate.admit({
      authorization: header,
      clientAddress: ADDRESS,
      endpoint: "keyed",
    });
    expect(admission).toEqual({
      admitted: true,
      caller: {
        keyId,
        keyPrefix: secret.slice(0, 9),
        accountId,
        plan: { name: "trial", perMinute: 60, perMonth: 20, description: "Self-serve, free" },
      },
      window: { limit: 60, remaining: 59, resetAtS: RESET_AT_S },
    });
  });

  it("reads the Bearer scheme in any case and ignores surrounding spaces", async () => {
    const f = gateFixture();
    const { secret } = await f.account();
    const admission = await f.gate.admit({
      authorization: `  bearer   ${secret} `,
      clientAddress: ADDRESS,
      endpoint: "keyed",
    });
    expect(admission.admitted).toBe(true);
  });

  it("answers invalid_key when the header is missing, counting the request against the address", async () => {
    const f = gateFixture();
    const admission = rejection(
      await f.gate.admit({ authorization: undefined, clientAddress: ADDRESS, endpoint: "keyed" }),
    );
    expect(admission.code).toBe("invalid_key");
    expect(admission.message).toContain("Authorization: Bearer <API key>");
    expect(admission.window).toEqual({ limit: 60, remaining: 59, resetAtS: RESET_AT_S });
  });

  it("answers invalid_key for a malformed header with a message unlike an unknown key's", async () => {
    const f = gateFixture();
    const basic = rejection(
      await f.gate.admit({ authorization: "Basic dXNlcjpwYXNz", clientAddress: ADDRESS, endpoint: "keyed" }),
    );
    expect(basic.code).toBe("invalid_key");
    expect(basic.message).toContain('scheme "Basic"');
    expect(basic.message).not.toContain("dXNlcjpwYXNz");
    const bare = rejection(
      await f.gate.admit({ authorization: "Bearer", clientAddress: ADDRESS, endpoint: "keyed" }),
    );
    expect(bare.message).toContain("without a key");
    const foreign = rejection(
      await f.gate.admit({ authorization: "Bearer sk_live_abc", clientAddress: ADDRESS, endpoint: "keyed" }),
    );
    expect(foreign.message).toContain("not a wordclip API key");
    expect(f.keyLookups()).toBe(0);
  });

  it("answers invalid_key for an unknown key, showing its prefix and never the whole secret", async () => {
    const f = gateFixture();
    const secret = "wc_ABCDEFabcdef0123456789ABCDEFab";
    const admission = rejection(
      await f.gate.admit({ authorization: `Bearer ${secret}`, clientAddress: ADDRESS, endpoint: "keyed" }),
    );
    expect(admission.code).toBe("invalid_key");
    expect(admission.message).toBe("the API key wc_ABCDEF… is not known");
  });

  it("stops a disabled key within the two-second key cache, and not before a lookup expires", async () => {
    const f = gateFixture();
    const { keyId, header } = await f.account();
    const admit = () => f.gate.admit({ authorization: header, clientAddress: ADDRESS, endpoint: "keyed" });
    expect((await admit()).admitted).toBe(true);
    await f.store.disableKey(keyId);
    f.clock.nowMs += 1_999;
    expect((await admit()).admitted).toBe(true);
    f.clock.nowMs += 1;
    const refused = rejection(await admit());
    expect(refused.code).toBe("invalid_key");
    expect(refused.message).toContain(`${keyId} (wc_`);
    expect(refused.message).toContain("is disabled");
  });

  it("keeps a rotated key working until its grace ends to the millisecond, then names its successor", async () => {
    const f = gateFixture();
    const { keyId, header } = await f.account();
    const admit = (authorization: string) =>
      f.gate.admit({ authorization, clientAddress: ADDRESS, endpoint: "keyed" });
    expect((await admit(header)).admitted).toBe(true);
    const { created } = await f.store.rotateKey(keyId, 60_000);
    f.clock.nowMs += 2_000;
    expect((await admit(header)).admitted).toBe(true);
    f.clock.nowMs = T0_MS + 59_999;
    expect((await admit(header)).admitted).toBe(true);
    f.clock.nowMs = T0_MS + 60_000;
    const refused = rejection(await admit(header));
    expect(refused.code).toBe("invalid_key");
    expect(refused.message).toContain(`replaced by ${created.key.id}`);
    expect(refused.message).toContain(new Date(T0_MS + 60_000).toISOString());
    expect(await admit(`Bearer ${created.secret}`)).toMatchObject({
      admitted: true,
      caller: { keyId: created.key.id },
    });
  });

  it("looks a key up once for many requests within the cache time, including concurrent first ones", async () => {
    const f = gateFixture();
    const { header } = await f.account("growth");
    const admit = () => f.gate.admit({ authorization: header, clientAddress: ADDRESS, endpoint: "keyed" });
    await Promise.all(Array.from({ length: 20 }, admit));
    f.clock.nowMs += 999;
    await admit();
    expect(f.keyLookups()).toBe(1);
    // Not used for longer than the cache time: looked up again, and the request waits for it.
    f.clock.nowMs += 5_000;
    expect(admit()).toBeInstanceOf(Promise);
    expect(f.keyLookups()).toBe(2);
  });

  it("looks a key in steady use up again in the background, so its requests never wait for the store", async () => {
    const f = gateFixture();
    const { keyId, header } = await f.account("growth");
    const admit = () => f.gate.admit({ authorization: header, clientAddress: ADDRESS, endpoint: "keyed" });
    await admit();
    for (let i = 0; i < 10; i++) {
      f.clock.nowMs += 500;
      expect(admit()).not.toBeInstanceOf(Promise);
      await new Promise((resolve) => setImmediate(resolve));
    }
    // One lookup a second in the background (the first one, and one each time the lookup is 1 s old).
    expect(f.keyLookups()).toBe(6);
    // A change still arrives within the cache time: the lookup served is never older than 2 s.
    await f.store.disableKey(keyId);
    f.clock.nowMs += 1_000;
    admit();
    await new Promise((resolve) => setImmediate(resolve));
    f.clock.nowMs += 1;
    expect(rejection(await admit()).code).toBe("invalid_key");
  });

  it("reads the store again for every key after clearKeyCache", async () => {
    const f = gateFixture();
    const { keyId, header } = await f.account();
    const admit = () => f.gate.admit({ authorization: header, clientAddress: ADDRESS, endpoint: "keyed" });
    await admit();
    await f.store.disableKey(keyId);
    f.gate.clearKeyCache();
    expect(rejection(await admit()).code).toBe("invalid_key");
  });
});

describe("the gate while the access store does not answer", () => {
  const keyed = (authorization: string) => ({
    authorization,
    clientAddress: "203.0.113.9",
    endpoint: "keyed" as const,
  });

  it("admits a key it looked up before from its lease, and fails others with unavailable", async () => {
    const f = gateFixture();
    await f.store.setPlan("big", { perMinute: 1_000, perMonth: 10_000_000 });
    const known = await f.account("big");
    const unknown = await f.account("big");
    expect(await f.gate.admit(keyed(known.header))).toMatchObject({ admitted: true });
    f.setStoreDown(true);
    // Past the key cache's time to live: the reload fails, the grant looked up before is kept.
    f.clock.nowMs += 5_000;
    for (let i = 0; i < 3; i++)
      expect(await f.gate.admit(keyed(known.header))).toMatchObject({ admitted: true });
    await expect(Promise.resolve(f.gate.admit(keyed(unknown.header)))).rejects.toMatchObject({
      code: "unavailable",
    });
    expect(await f.gate.readiness()).toEqual({
      problem: "the access store does not answer: the access store (test) does not answer",
      degraded: [],
    });
    f.setStoreDown(false);
    f.clock.nowMs += 2_000;
    expect(await f.gate.admit(keyed(unknown.header))).toMatchObject({ admitted: true });
    expect(await f.gate.readiness()).toEqual({ problem: undefined, degraded: [] });
  });

  it("stops recognising a cached key ten minutes after its last lookup", async () => {
    const f = gateFixture();
    await f.store.setPlan("big", { perMinute: 1_000, perMonth: 10_000_000 });
    const known = await f.account("big");
    await f.gate.admit(keyed(known.header));
    f.setStoreDown(true);
    f.clock.nowMs += 10 * 60_000 + 1;
    await expect(Promise.resolve(f.gate.admit(keyed(known.header)))).rejects.toMatchObject({
      code: "unavailable",
    });
  });
});
