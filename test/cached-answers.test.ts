/**
 * A URL answered before is answered again from the response cache ahead of the routes: over real HTTP,
 * the second answer has the first one's bytes and headers, and counts against the key's minute window and
 * month like any other; refusals, conditional requests and HEAD behave as on a first request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { awayFromMinuteEnd } from "./support/api-checks.js";
import { type ApiResponse, startTestServer, type TestServer } from "./support/server.js";

const LOOKUP = "/v1/words/run/clips?limit=3";

/** Headers but the ones that differ between two answers by design. */
function stableHeaders(response: ApiResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of response.headers) {
    if (!["date", "x-request-id", "x-ratelimit-remaining"].includes(name)) out[name] = value;
  }
  return out;
}

describe("answers from the response cache over HTTP", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server?.close();
  });

  it("gives a repeated URL the first answer's bytes and headers, counting it in the minute window", async () => {
    const key = await server.createKey();
    await awayFromMinuteEnd(5_000);
    const first = await server.api(LOOKUP, { key });
    const second = await server.api(LOOKUP, { key });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(stableHeaders(second)).toEqual(stableHeaders(first));
    expect(Object.keys(stableHeaders(first)).sort()).toEqual([
      "access-control-allow-origin",
      "access-control-expose-headers",
      "cache-control",
      "connection",
      "content-length",
      "content-type",
      "etag",
      "keep-alive",
      "x-ratelimit-limit",
      "x-ratelimit-reset",
    ]);
    expect(Number(second.headers.get("x-ratelimit-remaining"))).toBe(
      Number(first.headers.get("x-ratelimit-remaining")) - 1,
    );
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    const kept = await server.api(LOOKUP, { key, headers: { "x-request-id": "trace-42" } });
    expect(kept.headers.get("x-request-id")).toBe("trace-42");
  });

  it("gives a URL the framework answered first (no direct route) the same bytes and ETag from the cache", async () => {
    const key = await server.createKey();
    for (const url of ["/v1/topics", "/v1/corpus"]) {
      const first = await server.api(url, { key });
      const second = await server.api(url, { key });
      expect(first.status).toBe(200);
      expect(second.text).toBe(first.text);
      expect(second.headers.get("etag")).toMatch(/^W\/"/);
      expect(stableHeaders(second)).toEqual(stableHeaders(first));
    }
  });

  it("charges every cached answer to the month: the 21st request on the trial plan is refused", async () => {
    const key = await server.createKey("trial");
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await server.api(LOOKUP, { key })).status);
    expect(statuses).toEqual([...Array<number>(20).fill(200), 429]);
    const refused = await server.api(LOOKUP, { key });
    expect(refused.body.error.code).toBe("quota_exceeded");
    const usage = await server.api("/v1/usage", { key });
    expect(usage.body.quota).toMatchObject({ used: 20, remaining: 0 });
  });

  it("refuses a cached URL past the minute's limit with 429, Retry-After and the envelope", async () => {
    await server.store?.setPlan("three-a-minute", { perMinute: 3, perMonth: 1_000 });
    const key = await server.createKey("three-a-minute");
    await awayFromMinuteEnd(5_000);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await server.api(LOOKUP, { key }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    const refused = answers[3] as ApiResponse;
    expect(refused.body.error.code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("x-request-id")).toBe(refused.body.error.requestId);
  });

  it("applies a plan's new minute limit to a key's cached answers once the key is looked up again", async () => {
    await server.store?.setPlan("changing", { perMinute: 40, perMonth: 1_000 });
    const key = await server.createKey("changing");
    expect((await server.api(LOOKUP, { key })).headers.get("x-ratelimit-limit")).toBe("40");
    expect((await server.api(LOOKUP, { key })).headers.get("x-ratelimit-limit")).toBe("40");
    await server.store?.setPlan("changing", { perMinute: 30, perMonth: 1_000 });
    // Keys are looked up again within two seconds: the limit of every answer after that is the new plan's.
    await expect
      .poll(async () => (await server.api(LOOKUP, { key })).headers.get("x-ratelimit-limit"), {
        timeout: 5_000,
        interval: 100,
      })
      .toBe("30");
  });

  it("refuses a cached URL without a valid key: 401 with WWW-Authenticate", async () => {
    const key = await server.createKey();
    expect((await server.api(LOOKUP, { key })).status).toBe(200);
    const refused = await server.api(LOOKUP, { key: "wc_not_a_key_of_this_server" });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("invalid_key");
    expect(refused.headers.get("www-authenticate")).toBe('Bearer realm="wordclip"');
    const none = await server.api(LOOKUP);
    expect(none.status).toBe(401);
  });

  it("answers a conditional request for a cached URL with 304, and HEAD with the headers only", async () => {
    const key = await server.createKey();
    const first = await server.api(LOOKUP, { key });
    const etag = first.headers.get("etag") as string;
    const again = await server.api(LOOKUP, { key, headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    const head = await server.api(LOOKUP, { key, method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    expect(head.headers.get("etag")).toBe(etag);
    expect(head.headers.get("content-length")).toBe(first.headers.get("content-length"));
  });
});
