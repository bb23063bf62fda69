/**
 * One GET as the client makes it: the URL and headers, a timeout per try, the caller's `AbortSignal`,
 * the ETag cache, the error envelope turned into typed errors, and the retry loop around all of it.
 * Only `fetch`, `AbortController` and timers: the same code runs in Node 20 and in browsers.
 */
import type { EtagCache } from "./cache.js";
import { ConnectionError, QuotaExceededError, readRateLimit, TimeoutError, WordclipError } from "./errors.js";
import { isRetryable, parseRetryAfter, type RetryPolicy, retryDelayMs, type TryOutcome } from "./retry.js";
import type { ErrorCode, UsageResponse } from "./types.js";

/** Time as the retry loop sees it; tests pass their own to check the waits without waiting. */
export interface Clock {
  /** Milliseconds since the epoch (reads HTTP-date `Retry-After` headers). */
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      signal?.addEventListener("abort", onAbort, { once: true });
    }),
};

/** Options of one call. */
export interface CallOptions {
  /** Cancels the call, its tries and the waits between them; the call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Overrides the client's timeout for each try of this call. */
  timeoutMs?: number;
}

/** Told before each wait, for logs and metrics. */
export interface RetryEvent {
  url: string;
  /** Tries made so far: 1 before the first retry. */
  triesMade: number;
  delayMs: number;
  /** What the last try ended with. */
  error: WordclipError | ConnectionError | TimeoutError;
}

export interface TransportOptions {
  baseUrl: string;
  apiKey: string | undefined;
  headers: Readonly<Record<string, string>>;
  fetch: typeof fetch;
  timeoutMs: number;
  retry: RetryPolicy;
  cache: EtagCache | undefined;
  clock: Clock;
  random: () => number;
  onRetry: ((event: RetryEvent) => void) | undefined;
  usageOnQuotaExceeded: boolean;
}

export type QueryValue = string | number | boolean | readonly string[] | undefined;

type TryResult = { ok: true; body: unknown } | { ok: false; error: WordclipError };

function isEnvelope(
  value: unknown,
): value is { error: { code: ErrorCode; message: string; retryAfter?: number; requestId?: string } } {
  if (typeof value !== "object" || value === null) return false;
  const error = (value as { error?: unknown }).error;
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as { code?: unknown }).code === "string" &&
    typeof (error as { message?: unknown }).message === "string"
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Node's fetch says only "fetch failed"; the reason (ECONNREFUSED…) is in its cause. */
function failureText(thrown: unknown): string {
  if (!(thrown instanceof Error)) return String(thrown);
  const cause = thrown.cause instanceof Error ? thrown.cause.message : undefined;
  return cause === undefined || cause === "" ? thrown.message : `${thrown.message} (${cause})`;
}

function outcomeOf(error: WordclipError | ConnectionError | TimeoutError): TryOutcome {
  if (error instanceof WordclipError) return { kind: "answer", status: error.status, code: error.code };
  return error instanceof TimeoutError ? { kind: "timeout" } : { kind: "connection" };
}

export class Transport {
  constructor(private readonly options: TransportOptions) {}

  url(path: string, query: Readonly<Record<string, QueryValue>> = {}): string {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) {
        if (value.length > 0) params.set(name, value.join(","));
      } else {
        params.set(name, String(value));
      }
    }
    const search = params.toString();
    return `${this.options.baseUrl}${path}${search === "" ? "" : `?${search}`}`;
  }

  /** GETs `path` with `query`, retrying transient failures, and resolves with the parsed JSON body. */
  async get<T>(
    path: string,
    query: Readonly<Record<string, QueryValue>>,
    call: CallOptions = {},
  ): Promise<T> {
    const { retry, random, clock, onRetry } = this.options;
    const url = this.url(path, query);
    const timeoutMs = call.timeoutMs ?? this.options.timeoutMs;
    for (let triesMade = 1; ; triesMade++) {
      call.signal?.throwIfAborted();
      let error: WordclipError | ConnectionError | TimeoutError;
      try {
        const result = await this.attempt(url, timeoutMs, call.signal);
        if (result.ok) return result.body as T;
        error = result.error;
      } catch (thrown) {
        if (!(thrown instanceof ConnectionError || thrown instanceof TimeoutError)) throw thrown;
        error = thrown;
      }
      const retryAfterS = error instanceof WordclipError ? error.retryAfterS : undefined;
      const delayMs = isRetryable(outcomeOf(error))
        ? retryDelayMs(retry, triesMade, random, retryAfterS)
        : undefined;
      if (delayMs === undefined) {
        if (error instanceof WordclipError && error.code === "quota_exceeded") {
          throw new QuotaExceededError(
            error.message,
            error.requestId,
            await this.usageAfterRefusal(path, call),
            error.rateLimit,
          );
        }
        throw error;
      }
      onRetry?.({ url, triesMade, delayMs, error });
      await clock.sleep(delayMs, call.signal);
    }
  }

  /** The quota state to attach to a quota refusal; GET /usage is never refused by a limit. */
  private async usageAfterRefusal(path: string, call: CallOptions): Promise<UsageResponse | undefined> {
    if (!this.options.usageOnQuotaExceeded || this.options.apiKey === undefined || path === "/usage") {
      return undefined;
    }
    try {
      return await this.get<UsageResponse>("/usage", {}, call);
    } catch {
      return undefined;
    }
  }

  /** One request: throws ConnectionError, TimeoutError or the signal's reason; resolves otherwise. */
  private async attempt(url: string, timeoutMs: number, signal: AbortSignal | undefined): Promise<TryResult> {
    const { cache, apiKey } = this.options;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    const cached = cache?.get(url);
    const headers: Record<string, string> = { accept: "application/json", ...this.options.headers };
    if (apiKey !== undefined) headers.authorization = `Bearer ${apiKey}`;
    if (cached !== undefined) headers["if-none-match"] = cached.etag;
    try {
      const response = await this.options.fetch(url, { headers, signal: controller.signal });
      const text = await response.text();
      const requestId = response.headers.get("x-request-id") ?? undefined;
      const rateLimit = readRateLimit(response.headers);
      if (response.status === 304 && cached !== undefined)
        return { ok: true, body: structuredClone(cached.body) };
      const body = parseJson(text);
      if (response.ok && body !== undefined) {
        const etag = response.headers.get("etag");
        if (cache !== undefined && etag !== null) {
          cache.set(url, { etag, body });
          return { ok: true, body: structuredClone(body) };
        }
        return { ok: true, body };
      }
      if (isEnvelope(body)) {
        const e = body.error;
        const retryAfterS =
          e.retryAfter ?? parseRetryAfter(response.headers.get("retry-after"), this.options.clock.now());
        return {
          ok: false,
          error: new WordclipError(
            e.code,
            e.message,
            response.status,
            e.requestId ?? requestId,
            retryAfterS,
            rateLimit,
          ),
        };
      }
      const excerpt = text.length > 200 ? `${text.slice(0, 200)}…` : text;
      const retryAfterS = parseRetryAfter(response.headers.get("retry-after"), this.options.clock.now());
      return {
        ok: false,
        error: new WordclipError(
          "unexpected_response",
          `GET ${url} answered ${response.status} without a wordclip JSON body: ${excerpt}`,
          response.status,
          requestId,
          retryAfterS,
          rateLimit,
        ),
      };
    } catch (thrown) {
      if (signal?.aborted) throw signal.reason;
      if (timedOut) throw new TimeoutError(timeoutMs, url);
      throw new ConnectionError(`no answer from ${url}: ${failureText(thrown)}`, { cause: thrown });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  }
}
