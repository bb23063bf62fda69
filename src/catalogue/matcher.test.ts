import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CatalogueMatcher, type Hit } from "./matcher.js";

const spellings = [
  { norm: "ice cream", word: 0 },
  { norm: "ice", word: 1 },
  { norm: "cream", word: 2 },
  { norm: "saw", word: 3 },
  { norm: "saw", word: 4 },
  { norm: "a lot", word: 5 },
  { norm: "a lot of", word: 6 },
  { norm: "ice creams", word: 0 },
];

describe("CatalogueMatcher", () => {
  const matcher = new CatalogueMatcher(spellings);

  it("counts a multi-word entry and each of its words", () => {
    expect(matcher.match(["we", "ate", "ice", "cream"])).toEqual([
      { word: 1, start: 2, length: 1 },
      { word: 0, start: 2, length: 2 },
      { word: 2, start: 3, length: 1 },
    ]);
  });

  it("counts a token for every word it leads to", () => {
    expect(matcher.match(["i", "saw", "it"])).toEqual([
      { word: 3, start: 1, length: 1 },
      { word: 4, start: 1, length: 1 },
    ]);
  });

  it("matches nested multi-word entries sharing a prefix", () => {
    expect(matcher.match(["a", "lot", "of", "fun"])).toEqual([
      { word: 5, start: 0, length: 2 },
      { word: 6, start: 0, length: 3 },
    ]);
  });

  it("does not match a multi-word entry across a gap", () => {
    expect(matcher.match(["ice", "and", "cream"]).map((h) => h.length)).toEqual([1, 1]);
  });

  it("finds exactly the hits a naive scan of every token span finds", () => {
    const vocabulary = ["ice", "cream", "saw", "a", "lot", "of", "creams", "x"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...vocabulary), { maxLength: 30 }), (tokens) => {
        const naive: Hit[] = [];
        for (let start = 0; start < tokens.length; start++) {
          for (let length = 1; start + length <= tokens.length; length++) {
            const key = tokens.slice(start, start + length).join(" ");
            for (const s of spellings) {
              if (
                s.norm === key &&
                !naive.some((h) => h.word === s.word && h.start === start && h.length === length)
              ) {
                naive.push({ word: s.word, start, length });
              }
            }
          }
        }
        expect(matcher.match(tokens)).toEqual(naive);
      }),
    );
  });
});
