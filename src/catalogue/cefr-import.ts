/**
 * Builds the shipped English catalogue from its sources: the merged CEFR word list (CEFR-J A1–B2,
 * Octanove C1/C2), the frequent words of spoken English that the list lacks (OpenSubtitles), then the
 * common words of SCOWL's smaller size classes up to `CATALOGUE_WORDS`, meanings from WordNet 3.0 and
 * Webster 1913, translations of the same WordNet sense, and British and American spellings. Pure apart
 * from the spelling dictionaries it is handed: text in, entries out.
 */
import lemmatizer from "wink-lemmatizer";
import { GLOSSES, type Gloss, isLevel, LEVELS, type Level } from "../domain.js";
import { searchKey } from "../text/tokenise.js";
import type { SpellingVariety } from "./british.js";
import { cleanTranslations, senseMeanings } from "./cefr-meanings.js";
import { CATALOGUE_WORDS, commonWordEntries } from "./common-words.js";
import { compileCatalogue } from "./compile.js";
import { Dictionary, type Sense } from "./dictionary.js";
import type { CatalogueEntry } from "./entry.js";
import { addSpellingVariants } from "./entry-spellings.js";
import { type FrequencyList, readFrequencyList } from "./frequency.js";
import { learnerSense, senseScore, wordNetPos } from "./learner-sense.js";
import {
  commonness,
  crossValidate,
  estimateLevel,
  fitLevelRule,
  type LabelledWord,
  type LevelRuleAccuracy,
} from "./level-rule.js";
import { mergeEntries } from "./merge.js";
import { relatedSpellings } from "./related-spellings.js";
import { readScowl } from "./scowl.js";
import { spokenWordEntries } from "./spoken-words.js";
import { readTsv } from "./tsv.js";
import { websterMeaning, websterPhrase } from "./webster-meaning.js";
import { cleanGloss, wiktionarySense } from "./wiktionary-meaning.js";

export interface CatalogueSources {
  wordlist: string;
  /** Translations per word-list row: used for words with no WordNet sense (function words). */
  glosses: string;
  senses: string;
  webster: string;
  translations: string;
  /** English glosses of Wiktionary's translation tables: for words neither WordNet nor Webster defines. */
  wiktionary: string;
  frequency: string;
  /** Spoken frequency lists of the gloss languages, by language: how common a sense's translations are. */
  glossFrequency?: Partial<Record<Gloss, string>>;
  /** SCOWL's word lists, each with its size class: how common words the frequency list lacks are. */
  scowl?: readonly { size: number; text: string }[];
}

export interface CefrImport {
  entries: Omit<CatalogueEntry, "line">[];
  /** Rows of the word list read (every one is used). */
  rows: number;
  /** Words written per level. */
  wordsByLevel: Record<Level, number>;
  /** Words from the CEFR list, and words added with estimated levels: from the frequency list, then SCOWL. */
  cefrWords: number;
  estimatedWords: number;
  /** Of the words added, those SCOWL gave. */
  commonWords: number;
  /** CEFR words left out because no dictionary of ours defines them. */
  undefinedWords: string[];
  /** The level rule's cut points and its cross-validated accuracy on the CEFR words. */
  levelRule: { cuts: number[]; accuracy: LevelRuleAccuracy };
}

const WORDLIST_COLUMNS = ["headword", "variants", "pos", "cefr", "source", "source_line"] as const;
const GLOSS_COLUMNS = ["headword", "pos", "cefr", "cefr_source", "cefr_source_line", ...GLOSSES] as const;

/**
 * Upstream rows whose part of speech is missing, by `source:source_line`. Octanove's `batter` (C1, sense
 * note "one who bats") has an empty pos: the note names a person, so it is a noun.
 */
const POS_FIXES: ReadonlyMap<string, string> = new Map([["octanove-c1c2-1.0:606", "noun"]]);

/**
 * Forms the CEFR list carries as headwords of their own, folded into the word they are forms of: a
 * spoken `are` is the verb `be`, and listing it under `are` and `be` at once would count one token
 * twice. The contracted rows (`'m`, be-verb) go the same way: the tokeniser spells `I'm` out as `i am`.
 */
const FOLDED: ReadonlyMap<string, string> = new Map([
  ["'m", "be"],
  ["'re", "be"],
  ["'s", "be"],
  ["am", "be"],
  ["are", "be"],
  ["is", "be"],
  ["was", "be"],
  ["were", "be"],
  ["been", "be"],
  ["does", "do"],
  ["did", "do"],
  ["doing", "do"],
  ["done", "do"],
  ["has", "have"],
  ["had", "have"],
]);
const FOLDED_POS = new Set(["be-verb", "do-verb", "have-verb"]);

