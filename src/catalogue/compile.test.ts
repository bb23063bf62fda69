import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LEVELS, type Level, levelIndex } from "../domain.js";
import { searchKey } from "../text/tokenise.js";
import { compileCatalogue, type Spelling } from "./compile.js";
import type { CatalogueEntry } from "./entry.js";

function entry(word: string, level: Level, more: Partial<CatalogueEntry> = {}): CatalogueEntry {
  return { word, level, pos: ["noun"], variants: [], meanings: {}, forms: [], ...more };
}

function spellingsOf(compiled: ReturnType<typeof compileCatalogue>, norm: string): Record<string, number> {
  const found: Record<string, number> = {};
  for (const s of compiled.spellings)
    if (s.norm === norm) found[compiled.words[s.word]?.word ?? "?"] = s.kind;
  return found;
}

describe("compileCatalogue", () => {
  it("merges entries with one key into one word at the lowest level, where the first entry was", () => {
    const compiled = compileCatalogue(
      [
        entry("Cafe", "B1", { pos: ["noun"], meanings: { en: "a small restaurant" }, line: 1 }),
        entry("dog", "A1", { line: 2 }),
        entry("café", "A2", { pos: ["adjective"], meanings: { es: "cafetería" }, line: 3 }),
      ],
      "xx",
    );
    expect(compiled.words.map((w) => [w.word, w.norm, w.level, w.pos])).toEqual([
      ["café", "cafe", "A2", ["adjective", "noun"]],
      ["dog", "dog", "A1", ["noun"]],
    ]);
    expect(compiled.problems).toEqual([
      {
        file: "xx.jsonl",
        line: 3,
        message:
          '"café" (A2) has the same key "cafe" as "Cafe" (line 1): merged into one word at the lower level',
        severity: "note",
      },
    ]);
  });

  it("takes every meaning from one entry, so translations never mix two senses", () => {
    const compiled = compileCatalogue(
      [
        entry("kind", "A1", { meanings: { en: "a category", zh: "类" } }),
        entry("kind", "A1", { meanings: { en: "tender and helpful", ru: "добрый" } }),
      ],
      "en",
    );
    expect(compiled.words[0]?.meanings).toEqual({ en: "a category", zh: "类" });
  });

  it("takes meanings from the entry shown, or the next one spelled the same with an English meaning", () => {
    const compiled = compileCatalogue(
      [
        entry("it", "A1", { meanings: { ja: "それ" } }),
        entry("IT", "A2", { meanings: { en: "information technology", es: "informática" } }),
        entry("it", "B1", { meanings: { en: "the neuter pronoun", zh: "它" } }),
      ],
      "en",
    );
    expect(compiled.words).toHaveLength(1);
    expect(compiled.words[0]?.meanings).toEqual({ en: "the neuter pronoun", zh: "它" });
    const noEnglish = compileCatalogue(
      [entry("it", "A1", { meanings: { ja: "それ" } }), entry("IT", "A2", { meanings: { en: "IT" } })],
      "en",
    );
    expect(noEnglish.words[0]?.meanings).toEqual({ ja: "それ" });
  });

  it("skips an entry with nothing to match, as a problem rather than a note", () => {
    const compiled = compileCatalogue([entry("...", "A1", { line: 4 }), entry("dog", "A1")], "en");
    expect(compiled.words.map((w) => w.word)).toEqual(["dog"]);
    expect(compiled.problems).toEqual([
      { file: "en.jsonl", line: 4, message: 'word "..." has no letters or digits to match: skipped' },
    ]);
  });

  it("keeps a variant as a spelling of kind 1, with its English forms", () => {
    const compiled = compileCatalogue([entry("color", "A1", { variants: ["colour", "Colour"] })], "en");
    expect(compiled.words[0]?.variants).toEqual(["colour"]);
    expect(spellingsOf(compiled, "colour")).toEqual({ color: 1 });
    expect(spellingsOf(compiled, "colours")).toEqual({ color: 2 });
    expect(spellingsOf(compiled, "colors")).toEqual({ color: 2 });
  });

  it("keeps the lowest kind when a variant is also a form of its own word", () => {
    const compiled = compileCatalogue([entry("saving", "B2", { variants: ["savings"] })], "en");
    expect(spellingsOf(compiled, "savings")).toEqual({ saving: 1 });
  });

  it("drops a variant that is another word, another word's form, or another word's variant", () => {
    const compiled = compileCatalogue(
      [
        entry("a.m.", "A1", { pos: ["adverb"], variants: ["A.M.", "am", "AM"], line: 1 }),
        entry("be", "A1", { pos: ["be-verb"], line: 2 }),
        entry("am", "A1", { pos: ["be-verb"], line: 3 }),
        entry("gone", "B2", { pos: ["adjective"], variants: ["went"], line: 4 }),
        entry("go", "A1", { pos: ["verb"], line: 5 }),
        entry("check-in desk", "B1", { variants: ["check-in"], line: 6 }),
        entry("check-in counter", "B1", { variants: ["check-in"], line: 7 }),
      ],
      "en",
    );
    expect(compiled.words.map((w) => w.variants)).toEqual([[], [], [], [], [], [], []]);
    expect(compiled.problems.map((p) => [p.line, p.message])).toEqual([
      [1, 'variant "am" of "a.m." dropped: it is also the word "am"'],
      [4, 'variant "went" of "gone" dropped: it is also a form of "go"'],
      [6, 'variant "check-in" of "check-in desk" dropped: it is also a variant of "check-in counter"'],
      [7, 'variant "check-in" of "check-in counter" dropped: it is also a variant of "check-in desk"'],
    ]);
    expect(spellingsOf(compiled, "am")).toEqual({ be: 2, am: 0 });
    expect(spellingsOf(compiled, "check in")).toEqual({});
  });

  it("gives a form that is another word's headword its form spelling too", () => {
    const compiled = compileCatalogue([entry("leave", "A1", { pos: ["verb"] }), entry("left", "A1")], "en");
    expect(spellingsOf(compiled, "left")).toEqual({ leave: 2, left: 0 });
  });

  it("inflects a phrasal verb by its first word", () => {
    const compiled = compileCatalogue([entry("give up", "B1", { pos: ["verb"] })], "en");
    expect(spellingsOf(compiled, "gave up")).toEqual({ "give up": 2 });
    expect(spellingsOf(compiled, "giving up")).toEqual({ "give up": 2 });
  });

  it("adds the entry's own forms as kind 2, for any language", () => {
    const compiled = compileCatalogue(
      [entry("ir", "A1", { pos: ["verb"], forms: ["fue", "Va", "ir"] })],
      "es",
    );
    expect(compiled.spellings).toEqual([
      { norm: "ir", word: 0, kind: 0 },
      { norm: "fue", word: 0, kind: 2 },
      { norm: "va", word: 0, kind: 2 },
    ]);
  });
});

