/** GET /v1/usage over the app: the calling key's quota state, counted by neither limit. */
import { afterEach, describe, expect, it } from "vitest";
import { type GateFixture, gateFixture, T0_MS } from "../../access/gate/gate.fixture.js";
import type { Snapshot } from "../../index/snapshot.js";
import { buildApp } from "../app.js";
import type { App } from "../app-type.js";
import type { ApiContext } from "../context.js";
import { createCursorCodec } from "../cursor.js";

const snapshots: ApiContext["snapshots"] = {
  current: () => ({ buildId: "b-1", builtAt: "2025-03-01T00:00:00.000Z" }) as Snapshot,
};

let app: App | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(gate: ApiContext["gate"]): Promise<App> {
  app = await buildApp(
    { snapshots, cursors: createCursorCodec("a cursor secret for the usage tests"), gate },
    { logLevel: "silent", trustProxy: false, logger: false },
  );
  return app;
}

async function withTinyPlan(f: GateFixture): Promise<{ header: string; keyId: string; accountId: string }> {
  await f.store.setPlan("tiny", { perMinute: 5, perMonth: 3 });
  return f.account("tiny");
}

describe("GET /v1/usage", () => {
  it("reports the key, the plan, the month's quota and the key's minute window", async () => {
    const f = gateFixture();
    const { header, keyId, accountId } = await withTinyPlan(f);
    await f.store.chargeQuota(accountId, "2025-03", 3);
    const api = await start(f.gate);
    const response = await api.inject({ url: "/v1/usage", headers: { authorization: header } });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      key: { id: keyId, prefix: expect.stringMatching(/^wc_/) },
      accountId,
      plan: { name: "tiny", perMinute: 5, perMonth: 3 },
      quota: {
        limit: 3,
        used: 1,
        remaining: 2,
        periodStart: "2025-03-01T00:00:00.000Z",
        periodEnd: "2025-04-01T00:00:00.000Z",
      },
      window: { limit: 5, remaining: 5, resetAtS: T0_MS / 1000 + 60 },
    });
    expect(header.slice("Bearer ".length).startsWith(body.key.prefix)).toBe(true);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["x-ratelimit-remaining"]).toBe("5");
  });

  it("counts against neither the minute window nor the quota, and answers when both are spent", async () => {
    const f = gateFixture();
    const { header } = await withTinyPlan(f);
    const api = await start(f.gate);
    const fresh = (await api.inject({ url: "/v1/usage", headers: { authorization: header } })).json();
    expect(fresh.quota.used).toBe(0);
    expect(fresh.window.remaining).toBe(5);
    // Five keyed requests fill the window of 5; the first three spend the quota of 3.
    for (let i = 0; i < 5; i++) {
      await f.gate.admit({ authorization: header, clientAddress: "127.0.0.1", endpoint: "keyed" });
    }
    for (let i = 0; i < 10; i++) {
      const response = await api.inject({ url: "/v1/usage", headers: { authorization: header } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ quota: { used: 3, remaining: 0 }, window: { remaining: 0 } });
    }
  });

  it("answers 401 invalid_key with the envelope when no key is sent", async () => {
    const f = gateFixture();
    const api = await start(f.gate);
    const response = await api.inject({ url: "/v1/usage" });
    expect(response.statusCode, response.body).toBe(401);
    expect(response.json().error.code).toBe("invalid_key");
    expect(response.headers["www-authenticate"]).toBe('Bearer realm="wordclip"');
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("answers 401 for a disabled key", async () => {
    const f = gateFixture();
    const { header, keyId } = await withTinyPlan(f);
    await f.store.disableKey(keyId);
    const api = await start(f.gate);
    const response = await api.inject({ url: "/v1/usage", headers: { authorization: header } });
    expect(response.statusCode, response.body).toBe(401);
  });

  it("answers 404 not_found saying access is disabled when the server runs without access checks", async () => {
    const api = await start(undefined);
    const response = await api.inject({ url: "/v1/usage" });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json().error).toMatchObject({
      code: "not_found",
      message: expect.stringMatching(/disabled/),
    });
  });
});
