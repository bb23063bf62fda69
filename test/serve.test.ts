/**
 * The server end to end over HTTP: service routes, the reference, /v1/usage, the error envelope on
 * routes that do not exist, limit headers, a snapshot replaced while serving, and a graceful shutdown.
 */

import { once } from "node:events";
import { renameSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRequest, startTestServer, type TestServer } from "./support/server.js";
import { buildTestSnapshot } from "./support/snapshot.js";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

/** Waits out the last seconds of a clock minute, so a burst of requests falls in one window. */
async function awayFromMinuteEnd(marginMs = 5_000): Promise<void> {
  const intoMinuteMs = Date.now() % 60_000;
  if (intoMinuteMs > 60_000 - marginMs) {
    await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinuteMs + 50));
  }
}

function expectRateHeaders(headers: Headers, what: string): void {
  expect(headers.get("x-ratelimit-limit"), what).toMatch(/^\d+$/);
  expect(headers.get("x-ratelimit-remaining"), what).toMatch(/^\d+$/);
  expect(Number(headers.get("x-ratelimit-reset")), what).toBeGreaterThan(Date.now() / 1000 - 1);
}

describe("service routes", () => {
  it("GET /healthz answers 200 ok, never cached", async () => {
    const response = await server.api("/healthz");
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ status: "ok" });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("GET /readyz answers 200 with the served snapshot's build id and time", async () => {
    const response = await server.api("/readyz");
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      status: "ready",
      buildId: server.snapshot.buildId,
      builtAt: server.snapshot.builtAt,
    });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("GET /v1/openapi.json answers the OpenAPI 3.1 document without a key", async () => {
    const response = await server.api("/v1/openapi.json");
    expect(response.status, response.text.slice(0, 500)).toBe(200);
    expect(response.body.openapi).toBe("3.1.0");
    expect(Object.keys(response.body.paths)).toContain("/v1/words/{word}/clips");
  });

  it("GET /docs answers the reference page, whose assets load from this server", async () => {
    const response = await server.api("/docs");
    expect(response.status, response.text.slice(0, 500)).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const script = /src="(\/docs\/static\/swagger-ui-bundle\.js)"/.exec(response.text)?.[1];
    expect(script, response.text).toBeDefined();
    const asset = await server.api(script as string);
    expect(asset.status).toBe(200);
  });
});

describe("GET /v1/usage", () => {
  it("reports the key, the plan, the month's quota and the minute window", async () => {
    const key = await server.createKey("trial");
    const response = await server.api("/v1/usage", { key });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      key: { id: key.keyId, prefix: key.secret.slice(0, response.body.key.prefix.length) },
      accountId: key.accountId,
      plan: { name: "trial", perMinute: 60, perMonth: 20 },
      quota: {
        limit: 20,
        used: 0,
        remaining: 20,
        periodStart: expect.stringMatching(/^\d{4}-\d{2}-01T00:00:00\.000Z$/),
        periodEnd: expect.stringMatching(/^\d{4}-\d{2}-01T00:00:00\.000Z$/),
      },
      window: { limit: 60, remaining: 60, resetAtS: Number(response.headers.get("x-ratelimit-reset")) },
    });
    expect(response.body.key.prefix).toMatch(/^wc_/);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("is counted by neither the minute window nor the quota", async () => {
    const key = await server.createKey("trial");
    await awayFromMinuteEnd();
    // Twenty-five reads: more than the trial's monthly quota of twenty.
    for (let i = 0; i < 25; i++) {
      const response = await server.api("/v1/usage", { key });
      expect(response.status, response.text).toBe(200);
    }
    const lookup = await server.api("/v1/words/run/clips?limit=1", { key });
    expect(lookup.status, lookup.text).toBe(200);
    const after = await server.api("/v1/usage", { key });
    expect(after.body.quota).toMatchObject({ used: 1, remaining: 19 });
    expect(after.body.window).toMatchObject({ limit: 60, remaining: 59 });
  });

  it("answers 401 invalid_key without a key", async () => {
    const response = await server.api("/v1/usage");
    expect(response.status, response.text).toBe(401);
    expect(response.body.error.code).toBe("invalid_key");
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="wordclip"');
  });
});

