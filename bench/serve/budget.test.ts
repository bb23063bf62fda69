import { describe, expect, it } from "vitest";
import { againstBudget, costAllowed, fitCostScale } from "./budget.js";
import type { LoadResult } from "./load.js";

describe("fitCostScale", () => {
  it("finds k when every point follows ratio = k / (k + extra)", () => {
    const points = [5, 30, 120, 400].map((extraUs) => ({ extraUs, ratio: 25 / (25 + extraUs) }));
    expect(fitCostScale(points)).toBeCloseTo(25, 9);
  });

  it("fits noisy points by least squares through the origin", () => {
    // 1/ratio − 1 = 1 and 3 for extras 20 and 90: k = (20·1 + 90·3) / (1 + 9) = 29.
    const points = [
      { extraUs: 20, ratio: 1 / 2 },
      { extraUs: 90, ratio: 1 / 4 },
    ];
    expect(fitCostScale(points)).toBeCloseTo(29, 9);
  });

  it("is undefined when no run was slower than the bare server", () => {
    expect(fitCostScale([])).toBeUndefined();
    expect(fitCostScale([{ extraUs: 3, ratio: 1 }])).toBeUndefined();
  });
});

describe("costAllowed", () => {
  it("is k × (1/ratio − 1)", () => {
    expect(costAllowed(30, 0.5)).toBeCloseTo(30, 9);
    expect(costAllowed(30, 0.8)).toBeCloseTo(7.5, 9);
    expect(costAllowed(30, 0.6)).toBeCloseTo(20, 9);
  });
});

describe("againstBudget", () => {
  const run = (cpuUs: number | undefined): LoadResult => ({
    requests: 1000,
    rps: 1000,
    p50Ms: 1,
    p99Ms: 2,
    non2xx: 0,
    errors: 0,
    durationS: 1,
    serverCpu: cpuUs === undefined ? undefined : { userUs: cpuUs * 0.75, kernelUs: cpuUs * 0.25 },
  });
  const budget = new Map([[0.5, 27.25]]);

  it("says what ours spent beyond bare and what the floor allows", () => {
    expect(againstBudget(budget, 0.5, run(136), run(35))).toBe(
      "; 101.0 µs of server CPU a request more than bare, where 0.5× allows about 27.3",
    );
  });

  it("says nothing when a figure is missing", () => {
    expect(againstBudget(budget, 0.6, run(136), run(35))).toBe("");
    expect(againstBudget(undefined, 0.5, run(136), run(35))).toBe("");
    expect(againstBudget(budget, 0.5, run(undefined), run(35))).toBe("");
  });
});
