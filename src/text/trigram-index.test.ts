import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { similarity } from "./trigram.js";
import { TrigramIndex, type TrigramMatch } from "./trigram-index.js";

/** The reference: similarity against every entry, filtered and sorted the documented way. */
function naiveSearch(keys: readonly string[], query: string, minSimilarity: number): TrigramMatch[] {
  return keys
    .map((key, index) => ({ index, similarity: similarity(query, key) }))
    .filter((match) => match.similarity >= minSimilarity)
    .sort((x, y) => y.similarity - x.similarity || x.index - y.index);
}

// Words from a few syllables share many trigrams, which is where counting mistakes would show.
const word = fc
  .array(fc.constantFrom("ba", "na", "an", "ice", "cream", "re", "ce", "ive", "a", "x"), { maxLength: 4 })
  .map((parts) => parts.join(""));
const key = fc.oneof(
  word,
  fc.tuple(word, word).map(([a, b]) => `${a} ${b}`),
  fc.string({ maxLength: 6 }),
);

/** A deterministic vocabulary of pronounceable words, for the timing test. */
function syntheticKeys(count: number): string[] {
  const onsets = [
    "b",
    "c",
    "d",
    "f",
    "g",
    "h",
    "k",
    "l",
    "m",
    "n",
    "p",
    "r",
    "s",
    "t",
    "v",
    "w",
    "br",
    "st",
    "tr",
  ];
  const vowels = ["a", "e", "i", "o", "u", "ea", "ou"];
  let seed = 42;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    let text = "";
    const syllables = 1 + next(4);
    for (let s = 0; s < syllables; s++)
      text += `${onsets[next(onsets.length)]}${vowels[next(vowels.length)]}`;
    keys.push(next(10) === 0 ? `${text} ${onsets[next(onsets.length)]}ing` : text);
  }
  return keys;
}

describe("TrigramIndex", () => {
  it("finds entries by similarity, most similar first", () => {
    const index = new TrigramIndex(["receive", "recipe", "deceive", "banana", "receiver"]);
    // pg_trgm prefers `recipe` (4/11) to the intended `receive` (4/12): the reason for re-ranking later.
    expect(index.search("recieve", 0.3)).toEqual([
      { index: 1, similarity: 4 / 11 },
      { index: 0, similarity: 4 / 12 },
    ]);
    expect(index.search("banana", 1)).toEqual([{ index: 3, similarity: 1 }]);
  });

  it("breaks ties in similarity by position", () => {
    const index = new TrigramIndex(["cat", "dog", "cat", "Cat"]);
    expect(index.search("cat", 0.5)).toEqual([
      { index: 0, similarity: 1 },
      { index: 2, similarity: 1 },
      { index: 3, similarity: 1 },
    ]);
  });

  it("finds nothing for a query without trigrams unless every entry is admitted", () => {
    const index = new TrigramIndex(["cat", ""]);
    expect(index.search("!!!", 0.1)).toEqual([]);
    expect(index.search("!!!", 0)).toEqual([
      { index: 0, similarity: 0 },
      { index: 1, similarity: 0 },
    ]);
  });

  it("refuses a threshold that is not a number", () => {
    expect(() => new TrigramIndex(["cat"]).search("cat", Number.NaN)).toThrow(
      "minSimilarity must be a number, got NaN",
    );
  });

  it("gives the same answers as a scan of every entry, query after query", () => {
    fc.assert(
      fc.property(
        fc.array(key, { maxLength: 40 }),
        fc.array(fc.tuple(key, fc.constantFrom(0, 0.1, 0.25, 0.3, 0.5, 0.75, 1)), {
          minLength: 1,
          maxLength: 5,
        }),
        (keys, queries) => {
          const index = new TrigramIndex(keys);
          expect(index.size).toBe(keys.length);
          // Several queries on one index: the reused counters must be clean after each.
          for (const [query, minSimilarity] of queries) {
            expect(index.search(query, minSimilarity)).toEqual(naiveSearch(keys, query, minSimilarity));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("gives the same answers as a scan on 10,000 entries", () => {
    const keys = syntheticKeys(10_000);
    const index = new TrigramIndex(keys);
    for (const query of syntheticKeys(20).map((text) => `${text.slice(1)}e`)) {
      expect(index.search(query, 0.3)).toEqual(naiveSearch(keys, query, 0.3));
    }
    expect(index.search(keys[123] ?? "", 0.3)).toEqual(naiveSearch(keys, keys[123] ?? "", 0.3));
  });
});

describe("TrigramIndex.similarityTo", () => {
  it("gives every entry the similarity of trigram.ts, for any query", () => {
    // Lower-case ASCII queries take the integer-coded path; `é` and `B` take the general one.
    const word = fc.stringMatching(/^[a-eéB]{0,6}( [a-eé]{1,4})?$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 20 }), word, (keys, query) => {
        const index = new TrigramIndex(keys);
        const prepared = index.prepare(query);
        keys.forEach((key, i) => {
          expect(index.similarityTo(prepared, i)).toBeCloseTo(similarity(query, key), 12);
        });
      }),
    );
  });
});
