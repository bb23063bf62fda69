/**
 * `WordclipClient`: one method per endpoint of the v1 API, and async iterators that follow the cursors of
 * the list endpoints to the last page.
 */
import { type EtagCache, MemoryEtagCache } from "./cache.js";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry.js";
import { type CallOptions, type Clock, type RetryEvent, systemClock, Transport } from "./transport.js";
import type {
  ClipQuery,
  ClipResponse,
  ClipWithOccurrences,
  CorpusResponse,
  FeedClip,
  FeedQuery,
  FeedResponse,
  PhraseClipsQuery,
  PhraseClipsResponse,
  TopicsQuery,
  TopicsResponse,
  TranscriptQuery,
  TranscriptResponse,
  UsageResponse,
  Word,
  WordClipsQuery,
  WordClipsResponse,
  WordsQuery,
  WordsResponse,
} from "./types.js";

export interface ClientOptions {
  /** The API's base address, ending in `/v1`: `https://wordclip.example.com/v1`. */
  baseUrl: string;
  /** The API key (`wc_…`), sent as `Authorization: Bearer …`. Only `getCorpus` works without one. */
  apiKey?: string;
  /** The longest one try may take, answer body included; default 30 s. */
  timeoutMs?: number;
  /** Tries and waits for transient failures; default 4 tries, backoff from 500 ms, waits capped at 60 s. */
  retry?: Partial<RetryPolicy>;
  /** `true` for an in-memory ETag cache of 500 answers, or a cache of your own; default none. */
  cache?: boolean | EtagCache;
  /** On `quota_exceeded`, read `GET /usage` to attach the quota state to the error; default true. */
  usageOnQuotaExceeded?: boolean;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** Called before each wait between tries. */
  onRetry?: (event: RetryEvent) => void;
  /** The `fetch` to use; default the global one. */
  fetch?: typeof fetch;
  /** Time for the waits between tries; default the system clock and `setTimeout`. */
  clock?: Clock;
  /** Uniform in [0, 1), for the jitter; default `Math.random`. */
  random?: () => number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

function positive(name: string, value: number, integer: boolean): number {
  if (!(value > 0) || (integer && !Number.isInteger(value)) || !Number.isFinite(value)) {
    throw new RangeError(`${name} must be a positive ${integer ? "integer" : "number"}, got ${value}`);
  }
  return value;
}

/**
 * A path parameter as one escaped segment. "", "." and ".." cannot be one: every URL parser (fetch's too)
 * drops or climbs them, so the request would reach another path; the call is refused instead.
 */
function segment(name: string, value: string): string {
  const escaped = encodeURIComponent(value);
  if (escaped === "" || escaped === "." || escaped === "..") {
    throw new TypeError(`${name} cannot be "${value}": a URL drops or climbs that path segment`);
  }
  return escaped;
}

export class WordclipClient {
  private readonly transport: Transport;

  constructor(options: ClientOptions) {
    let baseUrl: URL;
    try {
      baseUrl = new URL(options.baseUrl);
    } catch {
      throw new TypeError(`baseUrl must be an absolute URL ending in /v1, got "${options.baseUrl}"`);
    }
    // The paths are appended to it: a query or a fragment would swallow them.
    if (baseUrl.search !== "" || baseUrl.hash !== "") {
      throw new TypeError(`baseUrl must have no query or fragment, got "${options.baseUrl}"`);
    }
    const retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    positive("retry.maxTries", retry.maxTries, true);
    positive("retry.baseDelayMs", retry.baseDelayMs, false);
    positive("retry.maxDelayMs", retry.maxDelayMs, false);
    const cache = options.cache === true ? new MemoryEtagCache() : options.cache || undefined;
    const fetchFn = options.fetch ?? globalThis.fetch;
    this.transport = new Transport({
      baseUrl: baseUrl.href.replace(/\/+$/, ""),
      apiKey: options.apiKey,
      headers: options.headers ?? {},
      // Called unbound, the global fetch of some browsers throws "Illegal invocation".
      fetch: (input, init) => fetchFn(input, init),
      timeoutMs: positive("timeoutMs", options.timeoutMs ?? DEFAULT_TIMEOUT_MS, false),
      retry,
      cache,
      clock: options.clock ?? systemClock,
      random: options.random ?? Math.random,
      onRetry: options.onRetry,
      usageOnQuotaExceeded: options.usageOnQuotaExceeded ?? true,
    });
  }

  /** GET /words: one page of catalogue words with their clip counts (autocomplete, coverage checks). */
  getWords(query: WordsQuery = {}, options?: CallOptions): Promise<WordsResponse> {
    return this.transport.get("/words", { ...query }, options);
  }

