import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collapseWhitespace, isWhitespace, splitLines, wordEnd, wordStart } from "./whitespace.js";

describe("collapseWhitespace", () => {
  it("collapses runs of any whitespace to one space and trims", () => {
    expect(collapseWhitespace("  a \t b\u00a0\u00a0c\n")).toBe("a b c");
    expect(collapseWhitespace(" ")).toBe("");
    expect(collapseWhitespace("")).toBe("");
  });

  it("returns clean text as it is", () => {
    const text = "already clean text";
    expect(collapseWhitespace(text)).toBe(text);
  });

  it("agrees with a regular expression replace on any text", () => {
    const unit = fc.constantFrom("a", "é", " ", "\t", "\n", "\u00a0", "\u2003", "\ufeff", "\u200b", "x");
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 12 }), (text) => {
        expect(collapseWhitespace(text)).toBe(text.replace(/\s+/g, " ").trim());
      }),
    );
  });
});

describe("isWhitespace", () => {
  it("matches exactly the characters of \\s", () => {
    for (let code = 0; code <= 0xffff; code++) {
      expect(isWhitespace(code), `U+${code.toString(16)}`).toBe(/\s/.test(String.fromCharCode(code)));
    }
  });
});

describe("wordStart and wordEnd", () => {
  it("find the words a regular expression \\S+ finds, where it finds them", () => {
    const unit = fc.constantFrom(
      "a",
      "é",
      " ",
      "\t",
      "\n",
      "\u00a0",
      "\u2003",
      "\ufeff",
      "\u200b",
      "x",
      "\ud83d",
      "\ude00",
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 16 }), (text) => {
        const found: Array<[number, string]> = [];
        for (let i = wordStart(text, 0); i < text.length; i = wordStart(text, i)) {
          const end = wordEnd(text, i);
          found.push([i, text.slice(i, end)]);
          i = end;
        }
        expect(found).toEqual([...text.matchAll(/\S+/g)].map((m) => [m.index, m[0]]));
      }),
    );
  });
});

describe("splitLines", () => {
  it("splits as the regular expression of line breaks does, with and without a \\r", () => {
    const unit = fc.constantFrom("a", "\n", "\r", "\r\n", " ", "é");
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 12 }), (text) => {
        expect(splitLines(text)).toEqual(text.split(/\r\n|\r|\n/));
      }),
    );
  });
});
