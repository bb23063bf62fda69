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

/** A sense's weight for a learner; higher is more likely the sense meant. */
export function senseScore(sense: Sense, dictionary: Dictionary, word: string): number {
  let score = (sense.tagCount + 1) * (1 + dictionary.translatedLanguages(sense.synset) / 3);
  if (sense.domain || /^\(/.test(sense.gloss)) score *= 0.3;
  if (sense.written !== word && sense.written !== sense.written.toLowerCase()) score *= 0.1;
  if (sense.usage.some((u) => OFFENSIVE.has(u))) score *= 0.05;
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
