import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { LEVELS } from "../domain.js";
import { type CefrImport, importCefr } from "./cefr-import.js";
import { formatCatalogue } from "./write.js";

const read = (relative: string) => readFileSync(new URL(`../../${relative}`, import.meta.url), "utf8");

const WORDLIST = "data/sources/cefr-wordlist/cefr_wordlist_merged.tsv";
const GLOSSES = "data/sources/glosses-omw-wordnet/cefr_glosses_top3.tsv";

describe("importCefr on the shipped sources", () => {
  let result: CefrImport;
  beforeAll(() => {
    result = importCefr(read(WORDLIST), read(GLOSSES));
  });

  it("reproduces the committed catalogue byte for byte", () => {
    expect(formatCatalogue(result.entries) === read("data/catalogue/en.jsonl")).toBe(true);
  });

  it("reads every row of the list and writes one word per headword, every level present", () => {
    // 7,799 CEFR-J rows (A1–B2) and 2,136 Octanove rows (C1/C2).
    expect(result.rows).toBe(9935);
    expect(result.entries).toHaveLength(8640);
    expect(result.wordsByLevel).toEqual({ A1: 1060, A2: 1241, B1: 2136, B2: 2416, C1: 913, C2: 874 });
    for (const level of LEVELS) expect(result.entries.some((e) => e.level === level)).toBe(true);
  });

  const find = (word: string) => result.entries.filter((e) => e.word === word);

  it("merges a headword listed at several levels into one word at its lowest, parts of speech lowest first", () => {
    // wind: noun A1, verb B2. maneuver/manoeuvre: verb C1, noun C1, noun C2, verb C2.
    expect(find("wind")).toMatchObject([{ level: "A1", pos: ["noun", "verb"] }]);
    expect(find("maneuver")).toMatchObject([{ level: "C1", pos: ["verb", "noun"], variants: ["manoeuvre"] }]);
  });

  it("fills a meaning the lowest-level row lacks from the next row of the same headword", () => {
    // last: determiner A2 (no WordNet definition) … verb B1 gives the Spanish.
    const [last] = find("last");
    expect(last?.level).toBe("A2");
    expect(last?.meanings.es).toBe("durar; sobrevivir; perdurar");
  });

  it("does not borrow meanings from a headword spelled otherwise (IT for it)", () => {
    const [it_] = find("it");
    expect(it_?.pos).toEqual(["pronoun", "noun"]);
    expect(it_?.meanings.en).toBeUndefined();
    expect(find("IT")).toEqual([]);
  });

  it("splits variants on /, the first spelling being the word, the rest deduplicated by key", () => {
    expect(find("a.m.")).toMatchObject([{ variants: ["am"] }]);
    expect(find("color")).toMatchObject([{ variants: ["colour"] }]);
    expect(find("email")).toMatchObject([{ variants: ["e-mail"] }]);
    expect(find("emphasize")).toMatchObject([{ variants: [] }]);
  });

  it("joins contracted be-verb rows to the words they stand for", () => {
    expect(find("'m")).toEqual([]);
    expect(find("am")).toMatchObject([{ level: "A1", pos: ["be-verb"] }]);
  });

  it("repairs the upstream glitches: spaces, a missing part of speech, WordNet's underscores", () => {
    expect(find("turn to")).toHaveLength(1);
    expect(find("batter")).toMatchObject([{ pos: ["verb", "noun"] }]);
    expect(find("last")[0]?.meanings.en).toBe("most recently");
    const meanings = result.entries.flatMap((e) => Object.values(e.meanings));
    expect(meanings.filter((m) => m !== m.trim() || m.endsWith(";") || m === "")).toEqual([]);
  });

  it("leaves a missing meaning out rather than empty", () => {
    expect(find("a")[0]?.meanings).toEqual({ ja: "一; とか; に", zh: "一" });
  });

  it("keeps at most three translations per language", () => {
    const overlong = result.entries.filter((e) =>
      Object.entries(e.meanings).some(([gloss, m]) => gloss !== "en" && m.split("; ").length > 3),
    );
    expect(overlong).toEqual([]);
  });
});

describe("importCefr on malformed tables", () => {
  const wordlistHeader = "headword\tvariants\tpos\tcefr\tsource\tsource_line\tnotes";
  const glossHeader = "headword\tpos\tcefr\tcefr_source\tcefr_source_line\ten\tes\tja\tpt\tru\ttr\tzh";
  const wordRow = "dog\tdog\tnoun\tA1\tcefrj-1.5\t2\t";
  const glossRow = "dog\tnoun\tA1\tcefrj-1.5\t2\ta domestic animal\tperro\t犬\tcão\tсобака\tköpek\t狗";

  it("imports a well-formed pair of tables", () => {
    const { entries } = importCefr(`${wordlistHeader}\n${wordRow}\n`, `${glossHeader}\n${glossRow}\n`);
    expect(entries).toEqual([
      {
        word: "dog",
        level: "A1",
        pos: ["noun"],
        variants: [],
        meanings: {
          en: "a domestic animal",
          es: "perro",
          ja: "犬",
          pt: "cão",
          ru: "собака",
          tr: "köpek",
          zh: "狗",
        },
        forms: [],
      },
    ]);
  });

  it("names a missing column", () => {
    expect(() => importCefr("headword\tpos\n", `${glossHeader}\n`)).toThrow(
      "the word list lacks the column(s) variants, cefr, source, source_line",
    );
  });

  it("refuses tables whose rows do not line up", () => {
    const otherRow = glossRow.replace("\t2\t", "\t3\t");
    expect(() => importCefr(`${wordlistHeader}\n${wordRow}`, `${glossHeader}\n${otherRow}`)).toThrow(
      "gloss table row 2 is for cefrj-1.5:3, expected cefrj-1.5:2",
    );
    expect(() => importCefr(`${wordlistHeader}\n${wordRow}`, glossHeader)).toThrow(
      "the word list has 1 rows but the gloss table 0",
    );
  });

  it("refuses an unknown level and a row with a missing cell", () => {
    expect(() =>
      importCefr(`${wordlistHeader}\n${wordRow.replace("A1", "D1")}`, `${glossHeader}\n${glossRow}`),
    ).toThrow('word list row cefrj-1.5:2 has unknown level "D1"');
    expect(() => importCefr(`${wordlistHeader}\ndog\tdog`, `${glossHeader}\n${glossRow}`)).toThrow(
      "word list line 2 has 2 columns, expected 7",
    );
  });
});
