/**
 * The client against the real server, started here over the shared test snapshot: every method, the
 * iterators to the last page, a 429 retried after Retry-After, a spent quota not retried, 304 answered
 * from the ETag cache, a lost connection retried, timeouts and aborts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { awayFromMinuteEnd } from "../../test/support/api-checks.js";
import { startTestServer, type TestKey, type TestServer } from "../../test/support/server.js";
import { startTcpProxy, type TcpProxy } from "../../test/support/tcp-proxy.js";
import {
  type Clock,
  ConnectionError,
  QuotaExceededError,
  type RetryEvent,
  TimeoutError,
  WordclipClient,
  WordclipError,
} from "../src/index.js";

let server: TestServer;
let key: TestKey;

beforeAll(async () => {
  server = await startTestServer();
  key = server.keys.generous;
});

afterAll(async () => {
  await server?.close();
});

/** What the server answers a raw GET, for comparing with what the client returns. */
async function raw(pathAndQuery: string): Promise<unknown> {
  const response = await server.api(`/v1${pathAndQuery}`, { key });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

interface Recorded {
  client: WordclipClient;
  /** Each request's path and query, and the status it was answered with. */
  requests: Array<{ path: string; status: number }>;
  waits: number[];
  retries: RetryEvent[];
}

/** A client of the test server whose fetch records each answer and whose clock records each wait. */
function recorded(
  options: {
    apiKey?: string;
    baseUrl?: string;
    cache?: boolean;
    maxTries?: number;
    timeoutMs?: number;
    /** Runs instead of waiting between tries. */
    onWait?: (ms: number) => void | Promise<void>;
  } = {},
): Recorded {
  const requests: Recorded["requests"] = [];
  const waits: number[] = [];
  const retries: RetryEvent[] = [];
  const clock: Clock = {
    now: () => Date.now(),
    sleep: async (ms, signal) => {
      signal?.throwIfAborted();
      waits.push(ms);
      await options.onWait?.(ms);
      signal?.throwIfAborted();
    },
  };
  const client = new WordclipClient({
    baseUrl: options.baseUrl ?? `${server.baseUrl}/v1`,
    apiKey: options.apiKey ?? key.secret,
    cache: options.cache ?? false,
    retry: { maxTries: options.maxTries ?? 4, baseDelayMs: 50, maxDelayMs: 61_000 },
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    clock,
    onRetry: (event) => retries.push(event),
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      const url = new URL(String(input));
      requests.push({ path: `${url.pathname}${url.search}`, status: response.status });
      return response;
    },
  });
  return { client, requests, waits, retries };
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe("one method per endpoint", () => {
  it("getWords returns the page the server answers", async () => {
    const { client } = recorded();
    expect(await client.getWords({ q: "ru", level: ["A1", "A2"], limit: 5 })).toEqual(
      await raw("/words?q=ru&level=A1,A2&limit=5"),
    );
  });

  it("getWordClips returns the lookup with its matched word and clips", async () => {
    const { client } = recorded();
    const page = await client.getWordClips("ran", { match: "forms", limit: 3 });
    expect(page).toEqual(await raw("/words/ran/clips?match=forms&limit=3"));
    expect(page.matchedWord).toBe("run");
    expect(page.matchType).toBe("forms");
  });

  it("getPhraseClips returns the clips that say a phrase, and phraseClips walks them to the last", async () => {
    const { client } = recorded();
    const page = await client.getPhraseClips("in the", { limit: 2 });
    expect(page).toEqual(await raw("/phrases/in%20the/clips?limit=2"));
    expect(page.totalCount).toBeGreaterThan(0);
    const clips = await collect(client.phraseClips("in the", { limit: 1 }));
    expect(clips.length).toBe(page.totalCount);
    expect(new Set(clips.map((c) => c.clipId)).size).toBe(clips.length);
  });

  it("getClip and getTranscript return a clip by its id and by its video id", async () => {
    const { client } = recorded();
    const clip = await client.getClip("wctest-run-01");
    expect(clip).toEqual(await raw("/clips/wctest-run-01"));
    expect(await client.getClip(clip.clipId)).toEqual(clip);
    const transcript = await client.getTranscript(clip.clipId, { words: false });
    expect(transcript).toEqual(await raw(`/clips/${clip.clipId}/transcript?words=false`));
    expect(transcript.words).toBeUndefined();
    expect((await client.getTranscript("wctest-run-01")).words?.length).toBeGreaterThan(0);
  });

  it("getTopics and getUsage return the server's answers", async () => {
    const { client } = recorded();
    expect(await client.getTopics({ language: "en" })).toEqual(await raw("/topics?language=en"));
    const usage = await client.getUsage();
    expect(usage.key.id).toBe(key.keyId);
    expect(usage.accountId).toBe(key.accountId);
  });

  it("getCorpus needs no key", async () => {
    const client = new WordclipClient({ baseUrl: `${server.baseUrl}/v1` });
    const corpus = await client.getCorpus();
    expect(corpus).toEqual(await raw("/corpus"));
    expect(corpus.languages.length).toBeGreaterThan(0);
  });

  it("getFeed continues one order with the echoed seed", async () => {
    const { client } = recorded();
    const first = await client.getFeed({ limit: 4 });
    expect(first.seed).not.toBe("");
    const cursor = first.nextCursor;
    expect(cursor).not.toBeNull();
    const second = await client.getFeed({ seed: first.seed, cursor: cursor ?? "", limit: 4 });
    expect(second).toEqual(
      await raw(`/feed?seed=${encodeURIComponent(first.seed)}&cursor=${cursor}&limit=4`),
    );
  });

  it("sends a word or clip id of dots to no other path: refused before any request", async () => {
    const { client, requests } = recorded();
    // A URL parser climbs `..` and drops `.`: /v1/words/../clips would be /v1/clips.
    for (const call of [
      () => client.getWordClips(".."),
      () => client.getWordClips("."),
      () => client.getPhraseClips(".."),
      () => client.getClip(".."),
      () => client.getTranscript("."),
      () => client.getClip(""),
    ]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toMatch(/^(word|phrase|clipId) cannot be "\.{0,2}"/);
    }
    expect(requests).toEqual([]);
    // Dots inside a word are sent as they are.
    expect((await client.getWordClips("a.m.", { limit: 1 })).matchedWord).toBe("a.m.");
    expect(() => new WordclipClient({ baseUrl: `${server.baseUrl}/v1?x=1` })).toThrow(
      /baseUrl must have no query or fragment/,
    );
  });

  it("throws the envelope as a WordclipError with its code, status and request id, without retrying", async () => {
    const { client, requests } = recorded();
    const error = await client.getClip("no-such-clip").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WordclipError);
    expect(error).toMatchObject({ code: "not_found", status: 404, requestId: expect.any(String) });
    expect((error as Error).message).toContain("no-such-clip");
    expect(requests).toHaveLength(1);
    const refused = recorded({ apiKey: "wc_not_a_real_key" });
    await expect(refused.client.getTopics()).rejects.toMatchObject({ code: "invalid_key", status: 401 });
    expect(refused.requests).toHaveLength(1);
  });
});

