import { describe, expect, it } from "vitest";
import { ensureDemoAccess } from "./demo.js";
import { hashSecret } from "./store/secret.js";
import { openSqliteAccessStore } from "./store/sqlite.js";

describe("ensureDemoAccess", () => {
  it("creates a demo account on the demo plan with one key when the store has no accounts", async () => {
    const store = openSqliteAccessStore({ path: ":memory:" });
    const created = await ensureDemoAccess(store);
    if (!created) throw new Error("expected a demo key");
    const grant = await store.findKeyByHash(hashSecret(created.secret));
    expect(grant?.account).toMatchObject({ name: "demo", plan: "demo" });
    expect(grant?.key.name).toBe("demo");
    expect(grant?.plan.perMonth).toBeGreaterThan(20);
    expect(await ensureDemoAccess(store)).toBeUndefined();
    expect(await store.listKeys()).toHaveLength(1);
    await store.close();
  });

  it("creates nothing in a store an operator has started to fill", async () => {
    const store = openSqliteAccessStore({ path: ":memory:" });
    await store.createAccount({ plan: "trial" });
    expect(await ensureDemoAccess(store)).toBeUndefined();
    expect(await store.countAccounts()).toBe(1);
    await store.close();
  });
});
