/** A URL the router cannot take apart is answered in the envelope, even when the access store fails. */
import { afterEach, describe, expect, it } from "vitest";
import { gateFixture } from "../access/gate/gate.fixture.js";
import type { Gate } from "../access/gate/gate.js";
import type { Snapshot } from "../index/snapshot.js";
import { buildApp } from "./app.js";
import type { App } from "./app-type.js";
import { createCursorCodec } from "./cursor.js";

const snapshots = { current: () => ({ buildId: "b-1", builtAt: "2025-03-01T00:00:00.000Z" }) as Snapshot };
let app: App | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(gate: Gate): Promise<App> {
  app = await buildApp(
    { snapshots, gate, cursors: createCursorCodec("a cursor secret for the bad URL tests") },
    { logLevel: "silent", trustProxy: false, logger: false },
  );
  return app;
}

describe("a URL with bad percent-encoding", () => {
  it("is answered 400 in the envelope, counted in the client address's window", async () => {
    const api = await start(gateFixture().gate);
    const response = await api.inject({ url: "/v1/words/%E0%A4%A/clips" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: "invalid_request",
      message: "the path is not valid percent-encoded UTF-8",
    });
    expect(response.headers["x-ratelimit-limit"]).toBeDefined();
  });

  it("is answered 503 unavailable when the access store does not answer for the key sent", async () => {
    const fixture = gateFixture();
    const { header } = await fixture.account();
    fixture.setStoreDown(true);
    const api = await start(fixture.gate);
    const response = await api.inject({
      url: "/v1/words/%E0%A4%A/clips",
      headers: { authorization: header },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe("unavailable");
    expect(response.json().error.requestId).toEqual(expect.any(String));
  });

  it("is answered 500 in the envelope when the gate fails in an unforeseen way", async () => {
    const failing = { ...gateFixture().gate, admit: () => Promise.reject(new Error("unforeseen")) } as Gate;
    const api = await start(failing);
    const response = await api.inject({ url: "/v1/words/%E0%A4%A/clips" });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe("internal");
  });
});
