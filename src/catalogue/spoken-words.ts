/**
 * The frequent words of spoken English that the CEFR lists lack, as catalogue entries: the frequency
 * list's tokens taken back to their lemma (WordNet's morphy, through wink-lemmatizer), counted per lemma,
 * most spoken first. Left out: tokens that already lead to a catalogue word, names (WordNet's instances,
 * unless the word also has a common sense that was tagged, and given names and places compromise knows
 * that WordNet has only as rarely met proper nouns), words WordNet marks offensive, interjections
 * (Webster 1913 or Wiktionary calls the word one), the stop list below, and every word without a meaning.
 * A word WordNet lacks is taken when the Hunspell dictionaries accept it in lower case and do not list it
 * as a name (a word, not `tony` or a spelling of speech like `gettin`) and Wiktionary's translation tables
 * define it (`selfie`, `app`, `hashtag`). Levels are set by the caller.
 */
import nlp from "compromise";
import lemmatizer from "wink-lemmatizer";
import type { SpellingVariety } from "./british.js";
import { senseMeanings } from "./cefr-meanings.js";
import type { Dictionary, Sense, WordNetPos } from "./dictionary.js";
import type { CatalogueEntry } from "./entry.js";
import { addSpellingVariants } from "./entry-spellings.js";
import { expandForms } from "./forms.js";
import { learnerSense } from "./learner-sense.js";
import { cleanGloss, wiktionarySense } from "./wiktionary-meaning.js";

/**
 * Ours: sounds and spoken contractions that WordNet carries as nouns or not at all, courtesy titles, swear
 * words WordNet does not mark (or marks only in some senses) but that subtitles use as swearing, and the
 * halves of negative contractions.
 */
export const SPOKEN_STOP_LIST: ReadonlySet<string> = new Set([
  ...["aah", "ah", "aw", "bye", "eh", "er", "ha", "hey", "hi", "hmm", "huh", "mm", "oh", "ooh", "oops"],
  ...["psst", "shh", "ugh", "uh", "um", "whoa", "whoops", "wow", "ya", "yeah", "yep", "yo", "yup", "nope"],
  ...["gonna", "gotta", "wanna", "dunno", "lemme", "gimme", "cos", "ok", "okay", "mr", "mrs", "ms", "dr"],
  ...["arse", "ass", "asshole", "bastard", "bitch", "bollocks", "bullshit", "cock", "crap", "damn", "dick"],
  ...["fag", "faggot", "fuck", "fucker", "goddamn", "goddam", "motherfucker", "piss", "prick", "pussy"],
  ...["retard", "shit", "slut", "twat", "wanker", "whore", "nigga", "nigger"],
  ...["yay", "mam", "maam"],
  // Halves of negative contractions: the list splits `isn't` into `isn` and `t`, so `don` and `haven`
  // are counted as often as `don't` and `haven't` are said, not as the words they spell.
  ...["ain", "aren", "couldn", "didn", "doesn", "don", "hadn", "hasn", "haven", "isn", "mightn", "mustn"],
  ...["needn", "shan", "shouldn", "wasn", "weren", "wouldn"],
]);

/** Gloss languages written in the Latin script, whose subtitles keep a name as it is spelt in English. */
const NAMES_TRAVEL_TO = ["es", "pt", "tr"] as const;

/** A given name, a family name or a place by compromise's lexicon (`michael`, `karen`, `york`). */
function isPersonOrPlace(lemma: string): boolean {
  const doc = nlp(lemma);
  return doc.has("#Person") || doc.has("#Place");
}

const OFFENSIVE = new Set(["obscenity", "ethnic_slur", "disparagement", "profanity", "vulgarism"]);
const POS_NAMES: Record<WordNetPos, string> = { n: "noun", v: "verb", a: "adjective", r: "adverb" };

export function tagTotal(senses: readonly Sense[]): number {
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
  // A word that is also a common word met in WordNet's tagged texts (`pope`, `crane`) at least as often as
  // it has names (`john` has seven) is not a name.
  const instances = senses.filter((s) => s.instance).length;
  const commonTags = senses
    .filter((s) => !s.instance && s.written === s.written.toLowerCase())
    .reduce((sum, s) => sum + s.tagCount, 0);
  if (commonTags < Math.max(2, instances) && instances * 2 >= senses.length) return "a name";
  // A given name or a place the list counts as the name it is, which WordNet knows only as a proper noun
  // its texts hardly met: `michael` is not the archangel, `karen` not the Tibeto-Burman language, `ron`
  // not the Chadic one. A proper noun the texts met (`Scot`) or a common word (`mark`, `grace`) stays. A
  // rare common sense (`harry`, "annoy continually") does not save a name that the subtitles of other
  // languages carry as it is spelt (names travel, words are translated); `porridge` stays.
  const proper = senses.filter((s) => s.written !== s.written.toLowerCase());
  const properTags = proper.reduce((sum, s) => sum + s.tagCount, 0);
  if (commonTags < 2 && properTags < 3 && isPersonOrPlace(lemma)) {
    const abroad = NAMES_TRAVEL_TO.filter((lang) => dictionary.spokenPerMillion(lang, lemma) > 0).length;
    if (proper.length === senses.length || abroad >= 2) return "a name";
  }
  const offensive = senses.filter((s) => s.usage.some((u) => OFFENSIVE.has(u)));
  if (offensive.length * 2 >= senses.length || offensive.some((s) => s.usage.includes("ethnic_slur"))) {
    return "offensive";
  }
  // Webster's first entry says how the word is mostly used; a word WordNet's texts met as a noun or a
  // verb at least twice (`hum`, `havoc`) is that word as well.
  if (/interj/.test(dictionary.webster(lemma)[0]?.pos ?? "") && tagTotal(senses) < 2)
    return "an interjection";
  return undefined;
}

