import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { searchKey, tokenise, tokeniseWords } from "./tokenise.js";

describe("tokenise", () => {
  it("splits on whitespace, hyphens, dots and other punctuation", () => {
    expect(tokenise("Brother-in-law", "en")).toEqual(["brother", "in", "law"]);
    expect(tokenise("a.m.", "en")).toEqual(["a", "m"]);
    expect(tokenise("Does fast charging hurt the battery?", "en")).toEqual([
      "does",
      "fast",
      "charging",
      "hurt",
      "the",
      "battery",
    ]);
    expect(tokenise("well,that's—it!(really)", "en")).toEqual(["well", "that", "it", "really"]);
    expect(tokenise("3.5 km/h", "en")).toEqual(["3", "5", "km", "h"]);
  });

  it("folds case and accents through normalise", () => {
    expect(tokenise("Café AU Lait", "fr")).toEqual(["cafe", "au", "lait"]);
    expect(tokenise("Straße", "de")).toEqual(["strasse"]);
  });

  it("gives no tokens for speaker markers and bare punctuation", () => {
    expect(tokenise(">> so anyway", "en")).toEqual(["so", "anyway"]);
    expect(tokenise(">>", "en")).toEqual([]);
    expect(tokenise("... -- ?! ♪", "en")).toEqual([]);
    expect(tokenise("", "en")).toEqual([]);
  });

  it("keeps apostrophes inside a word and treats leading and trailing ones as quotes", () => {
    expect(tokenise("o'clock", "en")).toEqual(["o'clock"]);
    expect(tokenise("rock'n'roll", "en")).toEqual(["rock'n'roll"]);
    expect(tokenise("'quoted'", "en")).toEqual(["quoted"]);
    expect(tokenise("'twas", "en")).toEqual(["twas"]);
    expect(tokenise('"hello"', "en")).toEqual(["hello"]);
    expect(tokenise("l'homme", "fr")).toEqual(["l'homme"]);
    expect(tokenise("a''b", "en")).toEqual(["a", "b"]);
  });

  it("spells out English negations, including the irregular ones", () => {
    expect(tokenise("don't", "en")).toEqual(["do", "not"]);
    expect(tokenise("doesn't", "en")).toEqual(["does", "not"]);
    expect(tokenise("isn't", "en")).toEqual(["is", "not"]);
    expect(tokenise("can't", "en")).toEqual(["can", "not"]);
    expect(tokenise("won't", "en")).toEqual(["will", "not"]);
    expect(tokenise("shan't", "en")).toEqual(["shall", "not"]);
    expect(tokenise("ain't", "en")).toEqual(["ain't"]);
  });

  it("spells out English pronoun and verb clitics", () => {
    expect(tokenise("I'm", "en")).toEqual(["i", "am"]);
    expect(tokenise("they're", "en")).toEqual(["they", "are"]);
    expect(tokenise("we've", "en")).toEqual(["we", "have"]);
    expect(tokenise("we'll", "en")).toEqual(["we", "will"]);
    expect(tokenise("she'd", "en")).toEqual(["she", "would"]);
    expect(tokenise("let's", "en")).toEqual(["let", "us"]);
    expect(tokenise("Let’s", "en")).toEqual(["let", "us"]);
    expect(tokenise("shouldn't've", "en")).toEqual(["should", "not", "have"]);
  });

  it("drops a possessive or ambiguous 's and the apostrophe of a plural possessive", () => {
    expect(tokenise("it's", "en")).toEqual(["it"]);
    expect(tokenise("John's", "en")).toEqual(["john"]);
    expect(tokenise("the students' books", "en")).toEqual(["the", "students", "books"]);
    expect(tokenise("the 1990's", "en")).toEqual(["the", "1990"]);
  });

  it("leaves clitics alone in other languages", () => {
    expect(tokenise("don't", "fr")).toEqual(["don't"]);
    expect(tokenise("it's", "es")).toEqual(["it's"]);
  });

  it("does not mistake a word part for a prototype member", () => {
    expect(tokenise("o'constructor", "en")).toEqual(["o'constructor"]);
    expect(tokenise("constructorn't", "en")).toEqual(["constructor", "not"]);
  });

  it("gives no tokens for bracketed sound annotations, even across words", () => {
    expect(tokenise("[Music]", "en")).toEqual([]);
    expect(tokenise("[Applause] thank you", "en")).toEqual(["thank", "you"]);
    expect(tokenise("[MUSIC PLAYING] hello [LAUGHTER] there", "en")).toEqual(["hello", "there"]);
    expect(tokenise("so[Music]then", "en")).toEqual(["so", "then"]);
  });

  it("treats a bracket that never closes nearby as plain punctuation", () => {
    expect(tokenise("[ one two three", "en")).toEqual(["one", "two", "three"]);
    expect(tokenise("see [1 and ] closes", "en")).toEqual(["see", "closes"]);
    expect(tokenise("[a [b] c", "en")).toEqual(["a", "c"]);
    expect(tokenise("[ a b c d e f g h i j ]", "en")).toEqual([
      "a",
      "b",
      "c",
      "d",
      "e",
      "f",
      "g",
      "h",
      "i",
      "j",
    ]);
    expect(tokenise("stray ] bracket", "en")).toEqual(["stray", "bracket"]);
  });

  it("splits Chinese and Japanese into one token per character", () => {
    expect(tokenise("我是学生", "zh")).toEqual(["我", "是", "学", "生"]);
    expect(tokenise("がっこうへ行く", "ja")).toEqual(["が", "っ", "こ", "う", "へ", "行", "く"]);
    expect(tokenise("iPhone手机", "zh")).toEqual(["iphone", "手", "机"]);
    expect(tokenise("コーヒー", "ja")).toEqual(["コ", "ー", "ヒ", "ー"]);
  });

  it("keeps other scripts as whole words", () => {
    expect(tokenise("Привет, мир!", "ru")).toEqual(["привет", "мир"]);
    expect(tokenise("नमस्ते दुनिया", "hi")).toEqual(["नमस्ते", "दुनिया"]);
    expect(tokenise("안녕하세요 세계", "ko")).toEqual(["안녕하세요", "세계"]);
  });
});

