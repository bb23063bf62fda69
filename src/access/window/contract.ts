/**
 * The behaviour every RateWindow must have, as one suite: an implementation's test file calls
 * `runRateWindowContract` with a factory, so memory today and Redis later pass the same tests.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MINUTE_MS, type RateWindow, windowBucket } from "./interface.js";

/** Opens a window with no counts. */
export type RateWindowFactory = () => Promise<RateWindow>;

/** 2025-03-15T12:00:00Z, the start of a minute. */
const MINUTE_START_MS = Date.UTC(2025, 2, 15, 12);
const MINUTE_END_S = MINUTE_START_MS / 1_000 + 60;

async function withWindow(open: RateWindowFactory, body: (window: RateWindow) => Promise<void>) {
  const window = await open();
  try {
    await body(window);
  } finally {
    await window.close();
  }
}

export function runRateWindowContract(name: string, open: RateWindowFactory): void {
  const test = (title: string, body: (window: RateWindow) => Promise<void>) =>
    it(title, () => withWindow(open, body));

  describe(`RateWindow contract: ${name}`, () => {
    test("admits up to the limit in a minute, counting remaining down, then refuses", async (window) => {
      const hits = [];
      for (let i = 0; i < 4; i++) hits.push(await window.hit("k", 3, MINUTE_START_MS + i * 1_000));
      expect(hits).toEqual([
        { admitted: true, limit: 3, remaining: 2, resetAtS: MINUTE_END_S },
        { admitted: true, limit: 3, remaining: 1, resetAtS: MINUTE_END_S },
        { admitted: true, limit: 3, remaining: 0, resetAtS: MINUTE_END_S },
        { admitted: false, limit: 3, remaining: 0, resetAtS: MINUTE_END_S },
      ]);
    });

    test("aligns the window to the clock: the last millisecond of a minute and the first of the next", async (window) => {
      await window.hit("k", 1, MINUTE_START_MS);
      const last = await window.hit("k", 1, MINUTE_START_MS + 59_999);
      expect(last).toEqual({ admitted: false, limit: 1, remaining: 0, resetAtS: MINUTE_END_S });
      const next = await window.hit("k", 1, MINUTE_START_MS + 60_000);
      expect(next).toEqual({ admitted: true, limit: 1, remaining: 0, resetAtS: MINUTE_END_S + 60 });
    });

    test("reports the end of the minute, not a minute after the first request", async (window) => {
      const hit = await window.hit("k", 5, MINUTE_START_MS + 45_500);
      expect(hit.resetAtS).toBe(MINUTE_END_S);
    });

    test("counts each subject apart", async (window) => {
      await window.hit("key:a", 1, MINUTE_START_MS);
      expect((await window.hit("key:a", 1, MINUTE_START_MS)).admitted).toBe(false);
      expect((await window.hit("key:b", 1, MINUTE_START_MS)).admitted).toBe(true);
      expect((await window.hit("addr:a", 1, MINUTE_START_MS)).admitted).toBe(true);
    });

    test("peek reports the state without counting", async (window) => {
      expect(await window.peek("k", 2, MINUTE_START_MS)).toEqual({
        limit: 2,
        remaining: 2,
        resetAtS: MINUTE_END_S,
      });
      await window.hit("k", 2, MINUTE_START_MS);
      for (let i = 0; i < 5; i++) {
        expect(await window.peek("k", 2, MINUTE_START_MS + 1)).toEqual({
          limit: 2,
          remaining: 1,
          resetAtS: MINUTE_END_S,
        });
      }
      expect((await window.hit("k", 2, MINUTE_START_MS + 2)).admitted).toBe(true);
    });

    test("takes the limit of each call: a higher limit admits again within the minute", async (window) => {
      await window.hit("k", 1, MINUTE_START_MS);
      expect((await window.hit("k", 1, MINUTE_START_MS)).admitted).toBe(false);
      expect(await window.hit("k", 3, MINUTE_START_MS)).toMatchObject({ admitted: true, remaining: 1 });
    });

    test("200 concurrent hits against a limit of 50 admit exactly 50", async (window) => {
      const hits = await Promise.all(Array.from({ length: 200 }, () => window.hit("k", 50, MINUTE_START_MS)));
      expect(hits.filter((h) => h.admitted)).toHaveLength(50);
      expect(hits.every((h) => h.remaining >= 0)).toBe(true);
      expect(await window.peek("k", 50, MINUTE_START_MS)).toMatchObject({ remaining: 0 });
    });

    it("agrees with a naive count of admitted requests per subject and minute", async () => {
      const event = fc.record({
        subject: fc.constantFrom("a", "b", "c"),
        stepMs: fc.integer({ min: 0, max: 40_000 }),
        peek: fc.boolean(),
      });
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 4 }),
          fc.array(event, { maxLength: 60 }),
          async (limit, events) => {
            await withWindow(open, async (window) => {
              const admitted = new Map<string, number>();
              let nowMs = MINUTE_START_MS;
              for (const { subject, stepMs, peek } of events) {
                nowMs += stepMs;
                const bucket = windowBucket(nowMs, MINUTE_MS);
                const counted = admitted.get(`${subject}@${bucket}`) ?? 0;
                const resetAtS = ((bucket + 1) * MINUTE_MS) / 1_000;
                if (peek) {
                  expect(await window.peek(subject, limit, nowMs)).toEqual({
                    limit,
                    remaining: limit - counted,
                    resetAtS,
                  });
                  continue;
                }
                const expected = counted < limit;
                if (expected) admitted.set(`${subject}@${bucket}`, counted + 1);
                expect(await window.hit(subject, limit, nowMs)).toEqual({
                  admitted: expected,
                  limit,
                  remaining: limit - Math.min(limit, counted + 1),
                  resetAtS,
                });
              }
            });
          },
        ),
        { numRuns: 200 },
      );
    });
  });
}