const WIKTIONARY_POS: Readonly<Record<string, string>> = {
  n: "noun",
  v: "verb",
  adj: "adjective",
  adv: "adverb",
  preposition: "preposition",
  pronoun: "pronoun",
  conjunction: "conjunction",
  determiner: "determiner",
};
/** Swear words and their compounds (`motherfucking`), whatever a dictionary says of them. */
const PROFANE = /milf|fuck|shit|cunt|bitch|slut|whore|nigg|fag|dick|cock|piss|wank|twat|bastard|asshole/;
/** A Wiktionary gloss that says the word is rude or sexual. */
const RUDE =
  /\b(?:vulgar|offensive|derogatory|slur|pejorative|obscene|taboo|masturbat\w*|penis|vagina|testicles?|sexual intercourse)\b/i;

/**
 * An entry for a frequent word WordNet lacks: a word of English by the Hunspell dictionaries and not a
 * name there, not an interjection, not rude, defined by Wiktionary's translation tables (the sense most
 * dictionaries list, with its Japanese translations); undefined otherwise. Webster 1913 is not asked: its
 * senses of words spoken today are seldom the ones spoken (`nowt`, "neat cattle").
 */
export function entryWithoutWordNet(
  word: string,
  dictionary: Dictionary,
  variety: SpellingVariety,
): Omit<CatalogueEntry, "line"> | undefined {
  if (!/^[a-z]{3,}$/.test(word) || SPOKEN_STOP_LIST.has(word) || PROFANE.test(word)) return undefined;
  if (!variety.isWord(word) || variety.isName(word)) return undefined;
  const senses = dictionary.wiktionary(word);
  if (/interj/.test(dictionary.webster(word)[0]?.pos ?? "")) return undefined;
  if (senses.some((s) => /interj|intj/.test(s.pos) || RUDE.test(s.gloss))) return undefined;
  const sense = wiktionarySense(dictionary, word, undefined);
  const pos = sense === undefined ? undefined : WIKTIONARY_POS[sense.pos];
  if (sense === undefined || pos === undefined) return undefined;
  const en = cleanGloss(sense.gloss);
  if (en.toLowerCase() === word) return undefined;
  const ja = sense.ja
    .split(",")
    .map((t) => t.trim())
    .filter((t) => t !== "")
    .slice(0, 3)
    .join("; ");
  return {
    word,
    level: "C2",
    pos: [pos],
    variants: [],
    meanings: { en, ...(ja === "" ? {} : { ja }) },
    forms: [],
  };
}

/**
 * The lemma a list's token stands for (`shoes` → `shoe`; a token WordNet does not know stands for
 * itself), or undefined when the token or its lemma already leads to a catalogue word. `known` holds
 * every spelling key of the catalogue so far.
 */
export function candidateLemma(
  token: string,
  known: ReadonlySet<string>,
  dictionary: Dictionary,
): string | undefined {
  if (!/^[a-z]+$/.test(token) || known.has(token)) return undefined;
  // A token WordNet does not know stands for itself, unless it is a form of a catalogue word.
  const lemma =
    lemmaOf(token, dictionary) ??
    ([lemmatizer.verb(token), lemmatizer.noun(token), lemmatizer.adjective(token)].some((b) => known.has(b))
      ? undefined
      : token);
  return lemma === undefined || known.has(lemma) ? undefined : lemma;
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
    const lemma = candidateLemma(token, known, dictionary);
    if (lemma !== undefined) byLemma.set(lemma, (byLemma.get(lemma) ?? 0) + count);
  }
  const lemmas = [...byLemma].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([l]) => l);
  return wordEntries(lemmas, known, dictionary, variety);
}

/**
 * Entries for lemmas, in the order given, for those that are catalogue words under the rules above
 * (not yet known, not excluded, with a meaning) and that `admit` accepts, given every spelling of the
 * entry (the word, its variants and its forms, in lower case); at most `limit` of them. `known` grows
 * with each entry.
 */
export function wordEntries(
  lemmas: Iterable<string>,
  known: Set<string>,
  dictionary: Dictionary,
  variety: SpellingVariety,
  options: { limit?: number; admit?: (spellings: readonly string[]) => boolean } = {},
): Omit<CatalogueEntry, "line">[] {
  const { limit = Number.POSITIVE_INFINITY, admit = () => true } = options;
  const entries: Omit<CatalogueEntry, "line">[] = [];
  const add = (entry: Omit<CatalogueEntry, "line">) => {
    addSpellingVariants(entry, variety);
    const lower = (spellings: readonly string[]) => spellings.map((s) => s.toLowerCase());
    if (!admit(lower([entry.word, ...entry.variants, ...expandForms(entry, "en")]))) return;
    entry.variants = entry.variants.filter((v) => !known.has(v));
    for (const spelling of lower([entry.word, ...entry.variants, ...expandForms(entry, "en")])) {
      known.add(spelling);
    }
    entries.push(entry);
  };
  for (const lemma of lemmas) {
    if (entries.length >= limit) break;
    if (known.has(lemma)) continue;
    if (dictionary.senses(lemma).length === 0) {
      const entry = entryWithoutWordNet(lemma, dictionary, variety);
      if (entry !== undefined) add(entry);
      continue;
    }
    if (excluded(lemma, dictionary) !== undefined) continue;
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
    add(entry);
  }
  return entries;
}
