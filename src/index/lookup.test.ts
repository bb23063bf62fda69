import { describe, expect, it } from "vitest";
import { FuzzyIndex } from "./fuzzy.js";
import { resolveWord } from "./lookup.js";
import { testCatalog } from "./test-catalog.fixture.js";
import type { WordCatalog } from "./word-catalog.js";

const catalog = testCatalog([
  { word: "run", clips: 40, forms: ["runs", "ran", "running"] },
  { word: "leave", clips: 30, forms: ["leaves", "left", "leaving"] },
  { word: "left", clips: 5 },
  { word: "colour", clips: 7, variants: ["color"] },
  { word: "receive", clips: 12, forms: ["received"] },
  { word: "recipe", clips: 3 },
  { word: "dog", clips: 9 },
  { word: "ice cream", clips: 4, forms: ["ice creams"] },
  { word: "necessary", clips: 2 },
  { word: "knowledge", clips: 3 },
  { word: "which", clips: 1, frequency: 583 },
  { word: "witch", clips: 6, frequency: 33 },
  { word: "hang", clips: 2, pos: ["verb"], forms: ["hung"] },
  { word: "wed", clips: 1, pos: ["verb"] },
  { word: "tech", clips: 1 },
]);
const fuzzy = new FuzzyIndex(catalog);
const resolve = (input: string, mode: "strict" | "forms" | "fuzzy" = "fuzzy") =>
  resolveWord(catalog, fuzzy, input, mode);

/** A fuzzy lookup in a catalogue of its own (with its own near-spelling index). */
const resolveFuzzy = (small: WordCatalog, input: string) =>
  resolveWord(small, new FuzzyIndex(small), input, "fuzzy");

function matched(input: string, mode?: "strict" | "forms" | "fuzzy") {
  const r = resolve(input, mode);
  return r.found
    ? { word: r.entry.word, type: r.matchType, didYouMean: r.didYouMean.map((e) => e.word) }
    : { notFound: r.guesses.map((g) => g.word) };
}

