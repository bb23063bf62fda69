import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { similarity, trigramSimilarity, trigrams } from "./trigram.js";

// Every expected value below was produced by PostgreSQL 15 with pg_trgm (lc_ctype C.UTF-8). PostgreSQL
// returns a float4, so its printed value is given beside the exact fraction it rounds.

describe("trigrams", () => {
  it("pads each word with two spaces before and one after, like show_trgm", () => {
    expect(trigrams("cat")).toEqual(["  c", " ca", "at ", "cat"]);
    expect(trigrams("Hello")).toEqual(["  h", " he", "ell", "hel", "llo", "lo "]);
  });

  it("splits words on everything that is not a letter or a digit", () => {
    expect(trigrams("Two words!")).toEqual([
      "  t",
      "  w",
      " tw",
      " wo",
      "ds ",
      "ord",
      "rds",
      "two",
      "wo ",
      "wor",
    ]);
    expect(trigrams("don't a")).toEqual(["  a", "  d", "  t", " a ", " do", " t ", "don", "on "]);
    expect(trigrams("hi-fi")).toEqual(["  f", "  h", " fi", " hi", "fi ", "hi "]);
    expect(trigrams("x_y1")).toEqual(["  x", "  y", " x ", " y1", "y1 "]);
  });

  it("keeps each trigram once", () => {
    expect(trigrams("aaaa")).toEqual(["  a", " aa", "aa ", "aaa"]);
    expect(trigrams("ab ab")).toEqual(["  a", " ab", "ab "]);
  });

  it("gives none for text without letters or digits", () => {
    expect(trigrams("")).toEqual([]);
    expect(trigrams("!!! ???")).toEqual([]);
  });

  it("counts characters outside ASCII, marks included, as in a UTF-8 database", () => {
    // show_trgm('café') has 5 entries, show_trgm('हिंदी') 6 (PostgreSQL prints them hashed).
    expect(trigrams("café")).toEqual(["  c", " ca", "afé", "caf", "fé "]);
    expect(trigrams("हिंदी")).toHaveLength(6);
    expect(trigrams("𠀋𠀋")).toEqual(["  𠀋", " 𠀋𠀋", "𠀋𠀋 "]);
  });
});

describe("similarity", () => {
  it.each([
    ["word", "two words", 4, 11, 0.36363637],
    ["hello", "helo", 4, 7, 0.5714286],
    ["color", "colour", 4, 9, 0.44444445],
    ["banana", "bananas", 5, 8, 0.625],
    ["ice cream", "icecream", 7, 12, 0.5833333],
    ["accommodate", "acommodate", 10, 13, 0.7692308],
    ["the", "teh", 1, 7, 0.14285715],
    ["über", "uber", 2, 8, 0.25],
    ["café", "cafe", 3, 7, 0.42857143],
    ["recieve", "receive", 4, 12, 0.33333334],
    ["hello", "hello world", 6, 12, 0.5],
    ["nagasaki", "nagoya", 3, 13, 0.23076923],
  ])("similarity(%j, %j) = %i/%i as PostgreSQL computes it (%f)", (a, b, shared, union, postgres) => {
    expect(similarity(a, b)).toBe(shared / union);
    expect(Math.fround(similarity(a, b))).toBe(Math.fround(postgres));
  });

  it("is 1 for texts with the same trigrams and 0 for texts sharing none", () => {
    expect(similarity("a", "a")).toBe(1);
    expect(similarity("aaa", "aaaa")).toBe(1);
    expect(similarity("Hello", "HELLO")).toBe(1);
    expect(similarity("brother in law", "brother-in-law")).toBe(1);
    expect(similarity("the the", "the")).toBe(1);
    expect(similarity("a", "b")).toBe(0);
    expect(similarity("ab", "ba")).toBe(0);
  });

  it("is 0 when either text has no trigrams", () => {
    expect(similarity("", "")).toBe(0);
    expect(similarity("!!!", "???")).toBe(0);
    expect(similarity("x", "!!!")).toBe(0);
  });

  it("is symmetric, between 0 and 1, and 1 against itself", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const value = similarity(a, b);
        expect(similarity(b, a)).toBe(value);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(1);
        expect(similarity(a, a)).toBe(trigrams(a).length === 0 ? 0 : 1);
      }),
    );
  });
});

describe("trigramSimilarity", () => {
  it("computes shared / (a + b − shared), and 0 when a side is empty", () => {
    expect(trigramSimilarity(4, 6, 9)).toBe(4 / 11);
    expect(trigramSimilarity(0, 0, 5)).toBe(0);
    expect(trigramSimilarity(0, 0, 0)).toBe(0);
  });
});
