/**
 * Hostile HTTP, end to end over real sockets: what the HTTP parser refuses, slow and greedy clients,
 * numbers that would lift the page cap, control characters, credentials in URLs, request ids, CORS, and
 * fast-check properties over every route: no 5xx, every error in the envelope with a request id, no page
 * over the maximum.
 */
import { mkdtempSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { Writable } from "node:stream";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../src/cli/start-server.js";
import { loadConfig } from "../src/config.js";
import { percentEncode, SLOW_TESTS } from "./support/api-checks.js";
import { type RawAnswer as RawHttpAnswer, rawExchange } from "./support/raw-http.js";
import { apiRequest, GENEROUS_PLAN } from "./support/server.js";
import { copyTestSnapshot, processScratchDir, sharedTestSnapshot } from "./support/snapshot.js";

/** Short limits, so the time-outs are seen within a test. */
const TIMEOUTS_MS = { HEADERS: 1_500, REQUEST: 3_000, IDLE: 10_000, KEEP_ALIVE: 2_000 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let server: RunningServer;
let port: number;
let secret: string;
const logLines: string[] = [];

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(processScratchDir(), "hostile-"));
  copyTestSnapshot(await sharedTestSnapshot(), path.join(dataDir, "index.sqlite"));
  const config = loadConfig({
    WORDCLIP_DATA_DIR: dataDir,
    WORDCLIP_HOST: "127.0.0.1",
    WORDCLIP_PORT: "0",
    WORDCLIP_LOG_LEVEL: "info",
  });
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(String(chunk));
      callback();
    },
  });
  server = await startServer(config, { logStream, timeoutsMs: TIMEOUTS_MS });
  port = Number(new URL(server.url).port);
  const store = server.store;
  if (store === undefined) throw new Error("the server runs without an access store");
  await store.setPlan(GENEROUS_PLAN.name, {
    perMinute: GENEROUS_PLAN.perMinute,
    perMonth: GENEROUS_PLAN.perMonth,
  });
  const account = await store.createAccount({ plan: GENEROUS_PLAN.name });
  secret = (await store.createKey({ accountId: account.id })).secret;
});

afterAll(async () => {
  await server?.close();
});

const get = (pathAndQuery: string, headers: Record<string, string> = {}) =>
  apiRequest(server.url, pathAndQuery, { key: secret, headers });

interface RawAnswer extends RawHttpAnswer {
  /** True when the server closed the connection. */
  closed: boolean;
}

/** Writes `chunks` to a fresh connection (with `gapMs` between them) and reads until close or `waitMs`. */
async function raw(
  chunks: readonly string[],
  options: { gapMs?: number; waitMs?: number } = {},
): Promise<RawAnswer[]> {
  const { answers, closed } = await rawExchange(port, chunks, options);
  return answers.map((answer) => ({ ...answer, closed }));
}

function expectEnvelope(answer: { status: number; body: string }, status: number, code: string): void {
  expect(answer.status, answer.body).toBe(status);
  const parsed = JSON.parse(answer.body);
  expect(parsed.error.code).toBe(code);
  expect(typeof parsed.error.message).toBe("string");
  expect(parsed.error.requestId).toMatch(UUID);
}

