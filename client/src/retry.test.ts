/** The retry rules as pure functions: full-jitter backoff, the Retry-After floor, the cap, the tries. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_RETRY_POLICY,
  isRetryable,
  parseRetryAfter,
  type RetryPolicy,
  retryDelayMs,
} from "./retry.js";

const policies = fc.record({
  maxTries: fc.integer({ min: 1, max: 12 }),
  baseDelayMs: fc.integer({ min: 1, max: 5_000 }),
  maxDelayMs: fc.integer({ min: 1, max: 120_000 }),
});
/** Uniform in [0, 1), as Math.random. */
const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

describe("retryDelayMs", () => {
  it("waits a full-jitter delay in [0, min(cap, base × 2^(tries−1))) before each retry", () => {
    fc.assert(
      fc.property(policies, fc.integer({ min: 1, max: 11 }), unit, (policy, triesMade, r) => {
        fc.pre(triesMade < policy.maxTries);
        const ceilingMs = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (triesMade - 1));
        const delay = retryDelayMs(policy, triesMade, () => r);
        expect(delay).toBe(r * ceilingMs);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThan(ceilingMs);
      }),
    );
  });

  it("spans the whole jitter range: 0 at the bottom, just under the ceiling at the top", () => {
    const policy: RetryPolicy = { maxTries: 10, baseDelayMs: 100, maxDelayMs: 1_000 };
    expect(retryDelayMs(policy, 1, () => 0)).toBe(0);
    const top = 1 - Number.EPSILON;
    expect(retryDelayMs(policy, 1, () => top)).toBeCloseTo(100, 6);
    expect(retryDelayMs(policy, 2, () => top)).toBeCloseTo(200, 6);
    expect(retryDelayMs(policy, 4, () => top)).toBeCloseTo(800, 6);
    // The doubling stops at the cap.
    expect(retryDelayMs(policy, 5, () => top)).toBeCloseTo(1_000, 6);
    expect(retryDelayMs(policy, 9, () => top)).toBeCloseTo(1_000, 6);
  });

  it("never waits longer than the cap", () => {
    fc.assert(
      fc.property(
        policies,
        fc.integer({ min: 1, max: 11 }),
        unit,
        fc.option(fc.integer({ min: 0, max: 200 }), { nil: undefined }),
        (policy, triesMade, r, retryAfterS) => {
          const delay = retryDelayMs(policy, triesMade, () => r, retryAfterS);
          if (delay !== undefined) expect(delay).toBeLessThanOrEqual(policy.maxDelayMs);
        },
      ),
    );
  });

  it("makes no more than maxTries tries in all", () => {
    fc.assert(
      fc.property(
        policies,
        unit,
        fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
        (policy, r, s) => {
          const big = { ...policy, maxDelayMs: 10_000 };
          let tries = 1;
          while (retryDelayMs(big, tries, () => r, s) !== undefined) tries++;
          expect(tries).toBe(policy.maxTries);
        },
      ),
    );
    expect(retryDelayMs({ ...DEFAULT_RETRY_POLICY, maxTries: 1 }, 1, () => 0.5)).toBeUndefined();
  });

  it("waits at least Retry-After, with the jitter on top so a fleet does not come back at once", () => {
    fc.assert(
      fc.property(
        policies,
        fc.integer({ min: 1, max: 11 }),
        unit,
        fc.integer({ min: 0, max: 120 }),
        (policy, n, r, s) => {
          fc.pre(n < policy.maxTries && s * 1000 <= policy.maxDelayMs);
          const ceilingMs = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (n - 1));
          const delay = retryDelayMs(policy, n, () => r, s);
          expect(delay).toBe(Math.min(policy.maxDelayMs, s * 1000 + r * ceilingMs));
          expect(delay).toBeGreaterThanOrEqual(s * 1000);
        },
      ),
    );
  });

  it("does not retry when the server asks for a longer wait than the cap", () => {
    const policy: RetryPolicy = { maxTries: 5, baseDelayMs: 100, maxDelayMs: 10_000 };
    expect(retryDelayMs(policy, 1, () => 0, 10)).toBe(10_000);
    expect(retryDelayMs(policy, 1, () => 0, 11)).toBeUndefined();
  });
});

describe("isRetryable", () => {
  it("retries rate_limited, 502/503/504, lost connections and timeouts", () => {
    expect(isRetryable({ kind: "answer", status: 429, code: "rate_limited" })).toBe(true);
    expect(isRetryable({ kind: "answer", status: 503, code: "unavailable" })).toBe(true);
    expect(isRetryable({ kind: "answer", status: 503, code: "not_ready" })).toBe(true);
    expect(isRetryable({ kind: "answer", status: 502 })).toBe(true);
    expect(isRetryable({ kind: "answer", status: 504 })).toBe(true);
    expect(isRetryable({ kind: "connection" })).toBe(true);
    expect(isRetryable({ kind: "timeout" })).toBe(true);
  });

  it("never retries quota_exceeded, other 4xx answers or 500", () => {
    expect(isRetryable({ kind: "answer", status: 429, code: "quota_exceeded" })).toBe(false);
    for (const [status, code] of [
      [400, "invalid_request"],
      [401, "invalid_key"],
      [404, "not_found"],
      [405, "method_not_allowed"],
      [500, "internal"],
    ] as const) {
      expect(isRetryable({ kind: "answer", status, code }), `${status} ${code}`).toBe(false);
    }
  });
});

describe("parseRetryAfter", () => {
  const nowMs = Date.parse("2026-04-01T12:00:00.000Z");

  it("reads delay-seconds", () => {
    expect(parseRetryAfter("17", nowMs)).toBe(17);
    expect(parseRetryAfter(" 0 ", nowMs)).toBe(0);
  });

  it("reads an HTTP date as the seconds until it, rounded up, and a past date as 0", () => {
    expect(parseRetryAfter("Wed, 01 Apr 2026 12:00:30 GMT", nowMs)).toBe(30);
    expect(parseRetryAfter("Wed, 01 Apr 2026 11:59:00 GMT", nowMs)).toBe(0);
  });

  it("gives undefined for a missing or unreadable header", () => {
    expect(parseRetryAfter(null, nowMs)).toBeUndefined();
    expect(parseRetryAfter("soon", nowMs)).toBeUndefined();
    expect(parseRetryAfter("-3", nowMs)).toBeUndefined();
  });
});