describe("resolveWord", () => {
  it("matches a catalogue word exactly after folding case and accents", () => {
    expect(matched("RUN")).toEqual({ word: "run", type: "exact", didYouMean: [] });
    expect(matched("Ice-Cream")).toEqual({ word: "ice cream", type: "exact", didYouMean: [] });
  });

  it("treats a variant spelling as exact", () => {
    expect(matched("Color")).toEqual({ word: "colour", type: "exact", didYouMean: [] });
  });

  it("prefers the catalogue word over a form of another word", () => {
    expect(matched("left")).toMatchObject({ word: "left", type: "exact" });
  });

  it("maps an inflected form to its word", () => {
    expect(matched("running")).toEqual({ word: "run", type: "forms", didYouMean: [] });
    expect(matched("ran")).toMatchObject({ word: "run", type: "forms" });
    expect(matched("ice creams")).toMatchObject({ word: "ice cream", type: "forms" });
  });

  it("maps a regular form the catalogue does not list to its word (hanged, wedded)", () => {
    expect(matched("hanged")).toEqual({ word: "hang", type: "forms", didYouMean: [] });
    expect(matched("wedded")).toMatchObject({ word: "wed", type: "forms" });
    expect(matched("dogs")).toMatchObject({ word: "dog", type: "forms" });
  });

  it("reads -ed and -ing only on verbs, and no form in strict mode", () => {
    expect(matched("teching")).not.toMatchObject({ word: "tech", type: "forms" });
    expect(matched("hanged", "strict")).toEqual({ notFound: ["hang"] });
  });

  it("finds the intended word for a misspelling, re-ranked by edit distance", () => {
    expect(matched("recieve")).toMatchObject({ word: "receive", type: "fuzzy" });
    expect(matched("neccessary")).toMatchObject({ word: "necessary", type: "fuzzy" });
    expect(matched("dgo")).toMatchObject({ word: "dog", type: "fuzzy" });
  });

  it("takes a word that sounds like the misspelling one edit farther than another (nolege)", () => {
    expect(matched("nolege")).toMatchObject({ word: "knowledge", type: "fuzzy" });
  });

  it("takes the word spoken more often among equally close ones, naming the other (wich)", () => {
    expect(matched("wich")).toEqual({ word: "which", type: "fuzzy", didYouMean: ["witch"] });
  });

  it("takes a key pressed with its neighbour for a slip, over a more common word one letter away (mlood)", () => {
    const small = testCatalog([
      { word: "mood", frequency: 35.8 },
      { word: "blood", frequency: 205 },
    ]);
    // l neighbours the o it was pressed with; m is no neighbour of b.
    const r = resolveFuzzy(small, "mlood");
    expect(r).toMatchObject({ found: true, entry: { word: "mood" } });
  });

  it("takes a vowel written by ear in an unstressed syllable over one in the first (salid)", () => {
    const small = testCatalog([
      { word: "salad", frequency: 17 },
      { word: "solid", frequency: 30 },
    ]);
    const r = resolveFuzzy(small, "salid");
    expect(r).toMatchObject({ entry: { word: "salad" } });
  });

  it("reads -ley as -ly and -ie as -y (terribley, citie)", () => {
    const small = testCatalog([
      { word: "terribly", frequency: 19.2 },
      { word: "terrible", frequency: 95.8 },
      { word: "city", frequency: 10 },
      { word: "cutie", frequency: 10 },
    ]);
    const fuzzy = new FuzzyIndex(small);
    expect(resolveWord(small, fuzzy, "terribley", "fuzzy")).toMatchObject({ entry: { word: "terribly" } });
    // An ending written by ear before a neighbouring key: u and i are neighbours.
    expect(resolveWord(small, fuzzy, "citie", "fuzzy")).toMatchObject({ entry: { word: "city" } });
  });

  it("weighs a form by how often the form itself is spoken, not by its word (gune)", () => {
    const small = testCatalog([
      { word: "go", frequency: 5000, forms: ["goes", "gone", "going"] },
      { word: "gene", frequency: 20 },
    ]);
    // `gone` and `gene` are a vowel away alike: the likelier spelling is the answer.
    const rare = new FuzzyIndex(small, new Map([["gone", 5]]));
    expect(resolveWord(small, rare, "gune", "fuzzy")).toMatchObject({ entry: { word: "gene" } });
    const common = new FuzzyIndex(small, new Map([["gone", 500]]));
    expect(resolveWord(small, common, "gune", "fuzzy")).toMatchObject({ entry: { word: "go" } });
  });

  it("prefers the word that keeps the query's first letter to a commoner one a key away alike (vold)", () => {
    const small = testCatalog([
      { word: "bold", frequency: 40 },
      { word: "vole", frequency: 2 },
    ]);
    // v neighbours b, d neighbours e: a typist misses the first letter less often.
    const r = resolveFuzzy(small, "vold");
    expect(r).toMatchObject({ entry: { word: "vole" } });
  });

  it("counts a word of no known spoken frequency rarer than any known one (stor → story over store)", () => {
    const small = testCatalog([
      { word: "store", frequency: 0 },
      { word: "story", frequency: 0.3 },
    ]);
    // A silent e left out (three eighths) against a y (half): the likelier slip, but an unheard-of word.
    const r = resolveFuzzy(small, "stor");
    expect(r).toMatchObject({ entry: { word: "story" } });
  });

  it("stops at the stages the match mode allows", () => {
    // Not found in strict mode: the word it is a form of is the first guess.
    expect((matched("running", "strict") as { notFound: string[] }).notFound[0]).toBe("run");
    expect(matched("recieve", "forms")).toMatchObject({ notFound: expect.arrayContaining(["receive"]) });
    expect(matched("recieve", "strict")).toMatchObject({ notFound: expect.arrayContaining(["receive"]) });
  });

  it("names a longer word a guess, not a misspelling, however likely each of its extra letters (kitchenette)", () => {
    const small = testCatalog([{ word: "kitchen", clips: 3, forms: ["kitchens"] }]);
    const r = resolveFuzzy(small, "kitchenette");
    expect(r).toMatchObject({ found: false, guesses: [{ word: "kitchen" }] });
  });

  it("answers not found, with no guesses, for a word nothing is close to", () => {
    expect(matched("xylophonist")).toEqual({ notFound: [] });
    expect(matched("!!!")).toEqual({ notFound: [] });
  });
});
