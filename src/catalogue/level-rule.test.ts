import { describe, expect, it } from "vitest";
import { commonness, crossValidate, estimateLevel, fitLevelRule, type LabelledWord } from "./level-rule.js";

describe("commonness", () => {
  it("is log10 of the spoken frequency for a word the list has", () => {
    expect(commonness(100, undefined)).toBe(2);
    expect(commonness(0.5, 10)).toBeCloseTo(Math.log10(0.5));
  });

  it("puts a word the list lacks below every listed one, in the order of SCOWL's size classes", () => {
    const order = [commonness(0.13, undefined), commonness(0, 10), commonness(0, 35), commonness(0, 50)];
    expect(order).toEqual([...order].sort((a, b) => b - a));
    expect(commonness(0, 50)).toBeGreaterThan(commonness(0, undefined));
    expect(commonness(0, 35)).toBe(-2.35);
  });
});

describe("fitLevelRule", () => {
  it("places cut points among unlisted words by size class when the labels call for it", () => {
    const words: LabelledWord[] = [
      ...Array.from({ length: 5 }, () => ({ commonness: 2, level: 0 })),
      ...Array.from({ length: 5 }, () => ({ commonness: 1, level: 1 })),
      ...Array.from({ length: 5 }, () => ({ commonness: 0, level: 2 })),
      ...Array.from({ length: 5 }, () => ({ commonness: -0.5, level: 3 })),
      ...Array.from({ length: 5 }, () => ({ commonness: commonness(0, 20), level: 4 })),
      ...Array.from({ length: 5 }, () => ({ commonness: commonness(0, 50), level: 5 })),
    ];
    const rule = fitLevelRule(words);
    expect(estimateLevel(rule, commonness(0, 20))).toBe(4);
    expect(estimateLevel(rule, commonness(0, 50))).toBe(5);
    expect(estimateLevel(rule, commonness(0, undefined))).toBe(5);
    expect(crossValidate(words)).toMatchObject({ exact: 1, withinOne: 1, folds: 5 });
  });
});
