/**
 * Access end to end: the same key, quota and rate-limit checks on every keyed route (`runCommonRouteTests`),
 * the public /corpus, and fuzzed query strings and path parameters that must never make the server fail.
 *
 * Requests without a valid key share one minute window per client address (60 a minute): this file keeps
 * well under it, and sends every fuzzed request with a key.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  awayFromMinuteEnd,
  expectError,
  expectRateHeaders,
  percentEncode,
  SLOW_TESTS,
  sleep,
} from "./support/api-checks.js";
import { type ApiResponse, startTestServer, type TestKey, type TestServer } from "./support/server.js";

/** A plan small enough to fill its minute window in a few requests. */
const TINY_PLAN = { name: "tiny", perMinute: 3, perMonth: 1_000 } as const;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await server.store?.setPlan(TINY_PLAN.name, {
    perMinute: TINY_PLAN.perMinute,
    perMonth: TINY_PLAN.perMonth,
    description: "tests: three requests a minute",
  });
});

afterAll(async () => {
  await server?.close();
});

interface KeyedRoute {
  /** A request the route answers 200 with a valid key. */
  path: string;
  /** A request the route refuses (400 or 404) once it reaches the route. */
  refused: string;
  /** Counted by the minute window and the quota (every keyed route but /usage). */
  counted: boolean;
}

const ROUTES: readonly KeyedRoute[] = [
  { path: "/v1/words?q=ru&limit=2", refused: "/v1/words?limit=0", counted: true },
  { path: "/v1/words/run/clips?limit=2", refused: "/v1/words/qqqqqqqqqq/clips", counted: true },
  { path: "/v1/clips/wctest-run-01", refused: "/v1/clips/a.b", counted: true },
  {
    path: "/v1/clips/wctest-run-01/transcript",
    refused: "/v1/clips/wctest-run-99/transcript",
    counted: true,
  },
  { path: "/v1/topics", refused: "/v1/topics?language=EN", counted: true },
  { path: "/v1/feed?seed=s&limit=2", refused: "/v1/feed?seed=s&limit=0", counted: true },
  { path: "/v1/usage", refused: "", counted: false },
];

/** 401 invalid_key, the Bearer challenge, the limit headers, and no trace of the secret sent. */
function expectInvalidKey(response: ApiResponse, what: string, secret?: string): void {
  expectError(response, 401, "invalid_key");
  expect(response.headers.get("www-authenticate") ?? "", what).toMatch(/^Bearer\b/);
  expectRateHeaders(response, what);
  if (secret !== undefined) expect(response.text, what).not.toContain(secret);
}

function expectOk(response: ApiResponse, what: string): void {
  expect(response.status, `${what}: ${response.text}`).toBe(200);
  expectRateHeaders(response, what);
}