describe("iterators", () => {
  it("wordClips walks every page to the last, as many clips as totalCount, each once", async () => {
    const { client, requests } = recorded();
    const first = await client.getWordClips("run", { limit: 100 });
    requests.length = 0;
    const clips = await collect(client.wordClips("run", { limit: 2 }));
    expect(clips.length).toBe(first.totalCount);
    expect(new Set(clips.map((c) => c.clipId)).size).toBe(clips.length);
    expect(clips.map((c) => c.clipId)).toEqual(first.clips.map((c) => c.clipId));
    expect(requests.length).toBe(Math.ceil(first.totalCount / 2));
    expect(requests[1]?.path).toContain("cursor=");
  });

  it("wordClips keeps the level filter on every page", async () => {
    const { client } = recorded();
    const clips = await collect(client.wordClips("run", { level: ["A1"], limit: 1 }));
    const all = await client.getWordClips("run", { level: ["A1"], limit: 100 });
    expect(clips.map((c) => c.clipId)).toEqual(all.clips.map((c) => c.clipId));
    expect(clips.every((c) => c.level === "A1")).toBe(true);
  });

  it("words walks the catalogue to the last page", async () => {
    const { client } = recorded();
    const page = await client.getWords({ level: ["C2"], limit: 100 });
    const words = await collect(client.words({ level: ["C2"], limit: 7 }));
    expect(words.length).toBe(page.totalCount);
    expect(new Set(words.map((w) => w.wordId)).size).toBe(words.length);
  });

  it("feed walks one order to its end: every clip of the language once", async () => {
    const { client } = recorded();
    const corpus = await client.getCorpus();
    const en = corpus.languages.find((l) => l.language === "en");
    const clips = await collect(client.feed({ limit: 100 }));
    expect(clips.length).toBe(en?.clips);
    expect(new Set(clips.map((c) => c.clipId)).size).toBe(clips.length);
  });

  it("stops asking for pages when the loop breaks", async () => {
    const { client, requests } = recorded();
    for await (const clip of client.wordClips("run", { limit: 1 })) {
      expect(clip.clipId).toBeTruthy();
      break;
    }
    expect(requests).toHaveLength(1);
  });
});

