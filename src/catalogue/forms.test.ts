import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { expandForms } from "./forms.js";
import { parseCatalogueText } from "./parse.js";

const en = (word: string, ...pos: string[]) => expandForms({ word, pos, forms: [] }, "en");

describe("expandForms for English", () => {
  it("conjugates irregular verbs", () => {
    expect(en("run", "verb")).toEqual(["runs", "ran", "running"]);
    expect(en("go", "verb")).toEqual(["goes", "went", "gone", "going"]);
    expect(en("give", "verb")).toEqual(["gives", "gave", "given", "giving"]);
  });

  it("conjugates regular verbs, with the spelling rules where compromise gets them wrong", () => {
    expect(en("walk", "verb")).toEqual(["walks", "walked", "walking"]);
    expect(en("stop", "verb")).toEqual(["stops", "stopped", "stopping"]);
    expect(en("panic", "verb")).toEqual(["panics", "panicked", "panicking"]);
    expect(en("quarrel", "verb")).toEqual(["quarrels", "quarreled", "quarreling"]);
    expect(en("scold", "verb")).toEqual(["scolds", "scolded", "scolding"]);
  });

  it("gives a verb whose past is itself no past form", () => {
    expect(en("cut", "verb")).toEqual(["cuts", "cutting"]);
    expect(en("set", "verb")).toEqual(["sets", "setting"]);
  });

  it("gives every form of be, and none to its forms listed as words", () => {
    expect(en("be", "be-verb").sort()).toEqual(["am", "are", "been", "being", "is", "was", "were"]);
    expect(en("was", "be-verb")).toEqual([]);
    expect(en("am", "be-verb")).toEqual([]);
  });

  it("pluralises nouns, irregular ones included", () => {
    expect(en("city", "noun")).toEqual(["cities"]);
    expect(en("child", "noun")).toEqual(["children"]);
    expect(en("mouse", "noun")).toEqual(["mice"]);
    expect(en("knife", "noun")).toEqual(["knives"]);
    expect(en("person", "noun")).toEqual(["people"]);
  });

  it("gives the regular plural to a countable noun compromise takes for uncountable", () => {
    expect(en("dynasty", "noun")).toEqual(["dynasties"]);
    expect(en("bunch", "noun")).toEqual(["bunches"]);
  });

  it("gives no plural to nouns that are plural already or do not change", () => {
    expect(en("news", "noun")).toEqual([]);
    expect(en("jeans", "noun")).toEqual([]);
    expect(en("means", "noun")).toEqual([]);
    expect(en("human rights", "noun")).toEqual([]);
    expect(en("sheep", "noun")).toEqual([]);
  });

  it("pluralises a noun ending in -ss, which is no plural", () => {
    expect(en("boss", "noun")).toEqual(["bosses"]);
    expect(en("glass", "noun")).toEqual(["glasses"]);
  });

  it("keeps an irregular plural at the end of a compound, except where the ending is no compound", () => {
    expect(en("policeman", "noun")).toEqual(["policemen"]);
    expect(en("businesswoman", "noun")).toEqual(["businesswomen"]);
    expect(en("grandchild", "noun")).toEqual(["grandchildren"]);
    expect(en("human", "noun")).toEqual(["humans"]);
  });

  it("compares short adjectives, irregular ones from the exceptions table", () => {
    expect(en("big", "adjective")).toEqual(["bigger", "biggest"]);
    expect(en("red", "adjective")).toEqual(["redder", "reddest"]);
    expect(en("happy", "adjective")).toEqual(["happier", "happiest"]);
    expect(en("good", "adjective")).toEqual(["better", "best"]);
    expect(en("bad", "adjective")).toEqual(["worse", "worst"]);
  });

  it("gives long and ungraded adjectives no comparison", () => {
    expect(en("beautiful", "adjective")).toEqual([]);
    expect(en("financial", "adjective")).toEqual([]);
    expect(en("tired", "adjective")).toEqual([]);
    expect(en("main", "adjective")).toEqual([]);
    expect(en("own", "adjective")).toEqual([]);
  });

  it("inflects the first word of a multi-word verb and the last of a multi-word noun", () => {
    expect(en("give up", "verb")).toEqual(["gives up", "gave up", "given up", "giving up"]);
    expect(en("ice cream", "noun")).toEqual(["ice creams"]);
    expect(en("CD player", "noun")).toEqual(["cd players"]);
  });

  it("inflects the head before a linking word", () => {
    expect(en("point of view", "noun")).toEqual(["points of view"]);
    expect(en("brother-in-law", "noun")).toEqual(["brothers-in-law"]);
  });

  it("inflects the last part of a hyphenated word", () => {
    expect(en("side-step", "verb")).toEqual(["side-steps", "side-stepped", "side-stepping"]);
    expect(en("check-in", "noun")).toEqual(["check-ins"]);
    expect(en("T-shirt", "noun")).toEqual(["t-shirts"]);
  });

  it("gives multi-word adjectives no comparison", () => {
    expect(en("well-known", "adjective")).toEqual([]);
    expect(en("up-to-date", "adjective")).toEqual([]);
  });

  it("does not inflect function words", () => {
    for (const [word, pos] of [
      ["the", "determiner"],
      ["she", "pronoun"],
      ["of", "preposition"],
      ["because", "conjunction"],
      ["seven", "number"],
      ["hey", "interjection"],
      ["must", "modal auxiliary"],
      ["to", "infinitive-to"],
      ["quickly", "adverb"],
    ] as const) {
      expect(en(word, pos), `${word} (${pos})`).toEqual([]);
    }
  });

  it("inflects a function word by its other parts of speech", () => {
    expect(en("can", "modal auxiliary", "noun")).toEqual(["cans"]);
    expect(en("will", "modal auxiliary", "noun")).toEqual(["wills"]);
  });

  it("gives irregular forms of the adverbs that compare", () => {
    expect(en("well", "adverb")).toEqual(["better", "best"]);
    expect(en("soon", "adverb")).toEqual(["sooner", "soonest"]);
  });

  it("suppresses generated forms the exceptions table lists as wrong", () => {
    expect(en("numb", "adjective")).not.toContain("number");
    expect(en("heap", "verb")).toEqual(["heaps", "heaping", "heaped"]);
  });

  it("gives a part of speech it does not know no forms", () => {
    expect(en("dog", "animal")).toEqual([]);
  });

  it("adds the entry's own forms after the generated ones, each once, never the word itself", () => {
    const forms = expandForms({ word: "go", pos: ["verb"], forms: ["went", "goeth", "Go", "goeth"] }, "en");
    expect(forms).toEqual(["goes", "went", "gone", "going", "goeth"]);
  });
});

describe("expandForms for other languages", () => {
  it("generates nothing and gives the entry's own forms", () => {
    expect(expandForms({ word: "ir", pos: ["verb"], forms: ["fue", "va", "ir"] }, "es")).toEqual([
      "fue",
      "va",
    ]);
    expect(expandForms({ word: "casa", pos: ["noun"], forms: [] }, "pt")).toEqual([]);
  });
});

describe("expandForms on the shipped catalogue", () => {
  it("expands every English word", () => {
    const text = readFileSync(new URL("../../data/catalogue/en.jsonl", import.meta.url), "utf8");
    const { entries } = parseCatalogueText(text, "en.jsonl");
    let forms = 0;
    for (const entry of entries) forms += expandForms(entry, "en").length;
    expect(entries.length).toBeGreaterThan(8000);
    expect(forms).toBeGreaterThan(10_000);
  });
});