export function importCefr(sources: CatalogueSources, variety: SpellingVariety): CefrImport {
  const dictionary = new Dictionary(
    sources.senses,
    sources.webster,
    sources.translations,
    sources.wiktionary,
  );
  for (const [lang, list] of Object.entries(sources.glossFrequency ?? {})) {
    dictionary.setSpokenFrequency(lang, list);
  }
  const rows = readRows(sources.wordlist, sources.glosses, dictionary);
  const groups = new Map<string, CatalogueEntry[]>();
  for (const row of rows) {
    const key = searchKey(row.word, "en");
    if (key === "") throw new Error(`word list row ${JSON.stringify(row.word)} has no letters to match`);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [row]);
    else group.push(row);
  }
  // A word no dictionary of ours defines is left out, and counted: every catalogue word has a meaning.
  const merged = [...groups].map(([key, group]) => mergeEntries(group, key, "en"));
  const cefr = merged.filter((entry) => entry.meanings.en !== undefined);
  const undefinedWords = merged.filter((entry) => entry.meanings.en === undefined).map((entry) => entry.word);
  for (const entry of cefr) addSpellingVariants(entry, variety);

  const frequency = readFrequencyList(sources.frequency);
  const known = new Set(compileCatalogue(cefr, "en").spellings.map((s) => s.norm));
  const added = spokenWordEntries(frequency, known, dictionary, variety);
  const scowl = readScowl(sources.scowl ?? []);
  const fromScowl = commonWordEntries(
    scowl,
    frequency,
    known,
    dictionary,
    variety,
    CATALOGUE_WORDS - cefr.length - added.length,
  );
  added.push(...fromScowl);
  const entries = [...cefr, ...added];

  // Frequency of each word: every spelling of it the frequency list has (headword, variants, forms); its
  // SCOWL size class: the smallest of its spellings'.
  const compiled = compileCatalogue(entries, "en");
  const counts = new Array<number>(entries.length).fill(0);
  const sizes = new Array<number | undefined>(entries.length).fill(undefined);
  for (const spelling of compiled.spellings) {
    counts[spelling.word] = (counts[spelling.word] ?? 0) + (frequency.counts.get(spelling.norm) ?? 0);
    const size = scowl.get(spelling.norm);
    if (size !== undefined) sizes[spelling.word] = Math.min(size, sizes[spelling.word] ?? size);
  }
  const perMillion = counts.map((count) => (count / frequency.total) * 1e6);
  const common = perMillion.map((pm, i) => commonness(pm, sizes[i]));
  entries.forEach((entry, i) => {
    entry.frequency = Number((perMillion[i] as number).toPrecision(3));
  });

  const labelled: LabelledWord[] = cefr.map((entry, i) => ({
    commonness: common[i] as number,
    level: LEVELS.indexOf(entry.level),
  }));
  const rule = fitLevelRule(labelled);
  added.forEach((entry, i) => {
    entry.level = LEVELS[estimateLevel(rule, common[cefr.length + i] as number)] as Level;
    entry.levelSource = "estimated";
  });

  const wordsByLevel = Object.fromEntries(LEVELS.map((level) => [level, 0])) as Record<Level, number>;
  for (const entry of entries) wordsByLevel[entry.level]++;
  return {
    entries,
    rows: rows.length,
    wordsByLevel,
    cefrWords: cefr.length,
    undefinedWords,
    estimatedWords: added.length,
    commonWords: fromScowl.length,
    levelRule: { cuts: rule.cuts, accuracy: crossValidate(labelled) },
  };
}

/**
 * A row's meanings, from the first source that defines the row's spellings:
 * 1. the learner's WordNet sense of the row's part of speech, under the spelling or one WordNet writes
 *    it with (`hairdryer` as `hair_dryer`), with the translations of that sense;
 * 2. for a function word, its Webster 1913 entry of that part of speech, or the phrase Webster defines
 *    (`because of`), with the row's reverse-dictionary translations;
 * 3. the gloss of Wiktionary's translation table for the word (`no one`, `antivirus`), with the
 *    Japanese translations of that sense;
 * 4. the learner's WordNet sense in any part of speech; Webster's sense marked archaic (`whilst`).
 */
