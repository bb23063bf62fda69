import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSpoken, wordsPerMinute } from "./speech-pace.js";

function words(...startsMs: number[]) {
  return startsMs.map((tStartMs, i) => ({ token: `w${i}`, tStartMs }));
}

describe("wordsPerMinute", () => {
  it("counts a word per gap between consecutive word starts: every 400 ms is 150 a minute", () => {
    expect(wordsPerMinute(words(0, 400, 800, 1200, 1600))).toBe(150);
  });

  it("leaves out pauses of two seconds or more, so silence does not slow a speaker down", () => {
    const talk = words(0, 400, 800, 1200, 1600, 30_000, 30_400, 30_800);
    expect(wordsPerMinute(talk)).toBe(150);
    expect(wordsPerMinute(words(0, 500, 2500, 3000))).toBe(120);
  });

  it("skips speaker markers and bracketed sound tags", () => {
    const spoken = [
      { token: ">>", tStartMs: 0 },
      { token: "so", tStartMs: 300 },
      { token: "[Music]", tStartMs: 500 },
      { token: "we", tStartMs: 600 },
      { token: "go", tStartMs: 900 },
    ];
    expect(wordsPerMinute(spoken)).toBe(200);
  });

  it("answers 0 for a clip without two words close enough to measure", () => {
    expect(wordsPerMinute([])).toBe(0);
    expect(wordsPerMinute(words(5000))).toBe(0);
    expect(wordsPerMinute(words(0, 5000, 10_000))).toBe(0);
  });
});

describe("isSpoken", () => {
  /** The definition: a letter or a digit, and not a bracketed sound tag. */
  const oracle = (token: string): boolean => /[\p{L}\p{N}]/u.test(token) && !/^[[(].*[\])]$/.test(token);

  it("says what its definition says of any word, ASCII or not", () => {
    const char = fc.constantFrom(..."[]()aZ09.,'>-_ \n\u2028éß٣\u0301".split(""));
    fc.assert(
      fc.property(fc.array(char, { maxLength: 8 }), (chars) => {
        const token = chars.join("");
        expect(isSpoken(token), JSON.stringify(token)).toBe(oracle(token));
      }),
      { numRuns: 2000 },
    );
    for (const token of ["[Music]", "(laughs)", "[", "]", "[]", "(a", "a)", "[a\nb]", "[x)", "ok"])
      expect(isSpoken(token), token).toBe(oracle(token));
  });
});
