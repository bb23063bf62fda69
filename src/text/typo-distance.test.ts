import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { damerauLevenshtein } from "./edit-distance.js";
import { typoDistance } from "./typo-distance.js";

describe("typoDistance", () => {
  it("is zero for equal words and counts a plain edit as one", () => {
    expect(typoDistance("receive", "receive")).toBe(0);
    expect(typoDistance("cat", "cap")).toBe(1);
    expect(typoDistance("cat", "cart")).toBe(1);
  });

  it("charges half an edit for the common slips", () => {
    expect(typoDistance("recieve", "receive")).toBe(0.5); // swapped neighbours
    expect(typoDistance("neccessary", "necessary")).toBe(0.5); // doubled letter
    expect(typoDistance("ocasion", "occasion")).toBe(0.5); // undoubled letter
    expect(typoDistance("seperate", "separate")).toBe(0.5); // vowel for vowel
  });

  it("charges three quarters for a neighbouring key", () => {
    expect(typoDistance("hwllo", "hello")).toBe(0.75);
  });

  it("ranks the word a typist meant above another one plain edit away", () => {
    expect(typoDistance("recieve", "receive")).toBeLessThan(typoDistance("recieve", "relieve"));
  });

  it("never exceeds Damerau-Levenshtein nor falls below half of it", () => {
    const word = fc.stringMatching(/^[a-z]{0,9}$/);
    fc.assert(
      fc.property(word, word, (a, b) => {
        const typo = typoDistance(a, b);
        const plain = damerauLevenshtein(a, b);
        expect(typo).toBeLessThanOrEqual(plain);
        expect(typo).toBeGreaterThanOrEqual(plain / 2);
      }),
    );
  });

  it("gives up early with a value above max", () => {
    expect(typoDistance("abcdefgh", "zyxwvuts", 2)).toBeGreaterThan(2);
    expect(typoDistance("abc", "abp", 2)).toBe(1);
  });
});
