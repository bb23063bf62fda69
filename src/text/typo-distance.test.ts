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

  it("charges half an edit for a slip by ear", () => {
    expect(typoDistance("pleace", "please")).toBe(0.5); // a soft c for s
    expect(typoDistance("kat", "cat")).toBe(0.5); // k for a hard c
    expect(typoDistance("kwick", "quick")).toBe(1.5); // k for q, w for u
    expect(typoDistance("fone", "phone")).toBe(0.5); // f for ph
    expect(typoDistance("telephone", "telefone")).toBe(0.5); // ph for f
    expect(typoDistance("wich", "which")).toBe(0.5); // a silent h left out
    expect(typoDistance("gost", "ghost")).toBe(0.5);
    expect(typoDistance("intens", "intense")).toBe(0.5); // a silent final e left out
    expect(typoDistance("definate", "definit")).toBe(1); // an e added, and a vowel for another
  });

  it("keeps a plain edit for an h or an e elsewhere", () => {
    expect(typoDistance("tere", "there")).toBe(1); // th is heard
    expect(typoDistance("brak", "break")).toBe(1); // an inner e
    expect(typoDistance("nekesary", "necesary")).toBe(1); // k for a soft c
    expect(typoDistance("sat", "cat")).toBe(1); // s for a hard c
  });

  it("charges three quarters for a neighbouring key", () => {
    expect(typoDistance("hwllo", "hello")).toBe(0.75);
  });

  it("ranks the word a typist meant above another one plain edit away", () => {
    expect(typoDistance("recieve", "receive")).toBeLessThan(typoDistance("recieve", "relieve"));
  });

  // Few letters, so that doubles, ph, silent h and final e come up often.
  const word = fc.stringMatching(/^[acefhikpqsz]{0,9}$/);

  it("never exceeds Damerau-Levenshtein nor falls below a quarter of it (ph for f is two edits at half)", () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        const typo = typoDistance(a, b);
        const plain = damerauLevenshtein(a, b);
        expect(typo).toBeLessThanOrEqual(plain);
        expect(typo).toBeGreaterThanOrEqual(plain / 4);
      }),
    );
  });

  it("is symmetric", () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect(typoDistance(a, b)).toBe(typoDistance(b, a));
      }),
    );
  });

  it("gives the exact distance under a cap whenever it is within the cap", () => {
    fc.assert(
      fc.property(word, word, fc.constantFrom(0.5, 1, 1.5, 2, 3), (a, b, max) => {
        const exact = typoDistance(a, b);
        const capped = typoDistance(a, b, max);
        if (exact <= max) expect(capped).toBe(exact);
        else expect(capped).toBeGreaterThan(max);
      }),
      { numRuns: 500 },
    );
  });

  it("gives up early with a value above max", () => {
    expect(typoDistance("abcdefgh", "zyxwvuts", 2)).toBeGreaterThan(2);
    expect(typoDistance("abc", "abp", 2)).toBe(1);
  });
});