describe("limits", () => {
  async function keyOnPlan(name: string, perMinute: number, perMonth: number): Promise<TestKey> {
    await server.store?.setPlan(name, { perMinute, perMonth, description: "client tests" });
    return server.createKey(name);
  }

  it("retries a 429 rate_limited after waiting at least Retry-After, then succeeds", async () => {
    const plan = "client-two-a-minute";
    const limited = await keyOnPlan(plan, 2, 1_000);
    await awayFromMinuteEnd();
    const { client, requests, waits, retries } = recorded({
      apiKey: limited.secret,
      // Instead of waiting out the minute, the wait lifts the plan's limit: the retry is then admitted.
      onWait: async () => {
        await server.store?.setPlan(plan, { perMinute: 100, perMonth: 1_000, description: "lifted" });
        server.server.gate?.clearKeyCache();
      },
    });
    await client.getTopics();
    await client.getTopics();
    const topics = await client.getTopics();
    expect(topics.topics.length).toBeGreaterThan(0);
    expect(requests.map((r) => r.status)).toEqual([200, 200, 429, 200]);
    expect(retries).toHaveLength(1);
    const refusal = retries[0]?.error;
    expect(refusal).toMatchObject({ code: "rate_limited", status: 429 });
    const retryAfterS = (refusal as WordclipError).retryAfterS ?? 0;
    expect(retryAfterS).toBeGreaterThanOrEqual(1);
    expect(retryAfterS).toBeLessThanOrEqual(60);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(retryAfterS * 1000);
  });

  it("throws rate_limited once its tries are spent", async () => {
    const limited = await keyOnPlan("client-one-a-minute", 1, 1_000);
    await awayFromMinuteEnd();
    const { client, requests } = recorded({ apiKey: limited.secret, maxTries: 3 });
    await client.getTopics();
    const error = await client.getTopics().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WordclipError);
    expect(error).toMatchObject({ code: "rate_limited", status: 429, requestId: expect.any(String) });
    expect(requests.map((r) => r.status)).toEqual([200, 429, 429, 429]);
  });

  it("gives a refusal the minute window of its X-RateLimit headers", async () => {
    const limited = await keyOnPlan("client-one-a-minute-window", 1, 1_000);
    await awayFromMinuteEnd();
    const { client } = recorded({ apiKey: limited.secret, maxTries: 1 });
    await client.getTopics();
    const refused = await server.api("/v1/topics", { key: limited });
    expect(refused.status, refused.text).toBe(429);
    const error = await client.getTopics().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WordclipError);
    expect((error as WordclipError).rateLimit).toEqual({
      limit: 1,
      remaining: 0,
      resetAtS: Number(refused.headers.get("x-ratelimit-reset")),
    });
    // Asked a moment after the raw request: the same wait, or a second less.
    const retryAfterS = Number(refused.headers.get("retry-after"));
    expect((error as WordclipError).retryAfterS).toBeGreaterThanOrEqual(retryAfterS - 1);
    expect((error as WordclipError).retryAfterS).toBeLessThanOrEqual(retryAfterS);
  });

  it("throws quota_exceeded at once, as a QuotaExceededError carrying the key's usage", async () => {
    const spent = await keyOnPlan("client-two-a-month", 1_000, 2);
    const { client, requests, waits } = recorded({ apiKey: spent.secret });
    await client.getTopics();
    await client.getTopics();
    const error = await client.getTopics().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QuotaExceededError);
    const quota = error as QuotaExceededError;
    expect(quota).toMatchObject({ code: "quota_exceeded", status: 429 });
    expect(quota.usage?.quota).toMatchObject({ limit: 2, used: 2, remaining: 0 });
    expect(quota.usage?.plan.name).toBe("client-two-a-month");
    expect(requests.map((r) => `${r.status} ${r.path}`)).toEqual([
      "200 /v1/topics",
      "200 /v1/topics",
      "429 /v1/topics",
      "200 /v1/usage",
    ]);
    expect(waits).toEqual([]);
  });
});

