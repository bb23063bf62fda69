/**
 * Inflected verb forms as people say them: the tokens of the spoken-English frequency list shipped in
 * `data/sources/word-frequency` (OpenSubtitles 2018) that are English words in lower case (Hunspell: not a
 * name) and read as a form of a catalogue verb, by the detachment rules of WordNet's morphy (`-ing`,
 * `-ing` + e, a doubled consonant, …) or by its exception list (`wink-lemmatizer`: `ran` → `run`). Morphy
 * alone gives one reading, not always the right one (`riding` → `rid`), so every reading is kept: a form
 * resolves right when it resolves to one of them (or to another reading's word: `plates` → `plate`). A form that is a catalogue word or variant itself
 * (`left`, `found`) is left out: the word it spells is the right answer for it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import lemmatizer from "wink-lemmatizer";
import type { LanguageIndex } from "../../src/index/snapshot.js";
import { projectRoot } from "../paths.js";

const VERB_POS = new Set(["verb", "phrasal verb", "do-verb", "have-verb"]);

export interface VerbForm {
  form: string;
  /** The catalogue words it may be a form of, a verb among them (`plates`: `plate`, or the verb `plat`). */
  readings: string[];
}

const DETACH: ReadonlyArray<[string, string]> = [
  ["s", ""],
  ["ies", "y"],
  ["es", "e"],
  ["es", ""],
  ["ed", "e"],
  ["ed", ""],
  ["ing", "e"],
  ["ing", ""],
];

/** The bases a form may come from: the detachment rules, an undoubled final consonant, and morphy's. */
export function verbReadings(form: string): string[] {
  const out = new Set<string>();
  for (const [suffix, by] of DETACH) {
    if (!form.endsWith(suffix) || form.length <= suffix.length + 1) continue;
    const base = form.slice(0, -suffix.length) + by;
    out.add(base);
    // `wedded` → `wed`, `running` → `run`.
    if (by === "" && /([b-df-hj-np-tv-z])\1$/.test(base)) out.add(base.slice(0, -1));
  }
  out.add(lemmatizer.verb(form));
  // A plural is read as its noun (`shelves` → `shelf`, beside the verb `shelve`).
  out.add(lemmatizer.noun(form));
  out.delete(form);
  return [...out];
}

export function spokenTokens(): string[] {
  const file = path.join(projectRoot(), "data", "sources", "word-frequency", "en_50k.txt");
  return readFileSync(file, "utf8")
    .split("\n")
    .map((line) => line.split(" ")[0] ?? "")
    .filter((token) => /^[a-z]+$/.test(token));
}

export function attestedVerbForms(
  index: LanguageIndex,
  tokens: readonly string[],
  isEnglish: (text: string) => boolean,
): VerbForm[] {
  const { catalog } = index;
  const verbs = new Set(catalog.words.filter((w) => w.pos.some((p) => VERB_POS.has(p))).map((w) => w.norm));
  const out: VerbForm[] = [];
  for (const form of tokens) {
    if (catalog.spellingsOf(form).some((s) => s.kind < 2)) continue;
    const readings = verbReadings(form).filter((base) => catalog.spellingsOf(base).some((s) => s.kind < 2));
    if (!readings.some((base) => verbs.has(base)) || !isEnglish(form)) continue;
    out.push({ form, readings });
  }
  return out;
}
