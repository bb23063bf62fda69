import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { type CompiledCatalogue, compileCatalogue, type SpellingKind } from "./compile.js";
import { readCatalogueFile } from "./read.js";

const SHIPPED = fileURLToPath(new URL("../../data/catalogue/en.jsonl", import.meta.url));

let catalogue: CompiledCatalogue;
beforeAll(() => {
  const { entries, problems } = readCatalogueFile(SHIPPED, "en");
  expect(problems).toEqual([]);
  catalogue = compileCatalogue(entries, "en");
});

/** The catalogue words a normalised spelling leads to, with the kind of spelling it is for each. */
function lookUp(norm: string): Record<string, SpellingKind> {
  const found: Record<string, SpellingKind> = {};
  for (const spelling of catalogue.spellings) {
    if (spelling.norm === norm) found[catalogue.words[spelling.word]?.word ?? "?"] = spelling.kind;
  }
  return found;
}

describe("the shipped English catalogue, compiled", () => {
  it.each([
    ["ran", "run"],
    ["running", "run"],
    ["went", "go"],
    ["children", "child"],
    ["better", "good"],
    ["best", "good"],
    ["mice", "mouse"],
    ["was", "be"],
    ["cities", "city"],
    ["bigger", "big"],
    // The list's phrasal verbs (it has no `give up`; compile.test.ts checks that one on its own).
    ["mulled over", "mull over"],
    ["doling out", "dole out"],
    ["turns to", "turn to"],
    ["ice creams", "ice cream"],
  ])("leads the spoken form %j to %j", (form, word) => {
    expect(lookUp(form)[word]).toBe(2);
  });

  it("leads a form that is also a word to both words", () => {
    expect(lookUp("left")).toEqual({ left: 0, leave: 2 });
    expect(lookUp("saw")).toEqual({ saw: 0, see: 2 });
  });

  it("keeps am with be, not as a variant of a.m.", () => {
    expect(lookUp("am")).toEqual({ be: 2 });
    expect(lookUp("a m")).toEqual({ "a.m.": 0 });
    const am = catalogue.words.find((w) => w.word === "a.m.");
    expect(am?.variants).toEqual([]);
    expect(catalogue.problems).toContainEqual({
      file: "en.jsonl",
      line: 2,
      message: 'variant "am" of "a.m." dropped: it is also a form of "be"',
      severity: "note",
    });
  });

  it("leads both spellings of color and their forms to one word", () => {
    const color = catalogue.words.find((w) => w.word === "color");
    expect(color?.variants).toEqual(["colour"]);
    expect(lookUp("color")).toEqual({ color: 0 });
    expect(lookUp("colour")).toEqual({ color: 1 });
    expect(lookUp("colours")).toEqual({ color: 2 });
    expect(lookUp("coloured")).toEqual({ color: 2 });
  });

  it("keeps a word listed at several levels once, at its lowest level", () => {
    // bear: noun A1, verb A2; wind: noun A1, verb B2; maneuver: verb and noun at C1 and again at C2.
    const find = (word: string) => catalogue.words.filter((w) => w.word === word);
    expect(find("bear")).toMatchObject([{ level: "A1", pos: ["noun", "verb"] }]);
    expect(find("wind")).toMatchObject([{ level: "A1", pos: ["noun", "verb"] }]);
    expect(find("maneuver")).toMatchObject([{ level: "C1", variants: ["manoeuvre"] }]);
  });

  it("has one word per key and no repeated spelling", () => {
    const norms = catalogue.words.map((w) => w.norm);
    expect(new Set(norms).size).toBe(norms.length);
    const pairs = catalogue.spellings.map((s) => `${s.norm}\u0000${s.word}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(catalogue.spellings.every((s) => s.norm !== "")).toBe(true);
  });

  it("reports only notes, no skipped entry", () => {
    expect(catalogue.problems.length).toBeGreaterThan(0);
    expect(catalogue.problems.every((p) => p.severity === "note")).toBe(true);
  });
});
