/**
 * The real misspellings of the near-spelling benchmark: `data/sources/real-misspellings/pairs.tsv`
 * (LibreOffice's English AutoCorrect tables and Lintian's spelling corrections, less every misspelling that
 * codespell's dictionary or Wikipedia's list also has), kept where the correction leads to catalogue words
 * and the misspelling is no catalogue spelling. Each pair falls in one of two halves by a hash of the
 * misspelling: the ranking may be tuned on `tune`, and `report` is the figure to quote.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { wordsSpelled } from "../../src/index/spelled-words.js";
import type { WordCatalog } from "../../src/index/word-catalog.js";
import { searchKey } from "../../src/text/tokenise.js";
import { projectRoot } from "../paths.js";

export type RealHalf = "tune" | "report";

export interface RealMisspelling {
  typo: string;
  correction: string;
  /** The catalogue words the correction spells (its headword or variant, else the words it is a form of). */
  intended: readonly string[];
  /** Where it is listed: `lintian`, `libreoffice-en-US`, … (comma-separated when several). */
  source: string;
  half: RealHalf;
}

export function realMisspellingsFile(): string {
  return path.join(projectRoot(), "data", "sources", "real-misspellings", "pairs.tsv");
}

/** FNV-1a of the text: a half that does not depend on the order or the size of the list. */
export function halfOf(typo: string): RealHalf {
  let hash = 0x811c9dc5;
  for (let i = 0; i < typo.length; i++) {
    hash ^= typo.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 2 === 0 ? "tune" : "report";
}

/** The pairs of a `misspelling<TAB>correction<TAB>source` table (a header line first). */
export function parsePairs(text: string): Array<{ typo: string; correction: string; source: string }> {
  return text
    .split("\n")
    .slice(1)
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const [typo = "", correction = "", source = ""] = line.split("\t");
      return { typo, correction, source };
    });
}

/** The pairs that test the catalogue's near spellings: the correction a catalogue spelling, the typo none. */
export function realMisspellings(
  catalog: WordCatalog,
  text = readFileSync(realMisspellingsFile(), "utf8"),
): RealMisspelling[] {
  const out: RealMisspelling[] = [];
  for (const { typo, correction, source } of parsePairs(text)) {
    const key = searchKey(typo, catalog.language);
    if (key === "" || catalog.spellingsOf(key).length > 0) continue;
    const intended = [
      ...new Set(
        wordsSpelled(catalog, searchKey(correction, catalog.language)).map(
          (ref) => catalog.words[ref.index]?.norm as string,
        ),
      ),
    ];
    if (intended.length === 0) continue;
    out.push({ typo, correction, intended, source, half: halfOf(typo) });
  }
  return out;
}