  /** GET /words/{word}/clips: one page of the clips that contain a word, with the second it is spoken. */
  async getWordClips(
    word: string,
    query: WordClipsQuery = {},
    options?: CallOptions,
  ): Promise<WordClipsResponse> {
    return this.transport.get(`/words/${segment("word", word)}/clips`, { ...query }, options);
  }

  /**
   * GET /phrases/{phrase}/clips: one page of the clips in which a phrase is spoken, token after token,
   * across caption cues (`by the way`, `give up`; `match: "forms"` also finds `gave up`).
   */
  async getPhraseClips(
    phrase: string,
    query: PhraseClipsQuery = {},
    options?: CallOptions,
  ): Promise<PhraseClipsResponse> {
    return this.transport.get(`/phrases/${segment("phrase", phrase)}/clips`, { ...query }, options);
  }

  /** GET /clips/{clipId}: one clip's metadata, by its UUID or its video id. */
  async getClip(clipId: string, query: ClipQuery = {}, options?: CallOptions): Promise<ClipResponse> {
    return this.transport.get(`/clips/${segment("clipId", clipId)}`, { ...query }, options);
  }

  /** GET /clips/{clipId}/transcript: the timed cues and, unless `words: false`, the timed catalogue words. */
  async getTranscript(
    clipId: string,
    query: TranscriptQuery = {},
    options?: CallOptions,
  ): Promise<TranscriptResponse> {
    return this.transport.get(`/clips/${segment("clipId", clipId)}/transcript`, { ...query }, options);
  }

  /** GET /topics: every topic with its clip count by level. */
  getTopics(query: TopicsQuery = {}, options?: CallOptions): Promise<TopicsResponse> {
    return this.transport.get("/topics", { ...query }, options);
  }

  /** GET /corpus: what the index holds, per clip language. Needs no key. */
  getCorpus(options?: CallOptions): Promise<CorpusResponse> {
    return this.transport.get("/corpus", {}, options);
  }

  /** GET /usage: the key's plan, quota and minute window. Counted by neither limit. */
  getUsage(options?: CallOptions): Promise<UsageResponse> {
    return this.transport.get("/usage", {}, options);
  }

  /** GET /feed: one page of the shuffled feed. Send the echoed `seed` with every cursor. */
  getFeed(query: FeedQuery = {}, options?: CallOptions): Promise<FeedResponse> {
    return this.transport.get("/feed", { ...query }, options);
  }

  /** Every word that matches, page after page to the last; stop early with `break`. */
  words(
    query: Omit<WordsQuery, "cursor"> = {},
    options?: CallOptions,
  ): AsyncGenerator<Word, void, undefined> {
    return walk(
      (cursor) => this.getWords(cursor === undefined ? query : { ...query, cursor }, options),
      (page) => page.words,
    );
  }

  /** Every clip of a word at the requested levels, page after page to the last. */
  wordClips(
    word: string,
    query: Omit<WordClipsQuery, "cursor"> = {},
    options?: CallOptions,
  ): AsyncGenerator<ClipWithOccurrences, void, undefined> {
    return walk(
      (cursor) => this.getWordClips(word, cursor === undefined ? query : { ...query, cursor }, options),
      (page) => page.clips,
    );
  }

  /** Every clip in which a phrase is spoken, page after page to the last. */
  phraseClips(
    phrase: string,
    query: Omit<PhraseClipsQuery, "cursor"> = {},
    options?: CallOptions,
  ): AsyncGenerator<ClipWithOccurrences, void, undefined> {
    return walk(
      (cursor) => this.getPhraseClips(phrase, cursor === undefined ? query : { ...query, cursor }, options),
      (page) => page.clips,
    );
  }

  /**
   * The feed in one order to its end. Without a `seed`, the server draws one and the iterator sends it
   * back with every cursor, so the pages continue one sequence.
   */
  feed(
    query: Omit<FeedQuery, "cursor"> = {},
    options?: CallOptions,
  ): AsyncGenerator<FeedClip, void, undefined> {
    let seed = query.seed;
    return walk(
      async (cursor) => {
        const page = await this.getFeed(
          cursor === undefined || seed === undefined ? query : { ...query, seed, cursor },
          options,
        );
        seed = page.seed;
        return page;
      },
      (page) => page.clips,
    );
  }
}

/** Follows `nextCursor` from the first page until it is null, the only end condition. */
async function* walk<P extends { nextCursor: string | null }, T>(
  fetchPage: (cursor: string | undefined) => Promise<P>,
  items: (page: P) => readonly T[],
): AsyncGenerator<T, void, undefined> {
  let page = await fetchPage(undefined);
  yield* items(page);
  while (page.nextCursor !== null) {
    page = await fetchPage(page.nextCursor);
    yield* items(page);
  }
}
