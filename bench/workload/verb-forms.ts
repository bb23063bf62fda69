/**
 * Inflected verb forms as people say them: the tokens of the spoken-English frequency list shipped in
 * `data/sources/word-frequency` (OpenSubtitles 2018) that WordNet's morphy (`wink-lemmatizer`) reads as a
 * form of a catalogue verb. A form that is a catalogue word or variant itself (`left`, `found`) is left
 * out: the word it spells is the right answer for it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import lemmatizer from "wink-lemmatizer";
import type { LanguageIndex } from "../../src/index/snapshot.js";
import { projectRoot } from "../paths.js";

const VERB_POS = new Set(["verb", "phrasal verb", "do-verb", "have-verb"]);

export interface VerbForm {
  form: string;
  verb: string;
}

export function spokenTokens(): string[] {
  const file = path.join(projectRoot(), "data", "sources", "word-frequency", "en_50k.txt");
  return readFileSync(file, "utf8")
    .split("\n")
    .map((line) => line.split(" ")[0] ?? "")
    .filter((token) => /^[a-z]+$/.test(token));
}

export function attestedVerbForms(index: LanguageIndex, tokens: readonly string[]): VerbForm[] {
  const { catalog } = index;
  const verbs = new Set(catalog.words.filter((w) => w.pos.some((p) => VERB_POS.has(p))).map((w) => w.norm));
  const out: VerbForm[] = [];
  for (const form of tokens) {
    const verb = lemmatizer.verb(form);
    if (verb === form || !verbs.has(verb)) continue;
    if (catalog.spellingsOf(form).some((s) => s.kind < 2)) continue;
    out.push({ form, verb });
  }
  return out;
}
