/**
 * The sense a learner means by a word of a given part of speech. WordNet numbers a word's senses by how
 * often each was tagged in its concordance, but the counts are small and sparse (`runner`: the smuggler
 * 3, the one who runs 1), and a few senses lead with a domain a learner has not met (`running`: "(American
 * football) a play …"). So each sense is scored by its tag count, by how many languages of the Open
 * Multilingual Wordnet translate it (translators link the senses people use), and it loses weight when it
 * belongs to a specialist domain, is a name (`March` for `march`), or is marked offensive.
 */
import type { Dictionary, Sense, WordNetPos } from "./dictionary.js";

/** The WordNet part of speech of a CEFR part of speech; undefined for function words WordNet lacks. */
export function wordNetPos(pos: string): WordNetPos | undefined {
  switch (pos) {
    case "noun":
    case "number":
      return "n";
    case "verb":
    case "phrasal verb":
    case "do-verb":
    case "have-verb":
    case "be-verb":
      return "v";
    case "adjective":
      return "a";
    case "adverb":
      return "r";
    default:
      return undefined;
  }
}

const OFFENSIVE = new Set(["obscenity", "ethnic_slur", "disparagement", "profanity", "vulgarism"]);
/** Usages a learner meets late: slang, archaic senses, brand names. */
const MARKED = new Set(["slang", "archaism", "trademark", "trade_name"]);

/**
 * The word a derived word is made from (`runner` → `run`, `happiness` → `happy`, `writer` → `write`), as
 * a pattern matching it and its forms at the start of a word; undefined when the word is not derived.
 */
export function basePattern(word: string): RegExp | undefined {
  const match = /^([a-z]{3,}?)(?:er|or|ing|ness|ment|ation|ion)$/.exec(word);
  if (match === null) return undefined;
  const stem = match[1] as string;
  const bases = [stem, `${stem}e`];
  if (/([b-df-hj-np-tv-z])\1$/.test(stem)) bases.push(stem.slice(0, -1));
  if (stem.endsWith("i")) bases.push(`${stem.slice(0, -1)}y`);
  return new RegExp(`\\b(?:${bases.join("|")})`);
}

/** The definition part of a WordNet gloss, without its usage examples. */
function definitionOf(gloss: string): string {
  return gloss.split(/;\s*"|\s"/)[0] ?? "";
}

const TRANSLATED: readonly string[] = ["es", "ja", "pt", "ru", "tr", "zh"];

/**
 * How common the sense's translations are where they are spoken: for each gloss language, log10 of 1 +
 * the spoken frequency (per million) of its most spoken translation, averaged over the six languages (a
 * language without a translation counts 0). `bank` the institution is `banco`, `банк`, `银行`, words
 * spoken far more than `orilla`, `берег`, `河边` of the river bank; `runner` the athlete is `corredor`,
 * the smuggler `contrabandista`.
 */
export function translationCommonness(sense: Sense, dictionary: Dictionary): number {
  let sum = 0;
  for (const lang of TRANSLATED) {
    let best = 0;
    for (const t of dictionary.translations(sense.synset, lang).split(";")) {
      best = Math.max(best, dictionary.spokenPerMillion(lang, t.trim()));
    }
    sum += Math.log10(1 + best);
  }
  return sum / TRANSLATED.length;
}

/** A sense's weight for a learner; higher is more likely the sense meant. */
export function senseScore(sense: Sense, dictionary: Dictionary, word: string): number {
  let score =
    (sense.tagCount + 1) *
    (1 + dictionary.translatedLanguages(sense.synset) / 3) *
    (1 + translationCommonness(sense, dictionary));
  if (sense.domain || /^\(/.test(sense.gloss)) score *= 0.3;
  if (sense.written !== word && sense.written !== sense.written.toLowerCase()) score *= 0.1;
  if (sense.usage.some((u) => OFFENSIVE.has(u))) score *= 0.05;
  if (sense.usage.some((u) => MARKED.has(u))) score *= 0.3;
  // A derived word's sense told through the word it is made from (`runner`: "someone who travels on
  // foot by running") is the one a learner builds from its parts.
  const base = basePattern(word);
  if (base?.test(definitionOf(sense.gloss))) score *= 3;
  return score;
}

/**
 * The learner's sense of `word` among its WordNet senses of part of speech `pos` (any part of speech
 * when `pos` is undefined): the best scored, the first sense number on a tie. Undefined when none.
 */
export function learnerSense(
  dictionary: Dictionary,
  word: string,
  pos: WordNetPos | undefined,
): Sense | undefined {
  let best: Sense | undefined;
  let bestScore = -1;
  for (const sense of dictionary.senses(word)) {
    if (pos !== undefined && sense.pos !== pos) continue;
    const score = senseScore(sense, dictionary, word);
    if (score > bestScore || (score === bestScore && best !== undefined && sense.rank < best.rank)) {
      best = sense;
      bestScore = score;
    }
  }
  return best;
}
