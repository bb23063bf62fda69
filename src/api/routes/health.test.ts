/** GET /healthz and GET /readyz: no key, never cached, ready only with a snapshot and an answering store. */
import { afterEach, describe, expect, it } from "vitest";
import { gateFixture } from "../../access/gate/gate.fixture.js";
import type { Snapshot } from "../../index/snapshot.js";
import { buildApp } from "../app.js";
import type { App } from "../app-type.js";
import type { ApiContext } from "../context.js";
import { createCursorCodec } from "../cursor.js";

const loaded: ApiContext["snapshots"] = {
  current: () => ({ buildId: "b-42", builtAt: "2025-03-01T00:00:00.000Z" }) as Snapshot,
};

let app: App | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(ctx: Pick<ApiContext, "snapshots" | "gate">): Promise<App> {
  app = await buildApp(
    { ...ctx, cursors: createCursorCodec("a cursor secret for the health tests") },
    { logLevel: "silent", trustProxy: false, logger: false },
  );
  return app;
}

describe("GET /healthz", () => {
  it("answers 200 ok without a key, uncounted and never cached", async () => {
    const api = await start({ snapshots: loaded, gate: gateFixture().gate });
    const response = await api.inject({ url: "/healthz" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["x-ratelimit-limit"]).toBeUndefined();
  });
});

describe("GET /readyz", () => {
  it("answers 200 with the snapshot's build id and time when the store answers", async () => {
    const api = await start({ snapshots: loaded, gate: gateFixture().gate });
    const response = await api.inject({ url: "/readyz" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: "ready",
      buildId: "b-42",
      builtAt: "2025-03-01T00:00:00.000Z",
    });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("answers 200 degraded, naming what is worked around, while a shared service does not answer", async () => {
    const reason =
      "Redis (redis://cache:6379) does not answer (connect ECONNREFUSED); minute windows are counted by this node alone";
    const api = await start({ snapshots: loaded, gate: gateFixture({ degradation: () => [reason] }).gate });
    const response = await api.inject({ url: "/readyz" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: "degraded",
      buildId: "b-42",
      builtAt: "2025-03-01T00:00:00.000Z",
      degraded: [reason],
    });
  });

  it("answers 200 when access checks are off", async () => {
    const api = await start({ snapshots: loaded, gate: undefined });
    expect((await api.inject({ url: "/readyz" })).statusCode).toBe(200);
  });

  it("answers 503 not_ready when the access store does not answer", async () => {
    const f = gateFixture();
    const api = await start({ snapshots: loaded, gate: f.gate });
    await f.store.close();
    const response = await api.inject({ url: "/readyz" });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json().error).toMatchObject({
      code: "not_ready",
      message: expect.stringMatching(/^the access store does not answer: /),
    });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("answers 503 not_ready when no snapshot is loaded", async () => {
    const missing: ApiContext["snapshots"] = {
      current: () => {
        throw new Error("no snapshot at /srv/index.sqlite");
      },
    };
    const api = await start({ snapshots: missing, gate: gateFixture().gate });
    const response = await api.inject({ url: "/readyz" });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json().error.message).toBe("no snapshot is loaded: no snapshot at /srv/index.sqlite");
  });
});
