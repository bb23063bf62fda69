/**
 * Common English words that neither the CEFR lists nor the spoken frequency list give: SCOWL's words of
 * the smaller size classes, taken back to their lemma, commonest class first; within a class, the words
 * WordNet's tagged texts met most first, then those whose translations are most spoken in the gloss
 * languages. The same rules as for the spoken words decide which are catalogue words (`wordEntries`): no
 * names, interjections, swearing, and a meaning from our dictionaries. They fill the catalogue up to
 * `CATALOGUE_WORDS` words.
 */
import type { SpellingVariety } from "./british.js";
import type { Dictionary } from "./dictionary.js";
import type { CatalogueEntry } from "./entry.js";
import { expandForms } from "./forms.js";
import { translationCommonness } from "./learner-sense.js";
import { candidateLemma, tagTotal, wordEntries } from "./spoken-words.js";

/**
 * How many words the catalogue is filled up to: 25,000, the size asked of it, and 500 more, so that a
 * word a later rule leaves out does not take it below.
 */
export const CATALOGUE_WORDS = 25_500;

/** Endings of regular noun and verb forms, what the word they are made from ends in instead. */
const REGULAR_ENDINGS: readonly [ending: string, bases: readonly string[]][] = [
  ["ies", ["y"]],
  ["es", ["", "e"]],
  ["s", [""]],
  ["ied", ["y"]],
  ["ed", ["", "e"]],
  ["ing", ["", "e"]],
];

/**
 * The word a SCOWL word WordNet lacks is a regular form of (`kneeing`: WordNet has `knee` only as a
 * noun, so its morphy does not take `kneeing` back to it): a word WordNet has whose forms as a noun or a
 * verb include it; undefined otherwise.
 */
export function regularBase(word: string, dictionary: Dictionary): string | undefined {
  for (const [ending, bases] of REGULAR_ENDINGS) {
    if (!word.endsWith(ending)) continue;
    const stem = word.slice(0, -ending.length);
    const stems = /([b-df-hj-np-tv-z])\1$/.test(stem) ? [stem, stem.slice(0, -1)] : [stem];
    for (const base of stems.flatMap((s) => bases.map((b) => s + b))) {
      if (dictionary.senses(base).length === 0) continue;
      if (expandForms({ word: base, pos: ["noun", "verb"], forms: [] }, "en").includes(word)) return base;
    }
  }
  return undefined;
}

/**
 * Lemmas of SCOWL's words that lead to no catalogue word yet and that SCOWL
 * lists itself, commonest first, each with the smallest size class of the words that lead to it.
 */
export function commonLemmas(
  scowl: ReadonlyMap<string, number>,
  known: ReadonlySet<string>,
  dictionary: Dictionary,
): [lemma: string, size: number][] {
  const byLemma = new Map<string, number>();
  for (const [word, size] of scowl) {
    const lemma = candidateLemma(word, known, dictionary);
    // A lemma SCOWL does not list is a guess of the lemmatiser; a word WordNet lacks may be a form it
    // did not take back (`kneeing`).
    if (lemma === undefined || !scowl.has(lemma)) continue;
    if (dictionary.senses(lemma).length === 0 && regularBase(lemma, dictionary) !== undefined) continue;
    byLemma.set(lemma, Math.min(size, byLemma.get(lemma) ?? size));
  }
  const ranked = [...byLemma].map(([lemma, size]) => {
    const senses = dictionary.senses(lemma);
    const translated = Math.max(0, ...senses.map((s) => translationCommonness(s, dictionary)));
    return { lemma, size, tags: tagTotal(senses), senses: senses.length, translated };
  });
  ranked.sort(
    (a, b) =>
      a.size - b.size ||
      b.tags - a.tags ||
      b.senses - a.senses ||
      b.translated - a.translated ||
      (a.lemma < b.lemma ? -1 : a.lemma > b.lemma ? 1 : 0),
  );
  return ranked.map(({ lemma, size }) => [lemma, size]);
}

/**
 * Entries for the common lemmas, in their order, at most `limit` of them; `known` grows with each. A
 * word one of whose spellings (the word, a variant, a form) is already a catalogue spelling or a token of the spoken list: the spoken list had
 * its say on those (`rattling`, a form of `rattle`), and a form shared with another word would count
 * that word's tokens (`data` for `datum`, `india` for `indium`, `rent` for `rend`).
 */
export function commonWordEntries(
  scowl: ReadonlyMap<string, number>,
  spoken: { counts: ReadonlyMap<string, number> },
  known: Set<string>,
  dictionary: Dictionary,
  variety: SpellingVariety,
  limit = Number.POSITIVE_INFINITY,
): Omit<CatalogueEntry, "line">[] {
  const lemmas = commonLemmas(scowl, known, dictionary).map(([lemma]) => lemma);
  const admit = (spellings: readonly string[]) =>
    spellings.every((s) => !known.has(s) && !spoken.counts.has(s));
  return wordEntries(lemmas, known, dictionary, variety, { limit, admit });
}