describe("tokeniseWords", () => {
  it("gives every token the index of the word it came from", () => {
    expect(tokeniseWords(["I", "don't", "[Music]", "know-how"], "en")).toEqual([
      { norm: "i", word: 0 },
      { norm: "do", word: 1 },
      { norm: "not", word: 1 },
      { norm: "know", word: 3 },
      { norm: "how", word: 3 },
    ]);
  });

  it("drops every word of an annotation that spans several words", () => {
    expect(tokeniseWords(["okay", "[MUSIC", "PLAYING]", "go"], "en")).toEqual([
      { norm: "okay", word: 0 },
      { norm: "go", word: 3 },
    ]);
  });

  it("agrees with tokenise on the same words", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "grapheme", maxLength: 8 }), { maxLength: 12 }), (words) => {
        const single = words.map((word) => word.replace(/\s/g, "")).filter((word) => word !== "");
        const norms = tokeniseWords(single, "en").map((token) => token.norm);
        expect(norms).toEqual(tokenise(single.join(" "), "en"));
      }),
    );
  });

  it("produces only non-empty tokens without spaces, in word order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 10 }), { maxLength: 12 }),
        fc.constantFrom("en", "fr"),
        (words, lang) => {
          const tokens = tokeniseWords(words, lang);
          for (const [i, token] of tokens.entries()) {
            expect(token.norm).toMatch(/^\S+$/);
            expect(token.norm.startsWith("'") || token.norm.endsWith("'")).toBe(false);
            expect(token.word).toBeGreaterThanOrEqual(tokens[i - 1]?.word ?? 0);
            expect(token.word).toBeLessThan(words.length);
          }
        },
      ),
    );
  });
});

describe("searchKey", () => {
  it("joins the tokens of a catalogue word or a query with single spaces", () => {
    expect(searchKey("Ice-Cream", "en")).toBe("ice cream");
    expect(searchKey("a.m.", "en")).toBe("a m");
    expect(searchKey("  give   UP ", "en")).toBe("give up");
    expect(searchKey("Crème brûlée", "fr")).toBe("creme brulee");
    expect(searchKey("o’clock", "en")).toBe("o'clock");
    expect(searchKey("!!!", "en")).toBe("");
    // `ŉ` decomposes into a modifier apostrophe and `n`: the apostrophe is folded like any other.
    expect(searchKey("ŉ", "en")).toBe("n");
  });

  it("is stable: the key of a key is the key", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 30 }),
        fc.constantFrom("en", "de"),
        (text, lang) => {
          const key = searchKey(text, lang);
          expect(searchKey(key, lang)).toBe(key);
        },
      ),
    );
  });
});