function runCommonRouteTests(route: KeyedRoute): void {
  describe(route.path, SLOW_TESTS, () => {
    const api = (options: { key?: TestKey | string; headers?: Record<string, string> } = {}) =>
      server.api(route.path, options);

    // serve.test.ts covers GET /usage without a key.
    if (route.counted) {
      it("answers 401 invalid_key with WWW-Authenticate: Bearer without a key", async () => {
        const response = await api();
        expectInvalidKey(response, route.path);
        expect(response.body.error.message).toMatch(/Authorization: Bearer/);
      });
    }

    it("answers 401 invalid_key for an Authorization header of another scheme", async () => {
      expectInvalidKey(await api({ headers: { authorization: "Basic dXNlcjpwYXNzd29yZA==" } }), route.path);
    });

    it("answers 401 invalid_key for a well-formed key the server never issued, without echoing it", async () => {
      const secret = "wc_0123456789abcdefghijABCDEFGHIJ";
      const response = await api({ key: secret });
      expectInvalidKey(response, route.path, secret);
      expect(response.body.error.message).toMatch(/not known/);
    });

    it("answers 401 invalid_key for a disabled key that worked before", async () => {
      const key = await server.createKey();
      expectOk(await api({ key }), route.path);
      await server.disableKey(key);
      const response = await api({ key });
      expectInvalidKey(response, route.path, key.secret);
      expect(response.body.error.message).toMatch(/disabled/);
    });

    it("accepts a rotated key during its grace and refuses it after, while the new key works", async () => {
      const during = await server.createKey();
      const replacement = await server.rotateKey(during, 3_600_000);
      expectOk(await api({ key: during }), `${route.path}, old key in its grace`);
      expectOk(await api({ key: replacement }), `${route.path}, new key`);

      const after = await server.createKey();
      const next = await server.rotateKey(after, 150);
      await sleep(300);
      const refused = await api({ key: after });
      expectInvalidKey(refused, `${route.path}, old key after its grace`, after.secret);
      expect(refused.body.error.message).toMatch(/replaced/);
      expectOk(await api({ key: next }), `${route.path}, new key after the old one's grace`);
    });

    if (!route.counted) return;

    it("refuses a trial account with 429 quota_exceeded after 20 requests across both its keys", async () => {
      const first = await server.createKey("trial");
      const second = await server.addKey(first.accountId);
      for (let i = 0; i < 20; i++) {
        expectOk(await api({ key: i % 2 === 0 ? first : second }), `${route.path}, request ${i + 1} of 20`);
      }
      for (const key of [first, second]) {
        const response = await api({ key });
        expectError(response, 429, "quota_exceeded");
        expect(response.body.error).not.toHaveProperty("retryAfter");
        expect(response.headers.get("retry-after"), response.text).toBeNull();
        expectRateHeaders(response, route.path);
        // Limits are checked before the request reaches the index.
        expectError(await server.api(route.refused, { key }), 429, "quota_exceeded");
      }
      const usage = await server.api("/v1/usage", { key: second });
      expect(usage.body.quota, usage.text).toMatchObject({ limit: 20, used: 20, remaining: 0 });

      const other = await server.createKey("trial");
      expectOk(await api({ key: other }), `${route.path}, another trial account`);
    });

    it("answers 429 rate_limited with Retry-After and error.retryAfter once the minute window is full", async () => {
      const key = await server.createKey(TINY_PLAN.name);
      await awayFromMinuteEnd();
      const remaining: string[] = [];
      for (let i = 0; i < TINY_PLAN.perMinute; i++) {
        const response = await api({ key });
        expectOk(response, `${route.path}, request ${i + 1}`);
        expect(response.headers.get("x-ratelimit-limit")).toBe(String(TINY_PLAN.perMinute));
        remaining.push(response.headers.get("x-ratelimit-remaining") as string);
      }
      expect(remaining).toEqual(["2", "1", "0"]);

      const refused = await api({ key });
      expectError(refused, 429, "rate_limited");
      const retryAfter = refused.body.error.retryAfter;
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, refused.text).toBe(true);
      expect(refused.headers.get("retry-after"), refused.text).toBe(String(retryAfter));
      expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
      const resetS = Number(refused.headers.get("x-ratelimit-reset"));
      expect(Math.abs(resetS - Date.now() / 1000 - retryAfter), refused.text).toBeLessThanOrEqual(2);
      // Limits are checked before the request reaches the index.
      expectError(await server.api(route.refused, { key }), 429, "rate_limited");

      const usage = await server.api("/v1/usage", { key });
      expect(usage.body.quota.used, usage.text).toBe(TINY_PLAN.perMinute);
      // The window is per key: another key of the same account is not limited by this one's.
      expectOk(
        await api({ key: await server.addKey(key.accountId) }),
        `${route.path}, another key of the account`,
      );
    });
  });
}

describe("every keyed route", () => {
  for (const route of ROUTES) runCommonRouteTests(route);
});

