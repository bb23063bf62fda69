import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  type CatalogueLine,
  freshDir,
  MINI_CATALOGUE,
  writeCatalogue,
} from "../../test/support/build-inputs.js";
import { type CompiledCatalogue, compileCatalogue } from "../catalogue/compile.js";
import { readCatalogueDir } from "../catalogue/read.js";
import { type Level, levelIndex } from "../domain.js";
import { buildSnapshot } from "./builder.js";
import { assignWordIds, type LanguageWords } from "./catalogue-ids.js";
import { PreviousSnapshot } from "./previous.js";

const SPANISH: CatalogueLine[] = [
  { word: "correr", level: "A1", pos: ["verb"], meanings: { en: "to run" } },
  { word: "helado", level: "A1", pos: ["noun"], meanings: { en: "ice cream" } },
];

function compiled(dir: string): CompiledCatalogue[] {
  return [...readCatalogueDir(dir)].map(([language, { entries }]) => compileCatalogue(entries, language));
}

function idsByNorm(language: LanguageWords): Map<string, number> {
  return new Map(language.rows.map((r) => [r.norm, r.wordId]));
}

/** A snapshot of `lines` (no clips), opened as the previous snapshot of a `--from` build. */
async function previousOf(lines: readonly CatalogueLine[]): Promise<PreviousSnapshot> {
  const out = path.join(freshDir("previous"), "index.sqlite");
  await buildSnapshot({
    catalogueDir: writeCatalogue(freshDir("catalogue"), lines),
    clipSources: [freshDir("no-clips")],
    outPath: out,
    workers: 0,
  });
  return new PreviousSnapshot(out);
}

describe("assignWordIds without a previous snapshot", () => {
  it("numbers words from 1, language by language in alphabetical order, then in catalogue order", () => {
    const dir = writeCatalogue(freshDir("catalogue"));
    writeCatalogue(dir, SPANISH, "es");
    const catalogues = compiled(dir);
    const [en, es] = assignWordIds([...catalogues].reverse(), undefined);
    expect(en?.language).toBe("en");
    expect(es?.language).toBe("es");
    expect(en?.rows.map((r) => r.wordId)).toEqual(MINI_CATALOGUE.map((_, i) => i + 1));
    expect(es?.rows.map((r) => [r.norm, r.wordId])).toEqual([
      ["correr", MINI_CATALOGUE.length + 1],
      ["helado", MINI_CATALOGUE.length + 2],
    ]);
    expect(assignWordIds(catalogues, undefined)).toEqual(assignWordIds([...catalogues].reverse(), undefined));
  });

  it("hands the matcher every spelling of each word by word index, with the words' levels", () => {
    const [en] = assignWordIds(compiled(writeCatalogue(freshDir("catalogue"))), undefined);
    if (!en) throw new Error("no English words");
    const run = en.rows.findIndex((r) => r.norm === "run");
    const ranTo = en.serialized.spellings.filter((s) => s.norm === "ran").map((s) => s.word);
    expect(ranTo).toContain(run);
    expect(en.rows[run]?.spellings).toContainEqual(["ran", 2]);
    expect(en.rows[run]?.spellings).toContainEqual(["run", 0]);
    const colour = en.rows.find((r) => r.norm === "colour");
    expect(colour?.spellings).toContainEqual(["color", 1]);
    expect([...en.serialized.levels]).toEqual(MINI_CATALOGUE.map((w) => levelIndex(w.level as Level)));
    expect([...en.wordIds]).toEqual(en.rows.map((r) => r.wordId));
    expect(en.kept).toBe(0);
  });
});

describe("assignWordIds with a previous snapshot", () => {
  it("keeps the previous id of every word still listed, and numbers new words after the highest one", async () => {
    const previous = await previousOf(MINI_CATALOGUE.slice(0, 10));
    try {
      const reordered = [...MINI_CATALOGUE].reverse();
      const [en] = assignWordIds(compiled(writeCatalogue(freshDir("catalogue"), reordered)), previous);
      if (!en) throw new Error("no English words");
      const ids = idsByNorm(en);
      for (const [key, word] of previous.words)
        expect(ids.get(key.split("\0")[1] as string)).toBe(word.wordId);
      const fresh = MINI_CATALOGUE.slice(10).map((w) => ids.get(w.word) as number);
      expect(fresh.every((id) => id > previous.maxWordId)).toBe(true);
      expect([...fresh].sort((a, b) => a - b)).toEqual(fresh.map((_, i) => previous.maxWordId + 1 + i));
    } finally {
      previous.close();
    }
  });

  it("keeps a word the catalogue dropped, with its stored definition and spellings, for the matcher too", async () => {
    const previous = await previousOf(MINI_CATALOGUE);
    try {
      const without = MINI_CATALOGUE.filter((w) => w.word !== "child");
      const [en] = assignWordIds(compiled(writeCatalogue(freshDir("catalogue"), without)), previous);
      if (!en) throw new Error("no English words");
      expect(en.kept).toBe(1);
      const index = en.rows.findIndex((r) => r.norm === "child");
      const before = previous.words.get("en\0child");
      expect(en.rows[index]).toEqual({
        wordId: before?.wordId,
        language: "en",
        word: "child",
        norm: "child",
        level: 0,
        pos: ["noun"],
        variants: [],
        meanings: { en: "meaning of child" },
        levelSource: 0,
        frequency: 0,
        spellings: before?.spellings,
      });
      expect(en.rows[index]?.spellings).toContainEqual(["children", 2]);
      expect(en.serialized.spellings).toContainEqual({ norm: "children", word: index });
      expect(en.serialized.levels[index]).toBe(0);
      expect(en.wordIds[index]).toBe(before?.wordId);
    } finally {
      previous.close();
    }
  });
});
