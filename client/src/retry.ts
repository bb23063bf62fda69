/**
 * When to try a call again, and how long to wait first: pure rules over plain data, so they are tested
 * without a server or a clock. Exponential backoff with full jitter, never less than the server's
 * `Retry-After`, never more than the cap, and a maximum number of tries.
 */

export interface RetryPolicy {
  /** Tries in all, the first one included; 1 never retries. */
  maxTries: number;
  /** The backoff's first ceiling; it doubles with every try. */
  baseDelayMs: number;
  /** No wait is longer. A server asking for a longer wait is not retried: the error is thrown at once. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxTries: 4, baseDelayMs: 500, maxDelayMs: 60_000 };

/** What a try ended with, as far as retrying is concerned. */
export type TryOutcome =
  | { kind: "answer"; status: number; code?: string | undefined }
  | { kind: "connection" }
  | { kind: "timeout" };

/**
 * Transient failures only: 429 `rate_limited` (never `quota_exceeded`, a state that waiting does not end),
 * 503 and the gateway failures 502 and 504, a lost connection and a timeout. Other 4xx and 5xx answers
 * would be answered the same way again.
 */
export function isRetryable(outcome: TryOutcome): boolean {
  if (outcome.kind !== "answer") return true;
  if (outcome.status === 429) return outcome.code === "rate_limited";
  return outcome.status === 502 || outcome.status === 503 || outcome.status === 504;
}

/**
 * The wait before the next try, after `triesMade` tries (1 after the first); undefined when there is no
 * next try. Full jitter: uniform in [0, min(maxDelayMs, baseDelayMs × 2^(triesMade−1))), from `random`
 * in [0, 1). A `Retry-After` of `retryAfterS` is a floor the jitter is added to, so a fleet told the same
 * second does not come back in lockstep; the sum is capped at maxDelayMs.
 */
export function retryDelayMs(
  policy: RetryPolicy,
  triesMade: number,
  random: () => number,
  retryAfterS?: number,
): number | undefined {
  if (triesMade >= policy.maxTries) return undefined;
  const ceilingMs = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (triesMade - 1));
  const jitterMs = random() * ceilingMs;
  if (retryAfterS === undefined) return jitterMs;
  const floorMs = retryAfterS * 1000;
  if (floorMs > policy.maxDelayMs) return undefined;
  return Math.min(policy.maxDelayMs, floorMs + jitterMs);
}

/**
 * Seconds to wait from a `Retry-After` header: delay-seconds or an HTTP date (read against `nowMs`).
 * Undefined when absent or unreadable.
 */
export function parseRetryAfter(header: string | null, nowMs: number): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  // An HTTP date names its day and month; Date.parse alone would also take "-3" for a year.
  const atMs = /^[A-Za-z]{3}, /.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(atMs)) return undefined;
  return Math.max(0, Math.ceil((atMs - nowMs) / 1000));
}
