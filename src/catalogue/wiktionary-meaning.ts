/**
 * Meanings from the English glosses of Wiktionary's translation tables, for words neither WordNet nor
 * Webster 1913 defines (`no one`, `each other`, `antivirus`, `paywall`): the gloss of the word's part of
 * speech that most of the dictionaries read list, the first on a tie, with the Japanese translations of
 * that sense.
 */
import type { Dictionary, WiktionarySense } from "./dictionary.js";

/** WikDict's parts of speech for a CEFR part of speech. */
const WIKTIONARY_POS: ReadonlyMap<string, readonly string[]> = new Map([
  ["noun", ["n"]],
  ["number", ["num", "n", "adj"]],
  ["verb", ["v"]],
  ["phrasal verb", ["v"]],
  ["modal auxiliary", ["v", "modal"]],
  ["adjective", ["adj"]],
  ["adverb", ["adv"]],
  ["preposition", ["preposition", "prep"]],
  ["pronoun", ["pronoun", "pron"]],
  ["determiner", ["determiner", "article", "pronoun"]],
  ["conjunction", ["conjunction", "conj"]],
  ["interjection", ["interjection", "intj"]],
]);

/**
 * A gloss as a meaning: a leading field label (`computing: `, `slang: `, `(computers) `) removed, the
 * first letter lower.
 */
export function cleanGloss(gloss: string): string {
  const text = gloss.replace(/^(?:[a-z][a-z ]{2,20}:|\([a-z][a-z ]{2,20}\))\s+/, "").trim();
  return /^[A-Z][a-z]/.test(text) ? text[0]?.toLowerCase() + text.slice(1) : text;
}

/** The Wiktionary sense of a word for a CEFR part of speech (any part of speech when it has none). */
export function wiktionarySense(
  dictionary: Dictionary,
  word: string,
  pos: string | undefined,
): WiktionarySense | undefined {
  const senses = dictionary.wiktionary(word).filter((s) => cleanGloss(s.gloss).length >= 3);
  const wanted = pos === undefined ? undefined : WIKTIONARY_POS.get(pos);
  const ofPos = wanted === undefined ? [] : senses.filter((s) => wanted.includes(s.pos));
  const pool = ofPos.length > 0 ? ofPos : pos === undefined ? senses : [];
  let best: WiktionarySense | undefined;
  for (const sense of pool) if (best === undefined || sense.dictionaries > best.dictionaries) best = sense;
  return best;
}
