import { describe, expect, it } from "vitest";
import { paceIndex, paceOf } from "./pace.js";

describe("paceOf", () => {
  it.each([
    [0, -1],
    [1, 0],
    [139, 0],
    [140, 1],
    [169, 1],
    [170, 2],
    [400, 2],
  ])(
    "puts %i words a minute in class %i (slow below 140, fast from 170, none without speech)",
    (wpm, pace) => {
      expect(paceOf(wpm)).toBe(pace);
    },
  );

  it("reads a pace parameter as its class, and none as any", () => {
    expect(["slow", "medium", "fast"].map(paceIndex)).toEqual([0, 1, 2]);
    expect(paceIndex(undefined)).toBe(-1);
  });
});
