/**
 * The near-spelling structures and autocomplete lists rebuilt from their parts (as a worker thread sends
 * them) are the same: every query finds the same candidates, in the same order, as those built in place.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { packLists, unpackLists } from "../text/packed-lists.js";
import { buildFuzzyParts, FuzzyIndex } from "./fuzzy.js";
import { testCatalog } from "./test-catalog.fixture.js";
import { buildWordSearchParts, WordSearch } from "./word-search.js";

const WORDS = [
  "nation",
  "fashion",
  "nasty",
  "necessary",
  "knowledge",
  "the",
  "then",
  "their",
  "pregnant",
  "shape",
  "children",
  "child",
  "walk",
  "talk",
  "take",
  "meal",
  "melt",
  "definitely",
];
const QUERIES = [
  "nashon",
  "neccesary",
  "nolege",
  "teh",
  "thier",
  "prennat",
  "sahppe",
  "chidlren",
  "mel",
  "tak",
];

function candidates(index: FuzzyIndex, query: string): string[] {
  return index.candidates(query, 10).map((c) => `${c.entry.word}:${c.spelling}:${c.score.toFixed(9)}`);
}

describe("near-spelling structures from their parts", () => {
  for (const language of ["en", "fr"]) {
    it(`find what the structures built in place find (${language}), also after a structured clone`, () => {
      const catalog = testCatalog(
        WORDS.map((word) => ({ word, frequency: word.length })),
        language,
      );
      const inPlace = new FuzzyIndex(catalog);
      const adopted = new FuzzyIndex(catalog);
      adopted.adopt(buildFuzzyParts(adopted.keys, language));
      const cloned = new FuzzyIndex(catalog);
      cloned.adopt(structuredClone(buildFuzzyParts(cloned.keys, language)));
      expect(adopted.built && cloned.built).toBe(true);
      for (const query of QUERIES) {
        const expected = candidates(inPlace, query);
        expect(candidates(adopted, query)).toEqual(expected);
        expect(candidates(cloned, query)).toEqual(expected);
      }
      expect(candidates(inPlace, "nashon").length).toBeGreaterThan(0);
    });
  }

  it("are built on the first lookup when none were adopted, and later parts are then ignored", () => {
    const catalog = testCatalog(WORDS.map((word) => ({ word })));
    const index = new FuzzyIndex(catalog);
    expect(index.built).toBe(false);
    const before = candidates(index, "teh");
    expect(index.built).toBe(true);
    index.adopt(buildFuzzyParts(["unrelated"], "en"));
    expect(candidates(index, "teh")).toEqual(before);
  });

  it("are refused when built from another number of spellings", () => {
    const index = new FuzzyIndex(testCatalog(WORDS.map((word) => ({ word }))));
    expect(() => index.adopt(buildFuzzyParts(["one", "two"], "en"))).toThrow(
      /near-spelling parts of 2 spellings offered for \d+/,
    );
    expect(index.built).toBe(false);
  });

  it("are refused when built from the same number of spellings in another order", () => {
    const index = new FuzzyIndex(testCatalog(WORDS.map((word) => ({ word }))));
    const reversed = [...index.keys].reverse();
    expect(() => index.adopt(buildFuzzyParts(reversed, "en"))).toThrow(
      "near-spelling parts of other spellings (or in another order) offered",
    );
    expect(index.built).toBe(false);
  });
});

describe("autocomplete lists from their parts", () => {
  const catalog = testCatalog(WORDS.map((word, i) => ({ word, clips: (i * 7) % 5, level: i % 6 })));

  it("answer every page as lists built in place do, also after a structured clone", () => {
    const inPlace = new WordSearch(catalog);
    const adopted = new WordSearch(catalog);
    adopted.adopt(structuredClone(buildWordSearchParts(adopted.normsByCoverage())));
    expect(adopted.built).toBe(true);
    for (const q of ["", "t", "th", "the", "al", "ion", "chi", "zz"]) {
      for (const levels of [[], [1, 2]]) {
        for (const hasClips of [false, true]) {
          const page = (search: WordSearch) => {
            const { entries, totalCount, more } = search.page({ q, levels, hasClips }, undefined, 4);
            return { words: entries.map((e) => e.word), totalCount, more };
          };
          expect(page(adopted)).toEqual(page(inPlace));
        }
      }
    }
    expect(inPlace.page({ q: "th", levels: [], hasClips: false }, undefined, 10).totalCount).toBe(3);
  });

  it("are built on the first search when none were adopted; lists of another catalogue are refused", () => {
    const search = new WordSearch(catalog);
    expect(() => search.adopt(buildWordSearchParts(["one"]))).toThrow(
      `autocomplete lists of 1 words offered for ${WORDS.length}`,
    );
    expect(() => search.adopt(buildWordSearchParts([...search.normsByCoverage()].reverse()))).toThrow(
      "autocomplete lists of other words (or in another order) offered",
    );
    expect(search.built).toBe(false);
    search.page({ q: "ta", levels: [], hasClips: false }, undefined, 3);
    expect(search.built).toBe(true);
  });
});

describe("packed lists", () => {
  it("give back every list as it was", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: -1000, max: 1000 }), { maxLength: 20 })), (lists) => {
        const packed = packLists(lists);
        expect(packed.start.length).toBe(lists.length + 1);
        expect(unpackLists(packed).map((list) => [...list])).toEqual(lists);
      }),
    );
  });
});