describe("limits under concurrent requests", SLOW_TESTS, () => {
  it("admits exactly the minute window's requests of a burst sent at once", async () => {
    const key = await server.createKey(TINY_PLAN.name);
    await awayFromMinuteEnd();
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => server.api("/v1/words/run/clips?limit=1", { key })),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses, responses.map((r) => r.text.slice(0, 120)).join("\n")).toEqual([
      ...Array<number>(TINY_PLAN.perMinute).fill(200),
      ...Array<number>(12 - TINY_PLAN.perMinute).fill(429),
    ]);
    for (const response of responses.filter((r) => r.status === 429)) {
      expect(response.body.error.code, response.text).toBe("rate_limited");
    }
  });

  it("admits exactly the monthly quota of a burst sent at once from both keys of an account", async () => {
    const first = await server.createKey("trial");
    const second = await server.addKey(first.accountId);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => server.api("/v1/topics", { key: i % 2 === 0 ? first : second })),
    );
    const admitted = responses.filter((r) => r.status === 200).length;
    expect(admitted).toBe(20);
    for (const response of responses.filter((r) => r.status !== 200)) {
      expectError(response, 429, "quota_exceeded");
    }
    const usage = await server.api("/v1/usage", { key: first });
    expect(usage.body.quota, usage.text).toMatchObject({ used: 20, remaining: 0 });
  });
});

describe("the Authorization header", () => {
  it.each([
    ["Bearer", "a Bearer header without a key"],
    ["Bearer not-a-wordclip-key", "a token not shaped like a key"],
    ["Token wc_0123456789abcdefghijABCDEFGHIJ", "another scheme with a key-shaped token"],
    ["wc_0123456789abcdefghijABCDEFGHIJ", "a key without a scheme"],
  ])("answers 401 invalid_key for %j (%s)", async (header) => {
    expectInvalidKey(await server.api("/v1/topics", { headers: { authorization: header } }), header);
  });

  it("accepts the scheme in any case", async () => {
    const key = server.keys.generous;
    expectOk(
      await server.api("/v1/topics", { headers: { authorization: `bearer ${key.secret}` } }),
      "bearer",
    );
    expectOk(
      await server.api("/v1/topics", { headers: { authorization: `BEARER ${key.secret}` } }),
      "BEARER",
    );
  });

  it("answers 401 before looking at the parameters", async () => {
    expectInvalidKey(await server.api("/v1/words?limit=0"), "a bad limit without a key");
  });
});

describe("GET /corpus", () => {
  it("answers without a key, with the limit headers of the client address", async () => {
    const response = await server.api("/v1/corpus");
    expectOk(response, "/v1/corpus without a key");
    expect(response.body.languages.length).toBeGreaterThan(0);
  });

  it("answers with an unknown or malformed key as without one", async () => {
    const [plain, unknown, malformed] = await Promise.all([
      server.api("/v1/corpus"),
      server.api("/v1/corpus", { key: "wc_0123456789abcdefghijABCDEFGHIJ" }),
      server.api("/v1/corpus", { headers: { authorization: "Basic abc" } }),
    ]);
    for (const response of [unknown, malformed]) {
      expectOk(response, "/v1/corpus with a bad key");
      expect(response.body).toEqual(plain.body);
    }
  });

  it("counts a valid key's requests in that key's window, not in its quota", async () => {
    const key = await server.createKey("trial");
    const response = await server.api("/v1/corpus", { key });
    expectOk(response, "/v1/corpus with a trial key");
    expect(response.headers.get("x-ratelimit-limit")).toBe("60");
    expect(response.headers.get("x-ratelimit-remaining")).toBe("59");
    const usage = await server.api("/v1/usage", { key });
    expect(usage.body.quota.used, usage.text).toBe(0);
  });
});

/** Fragments a client may send raw, unencoded, in a query string. */
const RAW_FRAGMENTS = [
  "%",
  "%zz",
  "%E0%A4%A",
  "%ED%A0%80",
  "%C0%AF",
  "%00",
  "%2F",
  "%26",
  "+",
  "&",
  "=",
  "==",
  ";",
  "[]",
  "[0]",
  "__proto__",
  "constructor",
  "A1,",
  ",",
  "-1",
  "1e3",
  "0x10",
  "NaN",
  "true",
  "null",
] as const;

