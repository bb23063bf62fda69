/**
 * Builds the shipped English catalogue from its sources: the merged CEFR word list (CEFR-J A1–B2,
 * Octanove C1/C2) and the WordNet/OMW gloss table. Pure: text in, entries out, the same every time.
 */
import { GLOSSES, type Gloss, isLevel, LEVELS, type Level } from "../domain.js";
import { searchKey } from "../text/tokenise.js";
import { cleanDefinition, cleanTranslations } from "./cefr-meanings.js";
import type { CatalogueEntry } from "./entry.js";
import { mergeEntries } from "./merge.js";

export interface CefrImport {
  entries: Omit<CatalogueEntry, "line">[];
  /** Rows of the word list read (every one is used). */
  rows: number;
  /** Words written per level. */
  wordsByLevel: Record<Level, number>;
}

const WORDLIST_COLUMNS = ["headword", "variants", "pos", "cefr", "source", "source_line"] as const;
const GLOSS_COLUMNS = ["headword", "pos", "cefr", "cefr_source", "cefr_source_line", ...GLOSSES] as const;

/**
 * Upstream rows whose part of speech is missing, by `source:source_line`. Octanove's `batter` (C1, sense
 * note "one who bats") has an empty pos: the note names a person, so it is a noun.
 */
const POS_FIXES: ReadonlyMap<string, string> = new Map([["octanove-c1c2-1.0:606", "noun"]]);

/**
 * Contracted forms listed as words (`'m`, be-verb, A1). The tokeniser spells contractions out (`I'm` →
 * `i am`), so `'m` is only ever heard as `am`: the row joins the word it stands for. (`'s` is dropped by
 * the tokeniser as possessive-or-verb; its row joins `is`, whose meaning it shares.)
 */
const CONTRACTIONS: ReadonlyMap<string, string> = new Map([
  ["'m", "am"],
  ["'re", "are"],
  ["'s", "is"],
]);

/**
 * One catalogue word per normalised headword, at its lowest level (see `mergeEntries`): a row's first
 * spelling is its word, the others its variants. Words are in the order of the word list (by first row).
 */
export function importCefr(wordlistTsv: string, glossesTsv: string): CefrImport {
  const rows = readRows(wordlistTsv, glossesTsv);
  const groups = new Map<string, CatalogueEntry[]>();
  for (const row of rows) {
    const key = searchKey(row.word, "en");
    if (key === "") throw new Error(`word list row ${JSON.stringify(row.word)} has no letters to match`);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [row]);
    else group.push(row);
  }
  const entries = [...groups].map(([key, group]) => mergeEntries(group, key, "en"));
  const wordsByLevel = Object.fromEntries(LEVELS.map((level) => [level, 0])) as Record<Level, number>;
  for (const entry of entries) wordsByLevel[entry.level]++;
  return { entries, rows: rows.length, wordsByLevel };
}

/**
 * Every word-list row as an entry, with its meanings; the two tables must list the same rows in the same
 * order. `line` is the row's line in the word list.
 */
function readRows(wordlistTsv: string, glossesTsv: string): CatalogueEntry[] {
  const words = readTsv(wordlistTsv, "word list", WORDLIST_COLUMNS);
  const glosses = readTsv(glossesTsv, "gloss table", GLOSS_COLUMNS);
  if (words.length !== glosses.length) {
    throw new Error(`the word list has ${words.length} rows but the gloss table ${glosses.length}`);
  }
  return words.map((w, i) => {
    const g = glosses[i] as Record<string, string>;
    const where = `${w.source}:${w.source_line}`;
    if (g.cefr_source !== w.source || g.cefr_source_line !== w.source_line) {
      throw new Error(
        `gloss table row ${i + 2} is for ${g.cefr_source}:${g.cefr_source_line}, expected ${where}`,
      );
    }
    const level = w.cefr?.trim() ?? "";
    if (!isLevel(level)) throw new Error(`word list row ${where} has unknown level ${JSON.stringify(level)}`);
    const pos = w.pos?.trim() || POS_FIXES.get(where);
    if (!pos) throw new Error(`word list row ${where} has no part of speech`);
    const listed = (w.variants ?? "").split("|").map((s) => s.trim().replace(/\s+/g, " "));
    const spellings = listed.filter((s) => s !== "").map((s) => CONTRACTIONS.get(s) ?? s);
    if (spellings.length === 0) throw new Error(`word list row ${where} has no headword`);
    const meanings: Partial<Record<Gloss, string>> = {};
    for (const gloss of GLOSSES) {
      const raw = g[gloss] ?? "";
      const meaning = gloss === "en" ? cleanDefinition(raw) : cleanTranslations(raw);
      if (meaning !== "") meanings[gloss] = meaning;
    }
    const [word = "", ...variants] = spellings;
    return { word, level, pos: [pos], variants, meanings, forms: [], line: i + 2 };
  });
}

/** Rows of a tab-separated table with a header, as records; the named columns must be there. */
function readTsv(text: string, name: string, columns: readonly string[]): Record<string, string>[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  const header = (lines[0] ?? "").split("\t");
  const missing = columns.filter((column) => !header.includes(column));
  if (missing.length > 0) throw new Error(`the ${name} lacks the column(s) ${missing.join(", ")}`);
  return lines.slice(1).map((line, i) => {
    const cells = line.split("\t");
    if (cells.length !== header.length) {
      throw new Error(`${name} line ${i + 2} has ${cells.length} columns, expected ${header.length}`);
    }
    return Object.fromEntries(header.map((column, c) => [column, cells[c] ?? ""]));
  });
}