describe("what the HTTP parser refuses is answered in the envelope", () => {
  it.each([
    ["a lower-case method", "get /v1/words HTTP/1.1\r\nHost: x\r\n\r\n", 400],
    ["a space in the path", "GET /v1/wo rds HTTP/1.1\r\nHost: x\r\n\r\n", 400],
    ["raw UTF-8 in the path", "GET /v1/words/caf\u00c3\u00a9/clips HTTP/1.1\r\nHost: x\r\n\r\n", 400],
    ["a control character in a header", "GET /v1/words HTTP/1.1\r\nHost: x\r\nX-A: a\u0001b\r\n\r\n", 400],
    ["headers over 16 KB", `GET /v1/words HTTP/1.1\r\nHost: x\r\nX-A: ${"a".repeat(17_000)}\r\n\r\n`, 431],
  ])("%s", async (_what, request, status) => {
    const answers = await raw([request]);
    expect(answers).toHaveLength(1);
    expectEnvelope(answers[0] as RawAnswer, status, "invalid_request");
    expect(answers[0]?.closed).toBe(true);
  });

  it("answers an HTTP/1.1 request without a Host header 400 in the envelope, and closes", async () => {
    const answers = await raw(["GET /v1/corpus HTTP/1.1\r\n\r\n"]);
    expect(answers).toHaveLength(1);
    expectEnvelope(answers[0] as RawAnswer, 400, "invalid_request");
    expect(JSON.parse(answers[0]?.body ?? "").error.message).toMatch(/Host header/);
    expect(answers[0]?.closed).toBe(true);
  });

  it("answers an HTTP/1.0 request without a Host header as any other", async () => {
    const answers = await raw(["GET /v1/corpus HTTP/1.0\r\n\r\n"]);
    expect(answers[0]?.status, answers[0]?.body).toBe(200);
    expect(JSON.parse(answers[0]?.body ?? "").languages).toBeInstanceOf(Array);
  });

  it.each([
    ["two Host headers", "GET /v1/corpus HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400, /2 Host headers/],
    [
      "two Authorization headers",
      "GET /v1/corpus HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer wc_a\r\nauthorization: Bearer wc_b\r\n\r\n",
      400,
      /2 Authorization headers/,
    ],
    ["HTTP/2.0 spoken as text", "GET /v1/corpus HTTP/2.0\r\nHost: x\r\n\r\n", 505, /HTTP\/1\.1/],
    ["the target * on a GET", "GET * HTTP/1.1\r\nHost: x\r\n\r\n", 400, /OPTIONS only/],
    [
      "a body declared over 16 KB",
      `GET /v1/usage HTTP/1.1\r\nHost: x\r\nContent-Length: 50000000\r\n\r\n${"a".repeat(1000)}`,
      413,
      /declares 50000000 bytes/,
    ],
  ])("answers %s in the envelope with its status, and closes", async (_what, request, status, message) => {
    const answers = await raw([request]);
    expect(answers).toHaveLength(1);
    expectEnvelope(answers[0] as RawAnswer, status, "invalid_request");
    expect(JSON.parse(answers[0]?.body ?? "").error.message).toMatch(message);
    expect(answers[0]?.closed).toBe(true);
  });

  it("still answers a small body on a GET, and one Host and one Authorization header", async () => {
    const answers = await raw([
      "GET /v1/corpus HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello",
    ]);
    expect(answers[0]?.status, answers[0]?.body).toBe(200);
  });
});

describe("slow and greedy clients are cut off", SLOW_TESTS, () => {
  it("answers 408 in the envelope when the headers do not arrive in time", async () => {
    const answers = await raw(["GET /v1/words HTTP/1.1\r\n", "Host: x\r\n"], { gapMs: 500, waitMs: 8_000 });
    expect(answers).toHaveLength(1);
    expectEnvelope(answers[0] as RawAnswer, 408, "invalid_request");
    expect(answers[0]?.closed).toBe(true);
  });

  it("closes a connection whose body trickles in past the request time limit", async () => {
    const head = "GET /v1/words HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n";
    const started = Date.now();
    const answers = await raw([head, ...Array.from({ length: 20 }, () => "a")], {
      gapMs: 400,
      waitMs: 12_000,
    });
    expect(answers.at(-1)?.closed).toBe(true);
    // Cut at the request limit, long before the 20 bytes took their 8 s.
    expect(Date.now() - started).toBeLessThan(8_000);
  });

  it("answers a connection that pipelines without reading its answers only up to the bound, then closes it", async () => {
    const one = `GET /v1/words/run/clips?limit=100 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${secret}\r\n\r\n`;
    const answers = await raw([one.repeat(200)], { waitMs: 8_000 });
    const ok = answers.filter((answer) => answer.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    expect(ok.length).toBeLessThanOrEqual(32);
    const refused = answers.find((answer) => answer.status === 503);
    expect(refused?.head).toMatch(/connection: close/i);
    expectEnvelope(refused as RawAnswer, 503, "unavailable");
    expect(answers.length).toBeLessThan(200);
    expect(answers.at(-1)?.closed).toBe(true);
  });
});

describe("the connection cap", () => {
  it("closes connections past WORDCLIP_MAX_CONNECTIONS as they arrive, and serves again once one closes", async () => {
    const dataDir = mkdtempSync(path.join(processScratchDir(), "capped-"));
    copyTestSnapshot(await sharedTestSnapshot(), path.join(dataDir, "index.sqlite"));
    const capped = await startServer(
      loadConfig({
        WORDCLIP_DATA_DIR: dataDir,
        WORDCLIP_HOST: "127.0.0.1",
        WORDCLIP_PORT: "0",
        WORDCLIP_MAX_CONNECTIONS: "2",
      }),
      { logger: false },
    );
    const cappedPort = Number(new URL(capped.url).port);
    const open = (): Promise<net.Socket> =>
      new Promise((resolve) => {
        const socket = net.connect(cappedPort, "127.0.0.1", () => resolve(socket));
        socket.on("error", () => undefined);
      });
    const closedSoon = (socket: net.Socket): Promise<boolean> =>
      new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), 1_000);
        socket.once("close", () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    try {
      const held = [await open(), await open()];
      const third = await open();
      expect(await closedSoon(third)).toBe(true);
      held[0]?.destroy();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const answer = await fetch(`${capped.url}/healthz`);
      expect(answer.status).toBe(200);
      for (const socket of held) socket.destroy();
    } finally {
      await capped.close();
    }
  });
});

describe("numbers, control characters and parameters", () => {
  it.each([
    "/v1/feed?seed=a&limit=1e309",
    "/v1/feed?seed=a&limit=Infinity",
    "/v1/feed?seed=a&limit=9.99e%2B373",
    `/v1/feed?seed=a&limit=${"9".repeat(400)}`,
    "/v1/words?limit=1e309",
    "/v1/words/run/clips?limit=-Infinity",
    "/v1/words/run/clips?limit=0x10",
    "/v1/words/run/clips?limit=%2010",
  ])("refuses %s with 400 naming limit", async (url) => {
    const response = await get(url);
    expect(response.status, response.text).toBe(400);
    expect(response.body.error.code).toBe("invalid_request");
    expect(response.body.error.message).toMatch(/^limit must be/);
  });

  it("refuses a control character in a word with 400", async () => {
    const response = await get("/v1/words/run%00/clips");
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('word must not contain control characters, got "run\\u0000"');
  });

  it("names an unknown parameter and the accepted ones", async () => {
    const response = await get("/v1/feed?seed=a&sort=coverage");
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(
      'unknown query parameter "sort"; accepted: seed, level, language, topic, pace, limit, cursor',
    );
  });

  it("cuts a long value where the message echoes it", async () => {
    const response = await get(`/v1/words?q=${"x".repeat(5_000)}`);
    expect(response.status).toBe(400);
    expect(response.body.error.message.length).toBeLessThan(300);
    expect(response.body.error.message).toContain("5000 characters");
  });
});

describe("credentials and request ids", () => {
  it.each(["key", "api_key", "apikey", "access_token"])(
    "refuses a key sent as ?%s= with 400 pointing at the Authorization header, and never logs it",
    async (name) => {
      const response = await apiRequest(server.url, `/v1/words/run/clips?${name}=${secret}`);
      expect(response.status).toBe(400);
      expect(response.body.error.message).toContain("Authorization: Bearer <API key>");
      expect(response.text).not.toContain(secret);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const logged = logLines.join("");
      expect(logged).toContain(`${name}=[redacted]`);
      expect(logged).not.toContain(secret);
    },
  );

  it("keeps a short safe X-Request-Id and echoes it", async () => {
    const response = await get("/v1/words/qqqqqqqqqq/clips", { "x-request-id": "trace-42.a:b" });
    expect(response.status).toBe(404);
    expect(response.body.error.requestId).toBe("trace-42.a:b");
    expect(response.headers.get("x-request-id")).toBe("trace-42.a:b");
  });

  it.each([
    ["markup", "<img src=x>"],
    ["an overlong id", "a".repeat(15_000)],
    ["a list of ids", "a, b"],
  ])("replaces %s with an id of its own", async (_what, id) => {
    const before = logLines.join("").length;
    const response = await get("/v1/words/qqqqqqqqqq/clips", { "x-request-id": id });
    expect(response.body.error.requestId).toMatch(UUID);
    expect(response.headers.get("x-request-id")).toBe(response.body.error.requestId);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const added = logLines.join("").slice(before);
    expect(added).not.toContain(id);
    expect(added.length).toBeLessThan(4_000);
  });
});

describe("CORS", () => {
  it("answers a preflight for GET with the Authorization header, and exposes the limit headers", async () => {
    const response = await fetch(`${server.url}/v1/words`, {
      method: "OPTIONS",
      headers: {
        origin: "https://app.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization",
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-headers")).toMatch(/authorization/i);
    const answer = await get("/v1/words?limit=1", { origin: "https://app.example" });
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    expect(answer.headers.get("access-control-expose-headers")).toContain("X-RateLimit-Remaining");
  });

  it.each([
    ["a key in the query string", "/v1/words?limit=1&key=abc"],
    ["a path that is not percent-encoded UTF-8", "/v1/words/%zz/clips"],
  ])("lets a browser script read the refusal of %s: 400 with the CORS headers", async (_what, path) => {
    const response = await fetch(`${server.url}${path}`, { headers: { origin: "https://app.example" } });
    expect(response.status).toBe(400);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-expose-headers")).toContain("X-Request-Id");
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("invalid_request");
  });

  it.each([
    ["without an Origin", {}],
    ["without Access-Control-Request-Method", { origin: "https://app.example" }],
  ])(
    "answers an OPTIONS request %s with 204 and the CORS headers, not a plain-text refusal",
    async (_what, headers) => {
      const response = await fetch(`${server.url}/v1/corpus`, { method: "OPTIONS", headers });
      expect(response.status, await response.clone().text()).toBe(204);
      expect(response.headers.get("access-control-allow-methods")).toMatch(/GET/);
      expect(await response.text()).toBe("");
    },
  );
});

/** Values a hostile client sends: numbers in every notation, markup, controls, long and encoded text. */
const hostileValue = fc.oneof(
  fc.constantFrom(
    "1e309",
    "-Infinity",
    "Infinity",
    "NaN",
    "0x10",
    "1.5",
    "-1",
    "100",
    "101",
    "9".repeat(40),
    "%00",
    "%0d%0a",
    "<script>",
    "A1,,B2",
    "run",
    "",
  ),
  fc.string({ maxLength: 30, unit: "binary" }).map(percentEncode),
  fc.integer({ min: 1, max: 4 }).map((n) => "%F0%9F%98%80".repeat(n)),
);

const ROUTES = [
  { path: "/v1/words", names: ["q", "language", "gloss", "level", "hasClips", "limit", "cursor"] },
  { path: "/v1/words/run/clips", names: ["language", "gloss", "level", "match", "order", "limit", "cursor"] },
  { path: "/v1/words/ran/clips", names: ["match", "limit", "cursor"] },
  { path: "/v1/feed", names: ["seed", "level", "language", "topic", "limit", "cursor"] },
  { path: "/v1/topics", names: ["language"] },
  { path: "/v1/corpus", names: ["language"] },
  { path: "/v1/usage", names: [] },
] as const;

const hostileQuery = fc
  .constantFrom(...ROUTES)
  .chain((route) =>
    fc
      .array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom(...route.names, "limit", "limit"),
            fc.constantFrom("key", "levels", "x", "__proto__"),
          ),
          hostileValue,
        ),
        { maxLength: 5 },
      )
      .map((pairs) => `${route.path}?${pairs.map(([name, value]) => `${name}=${value}`).join("&")}`),
  );

describe("no hostile query makes the server fail or lift the page cap", SLOW_TESTS, () => {
  it("answers 200, 400 or 404; errors in the envelope with a request id; never more than 100 items", async () => {
    await fc.assert(
      fc.asyncProperty(hostileQuery, fc.constantFrom(secret, undefined), async (url, key) => {
        const response = await apiRequest(server.url, url, key === undefined ? {} : { key });
        const what = `${url.slice(0, 200)} → ${response.text.slice(0, 200)}`;
        expect(response.status, what).toBeLessThan(500);
        if (response.status >= 400) {
          expect(response.body.error.code, what).toEqual(expect.any(String));
          expect(response.body.error.requestId, what).toMatch(UUID);
        } else {
          for (const list of Object.values(response.body as Record<string, unknown>)) {
            if (Array.isArray(list)) expect(list.length, what).toBeLessThanOrEqual(100);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