describe("the ETag cache", () => {
  it("sends If-None-Match and serves the 304 from the cache", async () => {
    const { client, requests } = recorded({ cache: true });
    const first = await client.getWordClips("run", { limit: 3 });
    const second = await client.getWordClips("run", { limit: 3 });
    expect(requests.map((r) => r.status)).toEqual([200, 304]);
    expect(second).toEqual(first);
    // Each call gets its own copy: changing one answer does not change the cache.
    first.clips.length = 0;
    expect((await client.getWordClips("run", { limit: 3 })).clips).toHaveLength(3);
  });

  it("is off unless asked for", async () => {
    const { client, requests } = recorded();
    await client.getCorpus();
    await client.getCorpus();
    expect(requests.map((r) => r.status)).toEqual([200, 200]);
  });
});

describe("connections, timeouts and aborts", () => {
  let proxy: TcpProxy;

  beforeAll(async () => {
    proxy = await startTcpProxy(new URL(server.baseUrl).host);
  });

  afterAll(async () => {
    await proxy?.close();
  });

  const viaProxy = () => `http://${proxy.hostPort}/v1`;

  it("retries a refused connection, and answers once the server is reachable again", async () => {
    await proxy.set("refuse");
    const { client, retries } = recorded({ baseUrl: viaProxy(), onWait: () => proxy.set("forward") });
    expect((await client.getCorpus()).languages.length).toBeGreaterThan(0);
    expect(retries).toHaveLength(1);
    expect(retries[0]?.error).toBeInstanceOf(ConnectionError);
  });

  it("throws a ConnectionError when no try connects", async () => {
    await proxy.set("refuse");
    const { client, waits } = recorded({ baseUrl: viaProxy(), maxTries: 2 });
    await expect(client.getCorpus()).rejects.toBeInstanceOf(ConnectionError);
    expect(waits).toHaveLength(1);
    await proxy.set("forward");
  });

  it("throws a TimeoutError when the server does not answer within the timeout", async () => {
    await proxy.set("blackhole");
    const { client, waits } = recorded({ baseUrl: viaProxy(), maxTries: 2, timeoutMs: 100 });
    const error = await client.getCorpus().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(100);
    expect(waits).toHaveLength(1);
    // A call's own timeout overrides the client's.
    const single = recorded({ baseUrl: viaProxy(), maxTries: 1 });
    await expect(single.client.getCorpus({ timeoutMs: 50 })).rejects.toMatchObject({ timeoutMs: 50 });
    await proxy.set("forward");
  });

  it("rejects with the signal's reason when aborted during a request, and does not retry", async () => {
    await proxy.set("blackhole");
    const controller = new AbortController();
    let sent: () => void = () => {};
    const requestSent = new Promise<void>((resolve) => {
      sent = resolve;
    });
    const client = new WordclipClient({
      baseUrl: viaProxy(),
      fetch: (input, init) => {
        sent();
        return fetch(input, init);
      },
    });
    const call = client.getCorpus({ signal: controller.signal });
    await requestSent;
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
    await proxy.set("forward");
  });

  it("rejects with the signal's reason when aborted while waiting to retry", async () => {
    await proxy.set("refuse");
    const controller = new AbortController();
    const { client, requests } = recorded({
      baseUrl: viaProxy(),
      onWait: () => controller.abort(new Error("stop")),
    });
    await expect(client.getCorpus({ signal: controller.signal })).rejects.toThrow("stop");
    expect(requests).toHaveLength(0);
    await proxy.set("forward");
  });

  it("sends nothing when the signal is already aborted", async () => {
    const { client, requests } = recorded();
    await expect(client.getCorpus({ signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: "AbortError",
    });
    expect(requests).toHaveLength(0);
  });
});
