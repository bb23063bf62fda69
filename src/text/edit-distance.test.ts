import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { damerauLevenshtein, OsaMatcher } from "./edit-distance.js";

/** The textbook optimal string alignment recurrence over a full table, for comparison. */
function naiveOsa(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  const d: number[][] = [];
  for (let i = 0; i <= x.length; i++) {
    const line: number[] = [];
    for (let j = 0; j <= y.length; j++) {
      if (i === 0 || j === 0) {
        line.push(i + j);
        continue;
      }
      const up = d[i - 1] ?? [];
      const options = [
        (up[j] ?? 0) + 1,
        (line[j - 1] ?? 0) + 1,
        (up[j - 1] ?? 0) + (x[i - 1] === y[j - 1] ? 0 : 1),
      ];
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        options.push((d[i - 2]?.[j - 2] ?? 0) + 1);
      }
      line.push(Math.min(...options));
    }
    d.push(line);
  }
  return d[x.length]?.[y.length] ?? 0;
}

const smallAlphabet = fc.string({ unit: fc.constantFrom("a", "b", "c", "d"), maxLength: 10 });
const anyText = fc.string({ unit: "grapheme", maxLength: 12 });

describe("damerauLevenshtein", () => {
  it("counts insertions, deletions and substitutions", () => {
    expect(damerauLevenshtein("kitten", "sitting")).toBe(3);
    expect(damerauLevenshtein("", "abc")).toBe(3);
    expect(damerauLevenshtein("abc", "")).toBe(3);
    expect(damerauLevenshtein("word", "word")).toBe(0);
    expect(damerauLevenshtein("helo", "hello")).toBe(1);
  });

  it("counts a swap of two adjacent letters as one edit", () => {
    expect(damerauLevenshtein("recieve", "receive")).toBe(1);
    expect(damerauLevenshtein("teh", "the")).toBe(1);
    expect(damerauLevenshtein("ab", "ba")).toBe(1);
  });

  it("never edits a substring twice (optimal string alignment, not the unrestricted distance)", () => {
    // The unrestricted Damerau-Levenshtein distance is 2 here (swap, then insert between).
    expect(damerauLevenshtein("ca", "abc")).toBe(3);
  });

  it("treats a character outside the BMP as one character", () => {
    expect(damerauLevenshtein("𠀋a", "a𠀋")).toBe(1);
    expect(damerauLevenshtein("😀", "😁")).toBe(1);
  });

  it("returns max + 1 once the distance surely exceeds max", () => {
    expect(damerauLevenshtein("kitten", "sitting", 2)).toBe(3);
    expect(damerauLevenshtein("kitten", "sitting", 3)).toBe(3);
    expect(damerauLevenshtein("a", "abcdefgh", 2)).toBe(3);
    expect(damerauLevenshtein("abcdefgh", "hgfedcba", 1)).toBe(2);
    expect(damerauLevenshtein("same", "same", 0)).toBe(0);
    expect(damerauLevenshtein("same", "sane", 0)).toBe(1);
  });

  it("matches the full-table recurrence on a small alphabet", () => {
    fc.assert(
      fc.property(smallAlphabet, smallAlphabet, (a, b) => {
        expect(damerauLevenshtein(a, b)).toBe(naiveOsa(a, b));
      }),
      { numRuns: 2000 },
    );
  });

  it("matches the full-table recurrence on any text, long inputs included", () => {
    fc.assert(
      fc.property(anyText, anyText, (a, b) => {
        expect(damerauLevenshtein(a, b)).toBe(naiveOsa(a, b));
      }),
    );
    fc.assert(
      fc.property(fc.string({ minLength: 60, maxLength: 200 }), fc.string({ maxLength: 200 }), (a, b) => {
        expect(damerauLevenshtein(a, b)).toBe(naiveOsa(a, b));
      }),
      { numRuns: 30 },
    );
  });

  it("with a limit, gives the exact distance up to it and max + 1 beyond", () => {
    fc.assert(
      fc.property(smallAlphabet, smallAlphabet, fc.nat(6), (a, b, max) => {
        const exact = naiveOsa(a, b);
        expect(damerauLevenshtein(a, b, max)).toBe(exact <= max ? exact : max + 1);
      }),
      { numRuns: 2000 },
    );
  });

  it("is symmetric", () => {
    fc.assert(
      fc.property(smallAlphabet, smallAlphabet, (a, b) => {
        expect(damerauLevenshtein(a, b)).toBe(damerauLevenshtein(b, a));
      }),
    );
  });
});

describe("OsaMatcher", () => {
  const pattern = (unit: fc.Arbitrary<string>, maxLength: number) => fc.string({ unit, maxLength });
  const letters = fc.constantFrom("a", "b", "c", "d");
  const mixed = fc.constantFrom("a", "b", "é", "語", "😀", "\u0000");

  it("gives the table's distance for any pattern and text, with and without a bound", () => {
    fc.assert(
      fc.property(
        fc.oneof(pattern(letters, 12), pattern(mixed, 12), pattern(letters, 40), anyText),
        fc.oneof(pattern(letters, 14), pattern(mixed, 14), pattern(letters, 40), anyText),
        fc.nat(4),
        (a, b, max) => {
          const matcher = new OsaMatcher(a);
          expect(matcher.distance(b)).toBe(naiveOsa(a, b));
          expect(matcher.distance(b, max)).toBe(damerauLevenshtein(a, b, max));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("measures one pattern against many texts, at the length of a machine word and past it", () => {
    const thirtyTwo = "abcdefghijklmnopqrstuvwxyzabcdef";
    const matcher = new OsaMatcher(thirtyTwo);
    expect(matcher.distance(thirtyTwo)).toBe(0);
    expect(matcher.distance(`${thirtyTwo}g`)).toBe(1);
    expect(matcher.distance("bacdefghijklmnopqrstuvwxyzabcdfe")).toBe(2);
    expect(new OsaMatcher(`${thirtyTwo}gh`).distance(thirtyTwo)).toBe(2);
    const teh = new OsaMatcher("teh");
    expect(["the", "tea", "ten", "het", "teh", "", "tehh"].map((t) => teh.distance(t))).toEqual([
      1, 1, 1, 2, 0, 3, 1,
    ]);
  });
});
