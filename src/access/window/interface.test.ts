import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bucketResetAtS, MINUTE_MS, retryAfterS, windowBucket } from "./interface.js";

describe("windowBucket and bucketResetAtS", () => {
  it("put every moment in the clock minute that contains it, ending at the next whole minute", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2200, 0, 1) }), (nowMs) => {
        const resetAtS = bucketResetAtS(windowBucket(nowMs, MINUTE_MS), MINUTE_MS);
        const date = new Date(nowMs);
        const nextMinuteMs = nowMs - date.getUTCSeconds() * 1_000 - date.getUTCMilliseconds() + MINUTE_MS;
        expect(resetAtS * 1_000).toBe(nextMinuteMs);
      }),
    );
  });
});

describe("retryAfterS", () => {
  it("rounds the wait up to whole seconds", () => {
    expect(retryAfterS(120, 105_200)).toBe(15);
    expect(retryAfterS(120, 105_000)).toBe(15);
  });

  it("never answers less than one second", () => {
    expect(retryAfterS(120, 119_999)).toBe(1);
    expect(retryAfterS(120, 120_000)).toBe(1);
  });
});