describe("the error envelope and headers", () => {
  it("answers an unknown route with 404 not_found in the envelope", async () => {
    const response = await server.api("/v1/nothing-here", { key: server.keys.generous });
    expect(response.status, response.text).toBe(404);
    expect(response.body).toEqual({
      error: {
        code: "not_found",
        message: expect.stringContaining("/v1/nothing-here"),
        requestId: expect.any(String),
      },
    });
  });

  it("answers POST /v1/words with 405 method_not_allowed and the methods allowed", async () => {
    const response = await server.api("/v1/words", { key: server.keys.generous, method: "POST" });
    expect(response.status, response.text).toBe(405);
    expect(response.body.error.code).toBe("method_not_allowed");
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });

  it("answers another method with a body 405 (or 404 off any route) whatever the body, not 400", async () => {
    const json = { "content-type": "application/json" };
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const bad = await server.api("/v1/words", { method, headers: json, body: "{not json" });
      expect(bad.status, `${method} ${bad.text}`).toBe(405);
      expect(bad.body.error.code).toBe("method_not_allowed");
      expect(bad.headers.get("allow")).toBe("GET, HEAD");
      expectRateHeaders(bad.headers, `${method} with a malformed body`);
      const unknownType = await server.api("/v1/usage", {
        method,
        headers: { "content-type": "application/x-unheard-of" },
        body: "x",
      });
      expect(unknownType.status, `${method} ${unknownType.text}`).toBe(405);
    }
    const nowhere = await server.api("/v1/nothing-here", { method: "POST", headers: json, body: "{" });
    expect(nowhere.status, nowhere.text).toBe(404);
    expect(nowhere.body.error.code).toBe("not_found");
    // The connection the refused bodies came on still answers.
    expect((await server.api("/v1/corpus")).status).toBe(200);
  });

  it("marks every error response Cache-Control: no-store", async () => {
    const errors = [
      await server.api("/v1/words/run/clips"),
      await server.api("/v1/words/run/clips?limit=abc", { key: server.keys.generous }),
      await server.api("/v1/words/qqqqqqqqqqqqqqqq/clips?match=strict", { key: server.keys.generous }),
      await server.api("/v1/nothing-here"),
      await server.api("/v1/words", { method: "POST" }),
    ];
    expect(errors.map((r) => r.status)).toEqual([401, 400, 404, 404, 405]);
    for (const response of errors) {
      expect(response.headers.get("cache-control"), response.text).toBe("no-store");
      expect(response.headers.get("etag"), response.text).toBeNull();
      expect(response.body.error.code, response.text).toEqual(expect.any(String));
    }
  });

  it("sends the rate-limit headers on answers and refusals of every endpoint", async () => {
    const key = server.keys.generous;
    const responses = {
      "200 words": await server.api("/v1/words?limit=2", { key }),
      "200 word clips": await server.api("/v1/words/run/clips?limit=2", { key }),
      "200 corpus without a key": await server.api("/v1/corpus"),
      "200 usage": await server.api("/v1/usage", { key }),
      "400 bad limit": await server.api("/v1/words?limit=0", { key }),
      "401 no key": await server.api("/v1/topics"),
      "401 unknown key": await server.api("/v1/topics", { key: "wc_notakeythisserverissued00000" }),
      "404 no such clip": await server.api("/v1/clips/00000000-0000-5000-8000-000000000000", { key }),
    };
    for (const [what, response] of Object.entries(responses)) {
      expect(response.status, `${what}: ${response.text}`).toBe(Number(what.slice(0, 3)));
      expectRateHeaders(response.headers, what);
    }
  });

  it("answers 429 rate_limited with Retry-After once a key's minute window is full", async () => {
    const key = await server.createKey("trial");
    await awayFromMinuteEnd();
    // The trial window is 60 a minute; /v1/corpus counts in the key's window but not in its quota.
    const statuses: number[] = [];
    let last = await server.api("/v1/corpus", { key });
    statuses.push(last.status);
    while (last.status === 200 && statuses.length < 70) {
      last = await server.api("/v1/corpus", { key });
      statuses.push(last.status);
    }
    expect(last.status, last.text).toBe(429);
    expect(last.body.error).toMatchObject({ code: "rate_limited", retryAfter: expect.any(Number) });
    expect(Number(last.headers.get("retry-after"))).toBe(last.body.error.retryAfter);
    expect(last.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(statuses.length).toBe(61);
  });
});

