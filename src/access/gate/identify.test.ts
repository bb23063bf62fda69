import { describe, expect, it } from "vitest";
import { openSqliteAccessStore } from "../store/sqlite.js";
import { createKeyIdentifier } from "./identify.js";

const NOW_MS = Date.UTC(2025, 2, 15, 12);

describe("createKeyIdentifier: what it keeps in memory", () => {
  it("keeps no header that cannot be a key, however many distinct ones arrive", async () => {
    const identifier = createKeyIdentifier({ store: openSqliteAccessStore({ path: ":memory:" }) });
    const filler = "x".repeat(15_000);
    for (let i = 0; i < 2_000; i++) {
      const identity = await identifier.identify(`Bearer ${i}${filler}`, NOW_MS);
      expect(identity.kind).toBe("none");
      identifier.identifyNow(`Token ${i}`, NOW_MS);
    }
    expect(identifier.headersHeld()).toBe(0);
  });

  it("keeps a key-shaped header parsed, once, and an overlong one not at all", async () => {
    const store = openSqliteAccessStore({ path: ":memory:" });
    const identifier = createKeyIdentifier({ store });
    const account = await store.createAccount({ name: "held", plan: "trial" });
    const { secret } = await store.createKey({ accountId: account.id });
    for (let i = 0; i < 3; i++)
      expect((await identifier.identify(`Bearer ${secret}`, NOW_MS)).kind).toBe("key");
    expect(identifier.headersHeld()).toBe(1);
    const padded = `Bearer${" ".repeat(5_000)}${secret}`;
    expect((await identifier.identify(padded, NOW_MS)).kind).toBe("key");
    expect(identifier.headersHeld()).toBe(1);
  });
});
