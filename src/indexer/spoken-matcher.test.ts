import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CatalogueMatcher, type MatcherSpelling } from "../catalogue/matcher.js";
import { TokenDictionary } from "./clip-tokens.js";
import { SpokenMatcher } from "./spoken-matcher.js";

const TOKENS = ["ice", "cream", "run", "ran", "a", "lot", "of", "new", "york", "city", "zzz"];

const SPELLINGS: MatcherSpelling[] = [
  { norm: "ice cream", word: 0 },
  { norm: "ice", word: 1 },
  { norm: "cream", word: 2 },
  { norm: "run", word: 3 },
  { norm: "ran", word: 3 },
  { norm: "run", word: 4 },
  { norm: "a lot", word: 5 },
  { norm: "a lot of", word: 6 },
  { norm: "lot", word: 7 },
  { norm: "new york", word: 8 },
  { norm: "new york city", word: 9 },
  { norm: "new york", word: 8 },
  { norm: "york", word: 10 },
];

/** Each word's key; the matcher needs one for every word a spelling leads to. */
const KEYS = Array.from({ length: 13 }, (_, word) => TOKENS[word % TOKENS.length] as string);

function matchBoth(spellings: readonly MatcherSpelling[], tokens: readonly string[]): [unknown, unknown] {
  const oracle = new CatalogueMatcher(spellings).match(tokens);
  const dictionary = new TokenDictionary();
  const matcher = new SpokenMatcher(spellings, KEYS, dictionary);
  const slots = Int32Array.from(tokens, (token) => dictionary.slotOf(token));
  const hits = matcher.match(slots, slots.length);
  const found = Array.from({ length: hits.count }, (_, i) => ({
    word: hits.word[i],
    start: hits.start[i],
    length: hits.length[i],
  }));
  return [found, oracle];
}

describe("SpokenMatcher", () => {
  it("finds the hits CatalogueMatcher finds, in the same order, for any token stream", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }), (tokens) => {
        const [found, oracle] = matchBoth(SPELLINGS, tokens);
        expect(found).toEqual(oracle);
      }),
    );
  });

  it("finds the hits CatalogueMatcher finds for any catalogue of one- to three-token spellings", () => {
    const spelling = fc.record({
      norm: fc.array(fc.constantFrom(...TOKENS), { minLength: 1, maxLength: 3 }).map((t) => t.join(" ")),
      word: fc.nat(12),
    });
    fc.assert(
      fc.property(
        fc.array(spelling, { maxLength: 30 }),
        fc.array(fc.constantFrom(...TOKENS), { maxLength: 30 }),
        (spellings, tokens) => {
          const [found, oracle] = matchBoth(spellings, tokens);
          expect(found).toEqual(oracle);
        },
      ),
    );
  });

  it("reuses its hit arrays from one match to the next, growing them for a long stream", () => {
    const dictionary = new TokenDictionary();
    const matcher = new SpokenMatcher(SPELLINGS, KEYS, dictionary);
    const slots = Int32Array.from({ length: 1000 }, () => dictionary.slotOf("ice"));
    expect(matcher.match(slots, slots.length).count).toBe(1000);
    expect(matcher.match(slots, 3).count).toBe(3);
  });
});
