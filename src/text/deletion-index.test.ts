import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DeletionIndex } from "./deletion-index.js";
import { damerauLevenshtein } from "./edit-distance.js";

describe("DeletionIndex", () => {
  const keys = ["the", "then", "ten", "dog", "receive", "necessary", "ice cream", "café"];
  const index = new DeletionIndex(keys);
  const found = (q: string) => [...index.candidates(q)].map((i) => keys[i]);

  it("finds words one substitution, insertion, deletion or swap away", () => {
    expect(found("teh")).toContain("the");
    expect(found("dig")).toContain("dog");
    expect(found("recieve")).toContain("receive");
    expect(found("necesary")).toContain("necessary");
    expect(found("thenn")).toContain("then");
    expect(found("icecream")).toContain("ice cream");
    expect(found("cafe")).toContain("café");
  });

  it("never misses a key within one edit, against a naive scan", () => {
    const word = fc.stringMatching(/^[a-e ]{0,7}$/);
    fc.assert(
      fc.property(fc.uniqueArray(word, { maxLength: 40 }), word, (words, query) => {
        const idx = new DeletionIndex(words);
        const got = idx.candidates(query);
        words.forEach((w, i) => {
          if (damerauLevenshtein(query, w) <= 1) expect(got.has(i), `${query} → ${w}`).toBe(true);
        });
      }),
    );
  });

  it("at depth 2, never misses a key within two edits of its length limit, against a naive scan", () => {
    const word = fc.stringMatching(/^[a-e]{0,7}$/);
    fc.assert(
      fc.property(fc.uniqueArray(word, { maxLength: 40 }), word, (words, query) => {
        const idx = new DeletionIndex(words, 2, 6);
        const got = idx.candidates(query);
        words.forEach((w, i) => {
          const near = damerauLevenshtein(query, w) <= 2;
          if (near && w.length <= 6) expect(got.has(i), `${query} → ${w}`).toBe(true);
          if (w.length > 6) expect(got.has(i), `${w} is longer than the limit`).toBe(false);
        });
      }),
    );
  });

  it("at depth 2, finds two letters left out and a letter left out with a swap", () => {
    const two = new DeletionIndex(["array", "shape", "away"], 2);
    const near = (q: string) => [...two.candidates(q)].map((i) => ["array", "shape", "away"][i]);
    expect(near("aay")).toContain("array");
    expect(near("sahpe")).toContain("shape");
  });
});
