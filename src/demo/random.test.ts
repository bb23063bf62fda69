import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Random } from "./random.js";

function draws(random: Random, count: number): number[] {
  return Array.from({ length: count }, () => random.next());
}

describe("Random", () => {
  it("gives the same sequence for the same seed parts", () => {
    expect(draws(new Random("seed", "clip", 7), 50)).toEqual(draws(new Random("seed", "clip", 7), 50));
  });

  it("gives different sequences when any seed part differs", () => {
    const base = draws(new Random("seed", "clip", 7), 10);
    expect(draws(new Random("seed", "clip", 8), 10)).not.toEqual(base);
    expect(draws(new Random("other", "clip", 7), 10)).not.toEqual(base);
    // Parts are separated, so ("ab", "c") is not ("a", "bc").
    expect(draws(new Random("ab", "c"), 10)).not.toEqual(draws(new Random("a", "bc"), 10));
  });

  it("draws floats in [0, 1) spread over the whole range", () => {
    const values = draws(new Random("spread"), 10_000);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const buckets = new Array<number>(10).fill(0);
    for (const v of values) buckets[Math.floor(v * 10)] = (buckets[Math.floor(v * 10)] ?? 0) + 1;
    for (const count of buckets) expect(count).toBeGreaterThan(850);
  });

  it("draws integers within both bounds, reaching each", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.integer({ min: -50, max: 50 }),
        fc.integer({ min: 0, max: 5 }),
        (seed, min, span) => {
          const random = new Random(seed);
          const seen = new Set<number>();
          for (let i = 0; i < 200; i++) {
            const n = random.int(min, min + span);
            expect(Number.isInteger(n) && n >= min && n <= min + span).toBe(true);
            seen.add(n);
          }
          expect(seen.size).toBe(span + 1);
        },
      ),
    );
  });

  it("never picks an index of zero weight", () => {
    const random = new Random("weights");
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) {
      const index = random.weighted([1, 0, 3, 0]);
      counts[index] = (counts[index] ?? 0) + 1;
    }
    expect(counts[1]).toBe(0);
    expect(counts[3]).toBe(0);
    // About a quarter and three quarters.
    expect(counts[0]).toBeGreaterThan(800);
    expect(counts[0]).toBeLessThan(1200);
  });

  it("refuses weights that sum to nothing and an empty list to pick from", () => {
    const random = new Random("errors");
    expect(() => random.weighted([0, 0])).toThrow("weights must have a positive sum, got [0, 0]");
    expect(() => random.pick([])).toThrow("cannot pick from an empty list");
  });
});