function rowMeanings(
  spellings: readonly string[],
  pos: string,
  glossRow: Record<string, string>,
  dictionary: Dictionary,
): Partial<Record<Gloss, string>> {
  const wnPos = wordNetPos(pos);
  const ofPos =
    (wnPos === undefined ? undefined : senseOfRelated(dictionary, spellings, wnPos)) ??
    spellings.map((s) => phraseSense(dictionary, s)).find((s) => s !== undefined);
  if (ofPos !== undefined) return senseMeanings(ofPos, dictionary);
  const table = tableTranslations(spellings, glossRow, dictionary);
  const first = (define: (spelling: string) => string) => spellings.map(define).find((m) => m !== "");
  // Another spelling's entry only of the row's part of speech: `am`, the verb, is no meaning of `a.m.`.
  const webster =
    first((s) => websterMeaning(dictionary, s, pos, true, s !== spellings[0])) ??
    first((s) => websterPhrase(dictionary, s));
  if (webster !== undefined) return { ...table, en: webster };
  for (const spelling of spellings) {
    const sense = wiktionarySense(dictionary, spelling, pos);
    if (sense === undefined) continue;
    const ja = cleanTranslations(sense.ja.replace(/,/g, ";"));
    return { ...table, en: cleanGloss(sense.gloss), ...(ja === "" ? {} : { ja }) };
  }
  const anyPos = senseOfRelated(dictionary, spellings, undefined);
  if (anyPos !== undefined) return senseMeanings(anyPos, dictionary);
  const archaic = first((s) => websterMeaning(dictionary, s, pos, false));
  return archaic === undefined ? {} : { ...table, en: archaic };
}

/**
 * The row's reverse-dictionary translations (es ja pt ru tr zh) of the gloss table, less those the Open
 * Multilingual Wordnet gives a WordNet sense of the same spelling: those belong to another word
 * (`五月`, the month, for the modal `may`).
 */
function tableTranslations(
  spellings: readonly string[],
  glossRow: Record<string, string>,
  dictionary: Dictionary,
): Partial<Record<Gloss, string>> {
  const meanings: Partial<Record<Gloss, string>> = {};
  const senses = spellings.flatMap((s) => dictionary.senses(s));
  for (const gloss of GLOSSES) {
    if (gloss === "en") continue;
    const other = new Set(
      senses.flatMap((s) =>
        dictionary
          .translations(s.synset, gloss)
          .split(";")
          .map((t) => t.trim()),
      ),
    );
    const kept = (glossRow[gloss] ?? "")
      .split(";")
      .filter((t) => !other.has(t.trim()))
      .join(";");
    const meaning = cleanTranslations(kept);
    if (meaning !== "") meanings[gloss] = meaning;
  }
  return meanings;
}

const PARTICLES = new Set([
  "to",
  "in",
  "up",
  "on",
  "out",
  "off",
  "over",
  "with",
  "for",
  "about",
  "into",
  "at",
]);

/**
 * The sense of a word-and-particle phrase WordNet has no entry for (`pertain to`, `glory in`, `apt to`):
 * the best-scored sense of the word whose gloss shows it followed by the particle (`"She glories in her
 * accomplishments"`, "(usually followed by `to') naturally disposed toward").
 */
function phraseSense(dictionary: Dictionary, phrase: string): Sense | undefined {
  const [word = "", particle = "", ...rest] = phrase.toLowerCase().split(" ");
  if (rest.length > 0 || !PARTICLES.has(particle) || word.length < 3) return undefined;
  const stem = word.slice(0, Math.max(3, word.length - 1));
  const shown = new RegExp(`\\b${stem}[a-z]*\\s+${particle}\\b|followed by .${particle}'`);
  let best: Sense | undefined;
  for (const sense of dictionary.senses(word)) {
    if (!shown.test(sense.gloss)) continue;
    if (best === undefined || senseScore(sense, dictionary, word) > senseScore(best, dictionary, word)) {
      best = sense;
    }
  }
  return best;
}

/**
 * The learner's sense of the first spelling WordNet has, written as it is or as WordNet writes it: its
 * lemma (`facilities` → `facility`), the compound joined, closed or split (`hairdryer` → `hair dryer`).
 */
function senseOfRelated(
  dictionary: Dictionary,
  spellings: readonly string[],
  pos: ReturnType<typeof wordNetPos>,
): Sense | undefined {
  for (const spelling of spellings) {
    const found = learnerSense(dictionary, spelling, pos);
    if (found !== undefined) return found;
  }
  for (const spelling of spellings) {
    const word = spelling.toLowerCase();
    const related = [
      lemmatizer.noun(word),
      lemmatizer.verb(word),
      lemmatizer.adjective(word),
      ...relatedSpellings(word),
    ];
    for (const candidate of related) {
      if (candidate === word) continue;
      const found = learnerSense(dictionary, candidate, pos);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * Every word-list row as an entry, with its meanings; the two tables must list the same rows in the same
 * order. `line` is the row's line in the word list.
 */
function readRows(wordlistTsv: string, glossesTsv: string, dictionary: Dictionary): CatalogueEntry[] {
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
    const fold = (s: string) => (FOLDED_POS.has(pos) ? (FOLDED.get(s) ?? s) : s);
    const spellings = [...new Set(listed.filter((s) => s !== "").map(fold))];
    if (spellings.length === 0) throw new Error(`word list row ${where} has no headword`);
    const meanings = rowMeanings(spellings, pos, g, dictionary);
    const [word = "", ...variants] = spellings;
    return { word, level, pos: [pos], variants, meanings, forms: [], line: i + 2 };
  });
}

export type { FrequencyList };
