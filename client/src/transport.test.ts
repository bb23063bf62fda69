/**
 * The retry loop as logic: a scripted `fetch`, a clock that records its waits instead of waiting, and a
 * fixed random source. The same rules against the real server are in `client/test/client.test.ts`.
 */
import { describe, expect, it } from "vitest";
import { WordclipClient } from "./client.js";
import { ConnectionError, QuotaExceededError, WordclipError } from "./errors.js";
import { type Clock, systemClock } from "./transport.js";

type Step = Response | Error;

function envelope(status: number, code: string, extra: Record<string, unknown> = {}, headers = {}): Response {
  return Response.json(
    { error: { code, message: `${code} for the test`, requestId: "req-7", ...extra } },
    {
      status,
      headers,
    },
  );
}

const CORPUS = { languages: [], updatedAt: "2026-04-01T00:00:00.000Z" };
const USAGE = { quota: { limit: 20, used: 20, remaining: 0 } };

/** A client over a scripted fetch; `waits` are the delays the loop asked its clock for. */
function scripted(steps: Step[], options: { maxTries?: number; random?: number } = {}) {
  const requests: Array<{ url: string; headers: Headers }> = [];
  const waits: number[] = [];
  const clock: Clock = {
    now: () => Date.parse("2026-04-01T12:00:00.000Z"),
    sleep: async (ms) => {
      waits.push(ms);
    },
  };
  const client = new WordclipClient({
    baseUrl: "http://wordclip.test/v1",
    apiKey: "wc_test",
    retry: { maxTries: options.maxTries ?? 4, baseDelayMs: 1_000, maxDelayMs: 60_000 },
    clock,
    random: () => options.random ?? 0.5,
    fetch: async (input, init) => {
      requests.push({ url: String(input), headers: new Headers(init?.headers) });
      const step = steps.shift();
      if (step === undefined) throw new Error("the script has no more answers");
      if (step instanceof Error) throw step;
      return step;
    },
  });
  return { client, requests, waits };
}

describe("the retry loop", () => {
  it("retries rate_limited after retryAfter plus the jitter, doubling the jitter's ceiling", async () => {
    const { client, requests, waits } = scripted([
      envelope(429, "rate_limited", { retryAfter: 3 }, { "Retry-After": "3" }),
      envelope(429, "rate_limited", { retryAfter: 2 }, { "Retry-After": "2" }),
      Response.json(CORPUS),
    ]);
    await expect(client.getCorpus()).resolves.toEqual(CORPUS);
    expect(requests).toHaveLength(3);
    expect(waits).toEqual([3_000 + 0.5 * 1_000, 2_000 + 0.5 * 2_000]);
  });

  it("reads the Retry-After header when the body has no retryAfter", async () => {
    const { client, waits } = scripted([
      envelope(429, "rate_limited", {}, { "Retry-After": "7" }),
      Response.json(CORPUS),
    ]);
    await client.getCorpus();
    expect(waits).toEqual([7_500]);
  });

  it("stops after maxTries and throws the last rate_limited as a WordclipError", async () => {
    const limited = () => envelope(429, "rate_limited", { retryAfter: 1 });
    const { client, requests, waits } = scripted([limited(), limited(), limited()], { maxTries: 3 });
    const error = await client.getCorpus().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WordclipError);
    expect(error).toMatchObject({ code: "rate_limited", status: 429, requestId: "req-7", retryAfterS: 1 });
    expect(requests).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it("throws quota_exceeded at once as a QuotaExceededError carrying the usage read after it", async () => {
    const { client, requests, waits } = scripted([envelope(429, "quota_exceeded"), Response.json(USAGE)]);
    const error = await client.getTopics().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect(error).toMatchObject({ code: "quota_exceeded", status: 429, requestId: "req-7", usage: USAGE });
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(["/v1/topics", "/v1/usage"]);
    expect(waits).toEqual([]);
  });

  it("retries 503 and a failed connection the same way", async () => {
    const { client, requests, waits } = scripted(
      [envelope(503, "unavailable", { retryAfter: 5 }), new TypeError("fetch failed"), Response.json(CORPUS)],
      { random: 0 },
    );
    await expect(client.getCorpus()).resolves.toEqual(CORPUS);
    expect(requests).toHaveLength(3);
    expect(waits).toEqual([5_000, 0]);
  });

  it("throws a ConnectionError, with the failure as its cause, when no try connects", async () => {
    const failure = new TypeError("fetch failed");
    const { client, requests } = scripted([failure, failure], { maxTries: 2 });
    const error = await client.getCorpus().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).cause).toBe(failure);
    expect(requests).toHaveLength(2);
  });

  it("never retries another 4xx or a 500", async () => {
    for (const [status, code] of [
      [400, "invalid_request"],
      [401, "invalid_key"],
      [404, "not_found"],
      [500, "internal"],
    ] as const) {
      const { client, requests } = scripted([envelope(status, code)]);
      await expect(client.getClip("x")).rejects.toMatchObject({ code, status });
      expect(requests, code).toHaveLength(1);
    }
  });

  it("gives a body that is not an envelope as unexpected_response, retrying a gateway's 502", async () => {
    const { client, requests } = scripted(
      [
        new Response("<html>bad gateway</html>", { status: 502 }),
        new Response("<html>x</html>", { status: 502 }),
      ],
      { maxTries: 2 },
    );
    const error = await client.getCorpus().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "unexpected_response", status: 502 });
    expect((error as Error).message).toContain("<html>x</html>");
    expect(requests).toHaveLength(2);
  });
});

describe("requests", () => {
  it("send the key, join a level list with commas and leave out what is undefined", async () => {
    const { client, requests } = scripted([Response.json({ words: [], totalCount: 0, nextCursor: null })]);
    await client.getWords({ q: "ru n", level: ["A1", "B2"], hasClips: false });
    const request = requests[0];
    expect(request?.url).toBe("http://wordclip.test/v1/words?q=ru+n&level=A1%2CB2&hasClips=false");
    expect(request?.headers.get("authorization")).toBe("Bearer wc_test");
  });

  it("escape path parameters", async () => {
    const { client, requests } = scripted([envelope(404, "not_found")]);
    await client.getWordClips("a/b?c").catch(() => undefined);
    expect(requests[0]?.url).toBe("http://wordclip.test/v1/words/a%2Fb%3Fc/clips");
  });

  it("refuse a base URL that is not absolute and a policy that is not positive", () => {
    expect(() => new WordclipClient({ baseUrl: "/v1" })).toThrow(/baseUrl must be an absolute URL/);
    expect(() => new WordclipClient({ baseUrl: "http://x/v1", retry: { maxTries: 0 } })).toThrow(
      "retry.maxTries must be a positive integer, got 0",
    );
  });
});

describe("the system clock", () => {
  it("stops a wait when its signal aborts, rejecting with the signal's reason", async () => {
    const controller = new AbortController();
    const wait = systemClock.sleep(60_000, controller.signal);
    controller.abort(new Error("no more waiting"));
    await expect(wait).rejects.toThrow("no more waiting");
    await expect(systemClock.sleep(60_000, AbortSignal.abort())).rejects.toMatchObject({
      name: "AbortError",
    });
  });
});