/** Values: usual ones, random text of any script (encoded), raw fragments, and very long strings. */
const queryValue = fc.oneof(
  fc.constantFrom(
    "run",
    "A1",
    "A1,B2",
    "en",
    "es",
    "xx",
    "fuzzy",
    "random",
    "food",
    "20",
    "0",
    "101",
    "true",
  ),
  fc.string({ maxLength: 40, unit: "grapheme" }).map(percentEncode),
  fc.string({ maxLength: 40, unit: "binary" }).map(percentEncode),
  fc.array(fc.constantFrom(...RAW_FRAGMENTS), { minLength: 1, maxLength: 4 }).map((parts) => parts.join("")),
  fc.integer({ min: 100, max: 3_000 }).map((n) => "a".repeat(n)),
);

function queryFor(names: readonly string[]): fc.Arbitrary<string> {
  const name = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...names) },
    { weight: 1, arbitrary: fc.constantFrom("__proto__", "constructor", "toString", "q[]", "x", "") },
  );
  return fc
    .array(fc.tuple(name, queryValue), { maxLength: 6 })
    .map((pairs) => pairs.map(([n, v]) => (n === "" ? v : `${n}=${v}`)).join("&"));
}

/**
 * A path segment: any text, percent-encoded as UTF-8, or a few raw characters, up to 200 characters
 * once encoded (longer segments and malformed encodings are the bugs listed in the report).
 */
const pathSegment = fc
  .oneof(
    fc.string({ minLength: 1, maxLength: 60, unit: "grapheme" }).map(percentEncode),
    fc.string({ minLength: 1, maxLength: 60, unit: "binary" }).map(percentEncode),
    fc.constantFrom(
      "run",
      "wctest-run-01",
      "RUN",
      "ice%20cream",
      "..",
      ".",
      "%2F",
      "%00",
      "__proto__",
      "a.b",
      "-",
    ),
    fc.stringMatching(/^[A-Za-z0-9_-]{1,200}$/),
  )
  .filter((segment) => segment.length <= 200);

interface FuzzedRoute {
  name: string;
  path: fc.Arbitrary<string>;
  names: readonly string[];
}

const FUZZED: readonly FuzzedRoute[] = [
  {
    name: "/words",
    path: fc.constant("/v1/words"),
    names: ["q", "language", "gloss", "level", "hasClips", "limit", "cursor"],
  },
  {
    name: "/words/{word}/clips",
    path: pathSegment.map((word) => `/v1/words/${word}/clips`),
    names: ["language", "gloss", "level", "match", "order", "limit", "cursor"],
  },
  { name: "/clips/{clipId}", path: pathSegment.map((id) => `/v1/clips/${id}`), names: ["gloss"] },
  {
    name: "/clips/{clipId}/transcript",
    path: pathSegment.map((id) => `/v1/clips/${id}/transcript`),
    names: ["words"],
  },
  { name: "/topics", path: fc.constant("/v1/topics"), names: ["language"] },
  { name: "/corpus", path: fc.constant("/v1/corpus"), names: ["language"] },
  {
    name: "/feed",
    path: fc.constant("/v1/feed"),
    names: ["seed", "level", "language", "topic", "limit", "cursor"],
  },
  { name: "/usage", path: fc.constant("/v1/usage"), names: ["key"] },
];

describe("no client input makes the server fail", SLOW_TESTS, () => {
  it.each(FUZZED)("answers $name with 200, 400 or 404, errors in the envelope", async (route) => {
    const key = server.keys.generous;
    await fc.assert(
      fc.asyncProperty(route.path, queryFor(route.names), async (path, query) => {
        const url = query === "" ? path : `${path}?${query}`;
        fc.pre(url.length < 12_000);
        const response = await server.api(url, { key });
        const what = `${url.slice(0, 300)} → ${response.text.slice(0, 300)}`;
        expect([200, 400, 404], what).toContain(response.status);
        expectRateHeaders(response, what);
        if (response.status !== 200) {
          expect(response.body, what).toEqual({
            error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
          });
          expect(response.body.error.code, what).toBe(
            response.status === 400 ? "invalid_request" : "not_found",
          );
          expect(response.headers.get("cache-control"), what).toBe("no-store");
        }
      }),
      { numRuns: 40 },
    );
  });
});
