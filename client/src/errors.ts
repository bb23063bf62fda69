/** The errors a call can end with: the API's envelope as a typed error, a spent quota, a lost connection, a timeout. */
import type { ErrorCode, UsageResponse } from "./types.js";

/** The minute window as the answer's `X-RateLimit-*` headers gave it. */
export interface RateLimit {
  /** Requests allowed in the window (`X-RateLimit-Limit`). */
  limit: number;
  /** Requests left in the window (`X-RateLimit-Remaining`). */
  remaining: number;
  /** Unix seconds when the window rolls over (`X-RateLimit-Reset`). */
  resetAtS: number;
}

/** The three `X-RateLimit-*` headers, or undefined when one is missing or not a whole number. */
export function readRateLimit(headers: Headers): RateLimit | undefined {
  const read = (name: string): number | undefined => {
    const value = headers.get(name)?.trim();
    return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
  };
  const limit = read("x-ratelimit-limit");
  const remaining = read("x-ratelimit-remaining");
  const resetAtS = read("x-ratelimit-reset");
  if (limit === undefined || remaining === undefined || resetAtS === undefined) return undefined;
  return { limit, remaining, resetAtS };
}

/** The API answered with an error envelope (or, past a proxy, with something that is not one). */
export class WordclipError extends Error {
  override name = "WordclipError";
  /** The envelope's code; `unexpected_response` when the body was not an envelope. */
  readonly code: ErrorCode | "unexpected_response";
  /** The HTTP status. */
  readonly status: number;
  /** The request's id, as in the server's logs: quote it when reporting a problem. */
  readonly requestId: string | undefined;
  /** Seconds the server asked to wait (on rate_limited and unavailable). */
  readonly retryAfterS: number | undefined;
  /** The key's minute window from the answer's `X-RateLimit-*` headers; undefined when it had none. */
  readonly rateLimit: RateLimit | undefined;

  constructor(
    code: ErrorCode | "unexpected_response",
    message: string,
    status: number,
    requestId?: string,
    retryAfterS?: number,
    rateLimit?: RateLimit,
  ) {
    super(message);
    this.code = code;
    this.status = status;
    this.requestId = requestId;
    this.retryAfterS = retryAfterS;
    this.rateLimit = rateLimit;
  }
}

/**
 * The account's period quota is spent: a state, not a transient error, so it is never retried. `usage` is
 * the key's quota state, read from `GET /usage` (which no limit refuses) right after the refusal;
 * undefined when that read failed too or the client was told not to make it.
 */
export class QuotaExceededError extends WordclipError {
  override name = "QuotaExceededError";
  readonly usage: UsageResponse | undefined;

  constructor(
    message: string,
    requestId: string | undefined,
    usage: UsageResponse | undefined,
    rateLimit?: RateLimit,
  ) {
    super("quota_exceeded", message, 429, requestId, undefined, rateLimit);
    this.usage = usage;
  }
}

/** No answer: the connection failed on every try (`cause` is the last failure `fetch` reported). */
export class ConnectionError extends Error {
  override name = "ConnectionError";
}

/** No answer within the call's timeout, on every try. */
export class TimeoutError extends Error {
  override name = "TimeoutError";
  readonly timeoutMs: number;

  constructor(timeoutMs: number, url: string) {
    super(`no answer from ${url} within ${timeoutMs} ms`);
    this.timeoutMs = timeoutMs;
  }
}
