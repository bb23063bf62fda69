import { describe, expect, it } from "vitest";
import { gateFixture } from "./gate.fixture.js";

const keyed = (authorization: string | undefined) => ({
  authorization,
  clientAddress: "203.0.113.9",
  endpoint: "keyed" as const,
});

describe("the gate's answers without a promise", () => {
  it("admits a key whose lookup is cached and whose plan leases quota, at once", async () => {
    const f = gateFixture();
    await f.store.setPlan("big", { perMinute: 1_000, perMonth: 10_000_000 });
    const { header } = await f.account("big");
    expect(await f.gate.admit(keyed(header))).toMatchObject({ admitted: true });
    const second = f.gate.admit(keyed(header));
    expect(second).not.toBeInstanceOf(Promise);
    expect(second).toMatchObject({ admitted: true, window: { remaining: 998 } });
  });

  it("asks the store again, with a promise, once the key cache has expired", async () => {
    const f = gateFixture();
    await f.store.setPlan("big", { perMinute: 1_000, perMonth: 10_000_000 });
    const { header } = await f.account("big");
    await f.gate.admit(keyed(header));
    f.clock.nowMs += 10_000;
    const later = f.gate.admit(keyed(header));
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toMatchObject({ admitted: true });
    expect(f.keyLookups()).toBe(2);
  });

  it("counts every request of a small plan in the store, with a promise each time", async () => {
    const f = gateFixture();
    const { header } = await f.account("trial");
    await f.gate.admit(keyed(header));
    const second = f.gate.admit(keyed(header));
    expect(second).toBeInstanceOf(Promise);
    expect(await second).toMatchObject({ admitted: true });
  });

  it("refuses a missing or malformed header at once", () => {
    const f = gateFixture();
    expect(f.gate.admit(keyed(undefined))).toMatchObject({ admitted: false, code: "invalid_key" });
    expect(f.gate.admit(keyed("Basic abc"))).toMatchObject({ admitted: false, code: "invalid_key" });
  });
});
