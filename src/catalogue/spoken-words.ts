/**
 * The frequent words of spoken English that the CEFR lists lack, as catalogue entries: the frequency
 * list's tokens taken back to their lemma (WordNet's morphy, through wink-lemmatizer), counted per lemma,
 * most spoken first. Left out: tokens that already lead to a catalogue word, names (WordNet writes them
 * capitalised), words WordNet marks offensive, interjections (Webster 1913 calls the word one), the stop
 * list below, and every word without a WordNet meaning. Levels are set by the caller.
 */
import lemmatizer from "wink-lemmatizer";
import type { SpellingVariety } from "./british.js";
import { senseMeanings } from "./cefr-import.js";
import type { Dictionary, Sense, WordNetPos } from "./dictionary.js";
import type { CatalogueEntry } from "./entry.js";
import { addSpellingVariants } from "./entry-spellings.js";
import { expandForms } from "./forms.js";
import { learnerSense } from "./learner-sense.js";

/**
 * Ours: sounds and spoken contractions that WordNet carries as nouns or not at all, courtesy titles, and
 * swear words WordNet does not mark (or marks only in some senses) but that subtitles use as swearing.
 */
export const SPOKEN_STOP_LIST: ReadonlySet<string> = new Set([
  ...["aah", "ah", "aw", "bye", "eh", "er", "ha", "hey", "hi", "hmm", "huh", "mm", "oh", "ooh", "oops"],
  ...["psst", "shh", "ugh", "uh", "um", "whoa", "whoops", "wow", "ya", "yeah", "yep", "yo", "yup", "nope"],
  ...["gonna", "gotta", "wanna", "dunno", "lemme", "gimme", "cos", "ok", "okay", "mr", "mrs", "ms", "dr"],
  ...["arse", "ass", "asshole", "bastard", "bitch", "bollocks", "bullshit", "cock", "crap", "damn", "dick"],
  ...["fag", "faggot", "fuck", "fucker", "goddamn", "goddam", "motherfucker", "piss", "prick", "pussy"],
  ...["retard", "shit", "slut", "twat", "wanker", "whore", "nigga", "nigger"],
]);

const OFFENSIVE = new Set(["obscenity", "ethnic_slur", "disparagement", "profanity", "vulgarism"]);
const POS_NAMES: Record<WordNetPos, string> = { n: "noun", v: "verb", a: "adjective", r: "adverb" };

function tagTotal(senses: readonly Sense[]): number {
  return senses.reduce((sum, s) => sum + s.tagCount, 0);
}

/**
 * The lemma a token is a form of (`shoes` → `shoe`), or the token itself when WordNet knows it better as
 * a word of its own (`ceiling`, not a form of `ceil`); undefined when WordNet knows neither.
 */
export function lemmaOf(token: string, dictionary: Dictionary): string | undefined {
  const own = dictionary.senses(token);
  for (const base of [lemmatizer.verb(token), lemmatizer.noun(token), lemmatizer.adjective(token)]) {
    if (base === token) continue;
    const senses = dictionary.senses(base);
    if (senses.length > 0 && tagTotal(senses) >= tagTotal(own)) return base;
  }
  return own.length > 0 ? token : undefined;
}

/** Why a lemma is not a catalogue word, or undefined when it may be one. */
export function excluded(lemma: string, dictionary: Dictionary): string | undefined {
  if (!/^[a-z]{3,}$/.test(lemma)) return "not a word of three letters or more";
  if (SPOKEN_STOP_LIST.has(lemma)) return "stop list";
  const senses = dictionary.senses(lemma);
  if (senses.length === 0) return "no meaning";
  // WordNet's names are instances (a person, a place), not classes; `Christmas` and `Arabic` are classes.
  if (senses.filter((s) => s.instance).length * 2 >= senses.length) return "a name";
  const offensive = senses.filter((s) => s.usage.some((u) => OFFENSIVE.has(u)));
  if (offensive.length * 2 >= senses.length || offensive.some((s) => s.usage.includes("ethnic_slur"))) {
    return "offensive";
  }
  if (/interj/.test(dictionary.webster(lemma)[0]?.pos ?? "")) return "an interjection";
  return undefined;
}

/**
 * Entries for the frequency list's lemmas that lead to no catalogue word yet, most spoken first. `known`
 * holds every spelling key of the catalogue so far, and grows with each entry added.
 */
export function spokenWordEntries(
  frequency: { counts: ReadonlyMap<string, number> },
  known: Set<string>,
  dictionary: Dictionary,
  variety: SpellingVariety,
): Omit<CatalogueEntry, "line">[] {
  const byLemma = new Map<string, number>();
  for (const [token, count] of frequency.counts) {
    if (!/^[a-z]+$/.test(token) || known.has(token)) continue;
    const lemma = lemmaOf(token, dictionary);
    if (lemma === undefined || known.has(lemma)) continue;
    byLemma.set(lemma, (byLemma.get(lemma) ?? 0) + count);
  }
  const lemmas = [...byLemma].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([l]) => l);
  const entries: Omit<CatalogueEntry, "line">[] = [];
  for (const lemma of lemmas) {
    if (known.has(lemma) || excluded(lemma, dictionary) !== undefined) continue;
    const sense = learnerSense(dictionary, lemma, undefined);
    if (sense === undefined || sense.instance || sense.usage.some((u) => OFFENSIVE.has(u))) continue;
    const meanings = senseMeanings(sense, dictionary);
    if (meanings.en === undefined) continue;
    const senses = dictionary.senses(lemma);
    const parts = (["n", "v", "a", "r"] as const)
      .filter((p) => senses.some((s) => s.pos === p))
      .sort(
        (a, b) =>
          Number(b === sense.pos) - Number(a === sense.pos) ||
          tagTotal(senses.filter((s) => s.pos === b)) - tagTotal(senses.filter((s) => s.pos === a)),
      );
    const entry: Omit<CatalogueEntry, "line"> = {
      // A class written with a capital (`Christmas`, `Arabic`) keeps it.
      word:
        sense.written.replace(/_/g, " ").toLowerCase() === lemma ? sense.written.replace(/_/g, " ") : lemma,
      level: "C2",
      pos: parts.map((p) => POS_NAMES[p]),
      variants: [],
      meanings,
      forms: [],
    };
    addSpellingVariants(entry, variety);
    entry.variants = entry.variants.filter((v) => !known.has(v));
    known.add(lemma);
    for (const spelling of [...entry.variants, ...expandForms(entry, "en")])
      known.add(spelling.toLowerCase());
    entries.push(entry);
  }
  return entries;
}