describe("a snapshot replaced while serving", () => {
  it("keeps answering every request, then serves the new build", async () => {
    const swapping = await startTestServer({ snapshotCheckEveryMs: 50, snapshotGraceMs: 200 });
    try {
      const oldBuildId = swapping.snapshot.buildId;
      // The build writes beside the served file and renames into place, as `wordclip build` does.
      const next = await buildTestSnapshot(path.join(swapping.dataDir, "next"), {
        builtAt: new Date("2026-05-01T00:00:00.000Z"),
      });
      expect(next.buildId).not.toBe(oldBuildId);

      const failures: string[] = [];
      let requests = 0;
      let stop = false;
      const load = (async () => {
        while (!stop) {
          const response = await swapping.api("/v1/words/run/clips?limit=5", { key: swapping.keys.generous });
          requests++;
          if (response.status !== 200 || response.body.clips.length !== 5) {
            failures.push(`${response.status} ${response.text.slice(0, 300)}`);
          }
        }
      })();

      await new Promise((resolve) => setTimeout(resolve, 100));
      renameSync(next.path, swapping.indexPath);
      let ready = await swapping.api("/readyz");
      const deadline = Date.now() + 5_000;
      while (ready.body.buildId !== next.buildId && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        ready = await swapping.api("/readyz");
      }
      // Past the grace period, when the old snapshot has been closed.
      await new Promise((resolve) => setTimeout(resolve, 400));
      stop = true;
      await load;

      expect(ready.body, ready.text).toEqual({
        status: "ready",
        buildId: next.buildId,
        builtAt: next.builtAt,
      });
      expect(failures).toEqual([]);
      expect(requests).toBeGreaterThan(10);
      const after = await swapping.api("/v1/words/run/clips?limit=5", { key: swapping.keys.generous });
      expect(after.status, after.text).toBe(200);
    } finally {
      await swapping.close();
    }
  });
});

describe("graceful shutdown", () => {
  it("lets the responses in flight complete, then stops accepting connections", async () => {
    const closing = await startTestServer();
    const assetPath = "/docs/static/swagger-ui-bundle.js";
    const expected = await closing.api(assetPath);
    expect(expected.status).toBe(200);

    // Eight pipelined downloads of 1.7 MB on one connection that is not read: more than the socket
    // buffers hold, so responses are still being written when the server is told to stop.
    const pipelined = 8;
    const { hostname, port } = new URL(closing.baseUrl);
    const socket = net.connect(Number(port), hostname);
    await once(socket, "connect");
    socket.write(`GET ${assetPath} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`.repeat(pipelined));
    await new Promise((resolve) => setTimeout(resolve, 200));

    let closed = false;
    const close = closing.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closed).toBe(false);
    await expect(apiRequest(closing.baseUrl, "/healthz")).rejects.toThrow();

    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    await once(socket, "close");
    await close;
    const responses = splitResponses(Buffer.concat(chunks));
    expect(responses.length).toBeGreaterThanOrEqual(2);
    expect(responses[0]?.status).toBe(200);
    expect(responses[0]?.body.toString("utf8") === expected.text).toBe(true);
    for (const response of responses) expect([200, 503]).toContain(response.status);
    expect(closed).toBe(true);
  });
});

/** Complete HTTP/1.1 responses (with Content-Length) read back to back from one connection. */
function splitResponses(data: Buffer): Array<{ status: number; body: Buffer }> {
  const responses: Array<{ status: number; body: Buffer }> = [];
  let at = 0;
  while (at < data.length) {
    const headEnd = data.indexOf("\r\n\r\n", at);
    if (headEnd === -1) throw new Error(`a response head is cut off after ${responses.length} responses`);
    const head = data.subarray(at, headEnd).toString("latin1");
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1]);
    if (!Number.isInteger(length)) throw new Error(`a response without Content-Length: ${head}`);
    const body = data.subarray(headEnd + 4, headEnd + 4 + length);
    if (body.length !== length)
      throw new Error(`response ${responses.length + 1} is cut off: ${body.length} of ${length} bytes`);
    responses.push({ status, body });
    at = headEnd + 4 + length;
  }
  return responses;
}