// Spellings with colliding keys, accents, punctuation and a key that is empty.
const SPELLINGS = [
  "Ice Cream",
  "ice-cream",
  "colour",
  "color",
  "Colour",
  "go",
  "went",
  "a.m.",
  "am",
  "...",
  "Café",
];

const entries = fc.array(
  fc.record({
    word: fc.constantFrom(...SPELLINGS),
    level: fc.constantFrom(...LEVELS),
    variants: fc.array(fc.constantFrom(...SPELLINGS), { maxLength: 3 }),
    forms: fc.array(fc.constantFrom(...SPELLINGS), { maxLength: 3 }),
  }),
  { maxLength: 12 },
);

/** The rules of compileCatalogue, written out as plainly as possible, for a language with no generated forms. */
function naiveCompile(list: readonly CatalogueEntry[]) {
  const key = (s: string) => searchKey(s, "xx");
  const norms = [...new Set(list.map((e) => key(e.word)).filter((k) => k !== ""))];
  const groupOf = (norm: string) => list.filter((e) => key(e.word) === norm);
  const words = norms.map((norm) => {
    const group = groupOf(norm);
    const lowest = Math.min(...group.map((e) => levelIndex(e.level)));
    const atLowest = group.filter((e) => levelIndex(e.level) === lowest);
    // A common word in lower case is shown before a proper noun, whatever their levels (`march`, `March`):
    // the lowest-level lower-case spelling when there is one, else the first listed at the lowest level.
    const byLevel = [...group].sort((a, b) => levelIndex(a.level) - levelIndex(b.level));
    const shown = byLevel.find((e) => e.word === e.word.toLowerCase()) ?? atLowest[0];
    return { norm, word: shown?.word, level: LEVELS[lowest] };
  });
  const forms = norms.map((norm) => groupOf(norm).flatMap((e) => e.forms.map(key)));
  const variants = norms.map((norm) => groupOf(norm).flatMap((e) => e.variants.map(key)));
  const spellings = new Set<string>();
  norms.forEach((norm, w) => {
    const others = norms.filter((_, o) => o !== w);
    const othersForms = forms.filter((_, o) => o !== w).flat();
    const othersVariants = variants.filter((_, o) => o !== w).flat();
    const kept = (variants[w] ?? []).filter(
      (v) =>
        v !== "" &&
        v !== norm &&
        !others.includes(v) &&
        !othersForms.includes(v) &&
        !othersVariants.includes(v),
    );
    spellings.add(`${norm}|${w}|0`);
    for (const v of kept) spellings.add(`${v}|${w}|1`);
    for (const f of forms[w] ?? []) {
      if (f !== "" && f !== norm && !kept.includes(f)) spellings.add(`${f}|${w}|2`);
    }
  });
  return { words, spellings };
}

describe("compileCatalogue against a naive oracle", () => {
  it("gives the same words and spellings, each (norm, word) once, ordered by word then kind", () => {
    fc.assert(
      fc.property(entries, (drawn) => {
        const list = drawn.map((d) => entry(d.word, d.level, { variants: d.variants, forms: d.forms }));
        const compiled = compileCatalogue(list, "xx");
        const expected = naiveCompile(list);
        expect(compiled.words.map((w) => ({ norm: w.norm, word: w.word, level: w.level }))).toEqual(
          expected.words,
        );
        const got = compiled.spellings.map((s: Spelling) => `${s.norm}|${s.word}|${s.kind}`);
        expect(new Set(got)).toEqual(expected.spellings);
        expect(got).toHaveLength(expected.spellings.size);
        const order = compiled.spellings.map((s) => s.word * 3 + s.kind);
        expect(order).toEqual([...order].sort((a, b) => a - b));
      }),
      { numRuns: 300 },
    );
  });

  it("gives the same result for the same entries", () => {
    fc.assert(
      fc.property(entries, (drawn) => {
        const list = drawn.map((d) => entry(d.word, d.level, { variants: d.variants, forms: d.forms }));
        expect(compileCatalogue(list, "xx")).toEqual(compileCatalogue(list, "xx"));
      }),
      { numRuns: 50 },
    );
  });
});
