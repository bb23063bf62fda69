import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isAscii, normalise } from "./normalise.js";

describe("normalise", () => {
  it("lower-cases and strips accents", () => {
    expect(normalise("Café")).toBe("cafe");
    expect(normalise("NAÏVE")).toBe("naive");
    expect(normalise("Crème Brûlée")).toBe("creme brulee");
    expect(normalise("Ñandú")).toBe("nandu");
    expect(normalise("São Paulo")).toBe("sao paulo");
  });

  it("folds letters that do not decompose, in both cases", () => {
    expect(normalise("Straße")).toBe("strasse");
    expect(normalise("STRAẞE")).toBe("strasse");
    expect(normalise("Æther Œuvre")).toBe("aether oeuvre");
    expect(normalise("æther œuvre")).toBe("aether oeuvre");
    expect(normalise("Øresund smørbrød")).toBe("oresund smorbrod");
    expect(normalise("Łódź łabędź")).toBe("lodz labedz");
    expect(normalise("Đakovo đak")).toBe("dakovo dak");
    expect(normalise("ılık")).toBe("ilik");
  });

  it("folds the Turkish dotted capital I to a plain i", () => {
    expect(normalise("İstanbul")).toBe("istanbul");
  });

  it("turns every typographic apostrophe into a plain one", () => {
    expect(normalise("don’t")).toBe("don't");
    expect(normalise("don‘t")).toBe("don't");
    expect(normalise("donʼt")).toBe("don't");
    expect(normalise("don`t")).toBe("don't");
    expect(normalise("don´t")).toBe("don't");
    expect(normalise("Café’s")).toBe("cafe's");
  });

  it("collapses whitespace of every kind and trims", () => {
    expect(normalise("  ice \t\n cream  ")).toBe("ice cream");
    expect(normalise("ice\u00a0cream")).toBe("ice cream");
    expect(normalise("\u2003Éclair\u3000au\u2009chocolat ")).toBe("eclair au chocolat");
    expect(normalise("")).toBe("");
    expect(normalise("   ")).toBe("");
  });

  it("expands compatibility characters", () => {
    expect(normalise("ﬁsh")).toBe("fish");
    expect(normalise("Ｗｏｒｄ")).toBe("word");
    expect(normalise("x²")).toBe("x2");
  });

  it("removes soft hyphens and zero-width characters instead of splitting on them", () => {
    expect(normalise("coﬀee\u00adcup")).toBe("coffeecup");
    expect(normalise("\ufeffword\u200b")).toBe("word");
  });

  it("strips accents in Greek, Cyrillic and Arabic but keeps marks that spell Japanese and Hindi", () => {
    expect(normalise("Άθήνα")).toBe("αθηνα");
    expect(normalise("Йогурт Ёлка")).toBe("иогурт елка");
    expect(normalise("كِتَاب")).toBe("كتاب");
    expect(normalise("がっこう")).toBe("がっこう");
    expect(normalise("ｶﾞｯｺｳ")).toBe("ガッコウ");
    expect(normalise("हिंदी")).toBe("हिंदी");
  });

  it("gives the same answer on the ASCII fast path as on the Unicode path", () => {
    // A trailing "é" forces the Unicode path; it folds to "e" and is removed again for the comparison.
    fc.assert(
      fc.property(fc.string({ unit: "binary-ascii" }), (text) => {
        const slow = normalise(`${text}é`);
        expect(slow.endsWith("e")).toBe(true);
        expect(normalise(text)).toBe(slow.slice(0, -1).trim());
      }),
    );
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        const once = normalise(text);
        expect(normalise(once)).toBe(once);
      }),
    );
  });
});

describe("isAscii", () => {
  it("tells plain ASCII from text with any other character", () => {
    expect(isAscii("")).toBe(true);
    expect(isAscii("Hello, world! `~\t\u007f")).toBe(true);
    expect(isAscii("café")).toBe(false);
    expect(isAscii("\u0080")).toBe(false);
    expect(isAscii("emoji 😀")).toBe(false);
  });
});
