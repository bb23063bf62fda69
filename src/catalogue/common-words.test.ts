import { describe, expect, it } from "vitest";
import { SpellingVariety } from "./british.js";
import { commonLemmas, commonWordEntries, regularBase } from "./common-words.js";
import { Dictionary } from "./dictionary.js";

const SENSES_HEADER = "lemma\tpos\tsynset\trank\ttag_count\twritten\tusage\tdomain\tinstance\tgloss";
/** A WordNet sense table row: lemma, part of speech, tag count, gloss. */
const sense = (lemma: string, pos: string, tags: number, gloss: string, n = 1) =>
  `${lemma}\t${pos}\t0000000${n}-${pos}\t${n}\t${tags}\t${lemma}\t\t0\t0\t${gloss}`;
const dictionary = new Dictionary(
  [
    SENSES_HEADER,
    sense("integer", "n", 1, "any of the natural numbers or zero"),
    sense("byte", "n", 3, "a sequence of 8 bits"),
    sense("trudge", "v", 0, "walk heavily and firmly"),
    sense("trudge", "n", 0, "a long difficult walk", 2),
    sense("typeface", "n", 0, "a specific size and style of type"),
    sense("datum", "n", 5, "an item of factual information"),
    sense("data", "n", 76, "a collection of facts"),
    sense("indium", "n", 0, "a rare soft silvery metallic element"),
    sense("knee", "n", 10, "hinge joint in the human leg"),
  ].join("\n"),
  "word\tpos\tdefinition\tcurrent\n",
  "synset\tlang\ttranslations\n",
  "word\tpos\tgloss\tdictionaries\tja\nkneeing\tn\tblow\tjpn\t\n",
);
const variety = new SpellingVariety({ correct: () => true }, { correct: () => true });

describe("regularBase", () => {
  it("finds the word WordNet has that a regular form is made from, as a noun or a verb", () => {
    expect(regularBase("kneeing", dictionary)).toBe("knee");
    expect(regularBase("knees", dictionary)).toBe("knee");
    expect(regularBase("trudged", dictionary)).toBe("trudge");
  });

  it("finds none for a word that is no form of a WordNet word", () => {
    expect(regularBase("typeface", dictionary)).toBeUndefined();
    expect(regularBase("nothing", dictionary)).toBeUndefined();
  });
});

describe("commonLemmas", () => {
  it("orders by size class, then by how often WordNet's texts met the word, then by its senses", () => {
    const scowl = new Map([
      ["typeface", 35],
      ["integer", 10],
      ["byte", 10],
      ["trudge", 50],
      ["trudges", 35],
    ]);
    expect(commonLemmas(scowl, new Set(), dictionary)).toEqual([
      ["byte", 10],
      ["integer", 10],
      ["trudge", 35],
      ["typeface", 35],
    ]);
  });

  it("leaves out words that lead to a catalogue word, lemmas SCOWL does not list, and forms WordNet's morphy misses", () => {
    const scowl = new Map([
      ["bytes", 10],
      ["trudges", 35],
      ["kneeing", 35],
      ["integer", 10],
    ]);
    expect(commonLemmas(scowl, new Set(["integer"]), dictionary)).toEqual([]);
  });
});

describe("commonWordEntries", () => {
  const spoken = { counts: new Map([["india", 500]]) };

  it("adds words with their meaning, in order, up to the limit, and grows the known spellings", () => {
    const known = new Set<string>();
    const scowl = new Map([
      ["integer", 10],
      ["byte", 10],
      ["typeface", 35],
    ]);
    const entries = commonWordEntries(scowl, spoken, known, dictionary, variety, 2);
    expect(entries.map((e) => [e.word, e.meanings.en])).toEqual([
      ["byte", "a sequence of 8 bits"],
      ["integer", "any of the natural numbers or zero"],
    ]);
    expect(known.has("bytes")).toBe(true);
    expect(known.has("typeface")).toBe(false);
  });

  it("leaves out a word whose form is another catalogue word's spelling or a token of the spoken list", () => {
    const scowl = new Map([
      ["datum", 35],
      ["indium", 35],
    ]);
    // `data` is a catalogue word; `india`, the plural compromise makes of `indium`, a spoken name.
    expect(commonWordEntries(scowl, spoken, new Set(["data"]), dictionary, variety)).toEqual([]);
    expect(commonWordEntries(scowl, spoken, new Set(), dictionary, variety).map((e) => e.word)).toEqual([
      "datum",
    ]);
  });
});
