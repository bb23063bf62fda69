import { describe, expect, it } from "vitest";
import { guessesIn, queryProblem, quoted } from "./query.js";

describe("queryProblem", () => {
  it("lets a word, a phrase and text in any script through", () => {
    for (const q of ["run", "a lot of", "こんにちは", "café", "a.m.", "x".repeat(100)]) {
      expect(queryProblem(q), q).toBeUndefined();
    }
  });

  it("refuses text with no letter or digit", () => {
    expect(queryProblem("!!!")).toBe("Type a word: “!!!” has no letters or digits.");
    expect(queryProblem("..")).toBe("Type a word: “..” has no letters or digits.");
    expect(queryProblem("? ?")).toBe("Type a word: “? ?” has no letters or digits.");
  });

  it("refuses a word or a phrase longer than the API takes", () => {
    expect(queryProblem("x".repeat(101))).toBe("A word has at most 100 characters; this one has 101.");
    expect(queryProblem(Array(13).fill("go").join(" "))).toBe(
      "A phrase has at most 12 words; this one has 13.",
    );
    expect(queryProblem(`${"x".repeat(150)} ${"y".repeat(50)}`)).toBe(
      "A phrase has at most 200 characters; this one has 201.",
    );
  });
});

describe("quoted", () => {
  it("cuts long text, never inside a character", () => {
    expect(quoted("run")).toBe("“run”");
    expect(quoted("😀".repeat(50), 3)).toBe("“😀😀😀…”");
  });
});

describe("guessesIn", () => {
  it("reads the words a refusal offers, best first", () => {
    expect(guessesIn(`"qwzx" is not in the en catalogue; did you mean: cask, cash?`)).toEqual([
      "cask",
      "cash",
    ]);
    expect(guessesIn(`"!!!" is not in the en catalogue`)).toEqual([]);
  });
});
