import { describe, expect, it } from "vitest";
import { bucketStarts } from "./buckets.js";

describe("bucketStarts", () => {
  it("gives each bucket the count of values in the buckets before it", () => {
    expect([...bucketStarts([5, 1, 5, 3, 0], (v) => v >>> 1, 4)]).toEqual([0, 2, 3, 5, 5]);
  });

  it("is all zeros without values", () => {
    expect([...bucketStarts([], (v) => v, 3)]).toEqual([0, 0, 0, 0]);
  });
});
