/** The access hook over the app: 503 unavailable with Retry-After when the store does not answer, never a 500. */
import { afterEach, describe, expect, it } from "vitest";
import { gateFixture } from "../access/gate/gate.fixture.js";
import type { Snapshot } from "../index/snapshot.js";
import { buildApp } from "./app.js";
import type { App } from "./app-type.js";
import type { ApiContext } from "./context.js";
import { createCursorCodec } from "./cursor.js";

const snapshots: ApiContext["snapshots"] = {
  current: () => ({ buildId: "b-1", builtAt: "2025-03-01T00:00:00.000Z" }) as Snapshot,
};

let app: App | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe("the access hook when the access store does not answer", () => {
  it("answers 503 unavailable with Retry-After in the envelope, on keyed routes and on /usage", async () => {
    const f = gateFixture();
    const { header } = await f.account("trial");
    app = await buildApp(
      { snapshots, cursors: createCursorCodec("a cursor secret for the hook tests"), gate: f.gate },
      { logLevel: "silent", trustProxy: false, logger: false },
    );
    f.setStoreDown(true);
    for (const url of ["/v1/topics", "/v1/usage"]) {
      const response = await app.inject({ url, headers: { authorization: header } });
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toEqual({
        error: {
          code: "unavailable",
          message: "the service cannot check API keys or quota right now; retry in 5 s",
          retryAfter: 5,
          requestId: expect.any(String),
        },
      });
      expect(response.headers["retry-after"]).toBe("5");
      expect(response.headers["cache-control"]).toBe("no-store");
      // The store's own message names the database: it stays in the logs.
      expect(response.body).not.toContain("(test)");
      // The key could not be looked up: the headers are of the address's window, looked at, not counted.
      expect(response.headers["x-ratelimit-limit"]).toBe("60");
      expect(response.headers["x-ratelimit-remaining"]).toBe("60");
      expect(Number(response.headers["x-ratelimit-reset"])).toBeGreaterThan(f.clock.nowMs / 1000);
    }
  });

  it("sends the key's minute window on a 503 when the quota could not be charged", async () => {
    const f = gateFixture();
    const { header } = await f.account("trial");
    app = await buildApp(
      { snapshots, cursors: createCursorCodec("a cursor secret for the hook tests"), gate: f.gate },
      { logLevel: "silent", trustProxy: false, logger: false },
    );
    // Looked up once while the store answers: the key is cached, so the next request reaches the quota.
    const first = await app.inject({ url: "/v1/usage", headers: { authorization: header } });
    expect(first.statusCode, first.body).toBe(200);
    f.setStoreDown(true);
    const response = await app.inject({ url: "/v1/topics", headers: { authorization: header } });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json().error.code).toBe("unavailable");
    expect(response.headers["x-ratelimit-limit"]).toBe("60");
    expect(response.headers["x-ratelimit-remaining"]).toBe("59");
  });
});
