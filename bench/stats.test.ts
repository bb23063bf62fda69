import { describe, expect, it } from "vitest";
import { cpuMeter, percentile, summariseUs, timeCalls } from "./stats.js";

describe("percentile", () => {
  it("takes the nearest rank of sorted samples", () => {
    const sorted = Float64Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 0.5)).toBe(50);
    expect(percentile(sorted, 0.99)).toBe(99);
    expect(percentile(sorted, 1)).toBe(100);
  });

  it("gives NaN for no samples", () => {
    expect(percentile([], 0.5)).toBeNaN();
  });
});

describe("summariseUs", () => {
  it("sorts the samples before taking percentiles, and leaves the input alone", () => {
    const samples = Float64Array.from([5, 1, 4, 2, 3]);
    const summary = summariseUs(samples);
    expect(summary).toMatchObject({ samples: 5, p50Us: 3, p99Us: 5, meanUs: 3, maxUs: 5 });
    expect([...samples]).toEqual([5, 1, 4, 2, 3]);
  });
});

describe("timeCalls", () => {
  it("times the requested number of calls after the warm-up, cycling through the inputs", () => {
    const seen: number[] = [];
    const samples = timeCalls([1, 2, 3], (x) => seen.push(x), 4, 2);
    expect(samples).toHaveLength(4);
    expect(seen).toEqual([1, 2, 1, 2, 3, 1]);
    for (const us of samples) expect(us).toBeGreaterThanOrEqual(0);
  });
});

describe("cpuMeter", () => {
  it("counts the CPU a busy loop uses, and none while the process waits", async () => {
    const busy = cpuMeter();
    const until = performance.now() + 60;
    let spins = 0;
    while (performance.now() < until) spins++;
    const used = busy();
    expect(spins).toBeGreaterThan(0);
    // A loop of 60 ms of wall time runs for most of it, unless the machine takes the core away.
    expect(used).toBeGreaterThanOrEqual(20);
    const idle = cpuMeter();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(idle()).toBeLessThan(used);
  });
});
