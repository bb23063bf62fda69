/**
 * The sentences generated clips speak: the usage examples of Princeton WordNet 3.0 (the quoted parts of
 * `definition_and_examples` in the shipped glosses table), kept as written. Only whole spoken-sounding
 * sentences are kept, and none about violence, sex, drugs or atrocities: the demo is shown to learners.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { type KeywordTopic, keywordIndex } from "../indexer/screening/topic-keywords.js";
import { tokenise } from "../text/tokenise.js";
import { lookUp, type Vocabulary } from "./vocabulary.js";

export interface Sentence {
  /** As captioned: the example as written, first letter capitalised, a full stop added if it has none. */
  words: readonly string[];
  /** Highest level (0 = A1 … 5 = C2) among its listed words: a learner at this level knows them all. */
  level: number;
  /** Topics it leans toward, by the topic lexicon and the word list's topic columns. */
  topics: readonly KeywordTopic[];
  /** Its words that are topic keywords, normalised: what an uploader would tag. */
  keywords: readonly string[];
}

export interface SentencePool {
  sentences: readonly Sentence[];
  /** Sentences by level, 0 … 5. */
  byLevel: readonly (readonly Sentence[])[];
  /** Sentences leaning to a topic, by level. */
  byTopic: ReadonlyMap<KeywordTopic, readonly (readonly Sentence[])[]>;
}

const MIN_WORDS = 4;
const MAX_WORDS = 24;
/** Characters a caption line can carry as-is in VTT, json3 and srv3 (no markup, no quotes, no brackets). */
const PLAIN = /^[A-Za-z0-9 ',.?!;:%$-]+$/;
const HAS_WORD = /[A-Za-z0-9]/;
/** A finite verb or a subject pronoun up front: a whole clause rather than a noun phrase like "a big dog". */
const FINITE =
  /\b(is|was|are|were|am|be|been|has|have|had|will|would|can|could|must|should|shall|may|might|do|does|did|isn't|wasn't|aren't|weren't|don't|doesn't|didn't|won't|can't|couldn't|wouldn't|he's|she's|it's|that's|there's|i'm|you're|we're|they're|i've|we've|let's|i'll|you'll)\b/i;
const SUBJECT_FIRST = /^(i|you|he|she|we|they|it|this|there)\b/i;

/** Words that take a sentence out of a learners' demo (checked on the lower-cased words). */
const UNSUITABLE = new Set(
  `kill kills killed killing killer murder murders murdered murderer rape raped rapist sex sexual sexy porn
  pornographic prostitute prostitutes prostitution strangle strangled strangling suicide corpse corpses bomb
  bombs bombed bombing terror terrorist terrorists nazi nazis hitler slave slaves slavery whore bastard bitch
  drug drugs cocaine heroin gun guns gunman shoot shooting shot stab stabbed torture tortured tortures execute
  executed execution executions massacre lynch lynched negro negroes fuck shit naked nude breast breasts drunk
  drunken genocide reich blood bloody dead die died dies dying death war wars enemy weapon weapons
  prison victim victims crime crimes criminal abortion racist racism`.split(/\s+/),
);

function unsuitable(words: readonly string[]): boolean {
  return words.some((w) => UNSUITABLE.has(w.toLowerCase().replace(/[^a-z]/g, "")));
}

const KEYWORDS = keywordIndex();

/** The quoted usage examples of one `definition_and_examples` cell. */
export function examplesOf(cell: string): string[] {
  return [...cell.matchAll(/"([^"]*)"/g)].map((m) => (m[1] ?? "").trim());
}

/** The example as a captioned sentence, or undefined when it is not one a clip should speak. */
export function asSentenceWords(example: string, fromVerbSense: boolean): string[] | undefined {
  // Elided examples ("...its precedence as") are not whole sentences; they are left out, not repaired.
  if (!PLAIN.test(example) || example.includes("..")) return undefined;
  const words = example.split(/\s+/).filter((w) => w !== "");
  if (words.length < MIN_WORDS || words.length > MAX_WORDS || !words.every((w) => HAS_WORD.test(w)))
    return undefined;
  if (unsuitable(words) || !/^[A-Za-z0-9]/.test(example) || /[,;:-]$/.test(example)) return undefined;
  if (!fromVerbSense && !FINITE.test(example) && !SUBJECT_FIRST.test(example)) return undefined;
  const first = words[0] as string;
  words[0] = first.charAt(0).toUpperCase() + first.slice(1);
  const last = words[words.length - 1] as string;
  if (!/[.?!]$/.test(last)) words[words.length - 1] = `${last}.`;
  return words;
}

function describe(words: string[], vocabulary: Vocabulary): Sentence {
  const tokens = tokenise(words.join(" "), "en");
  let level = 0;
  const lexicon = new Map<KeywordTopic, number>();
  const listed = new Map<KeywordTopic, number>();
  const keywords: string[] = [];
  for (const token of new Set(tokens)) {
    const entry = lookUp(vocabulary, token);
    if (entry) {
      level = Math.max(level, entry.level);
      for (const t of entry.topics) listed.set(t, (listed.get(t) ?? 0) + 1);
    }
    const topics = KEYWORDS.get(token);
    if (topics) {
      keywords.push(token);
      for (const t of topics) lexicon.set(t, (lexicon.get(t) ?? 0) + 1);
    }
  }
  // A lexicon keyword alone makes the lean; the word list's broader topic columns need two words.
  const topics = [...new Set([...lexicon.keys(), ...listed.keys()])].filter(
    (t) => 2 * (lexicon.get(t) ?? 0) + (listed.get(t) ?? 0) >= 2,
  );
  return { words, level, topics, keywords };
}

function emptyLevels(): Sentence[][] {
  return [[], [], [], [], [], []];
}

/** Every usable example of the glosses table, in file order, without repeats. */
export function loadSentencePool(dataDir: string, vocabulary: Vocabulary): SentencePool {
  const file = path.join(dataDir, "sources", "glosses-omw-wordnet", "cefr_wn30_definitions.tsv");
  const lines = readFileSync(file, "utf8").split("\n");
  const header = (lines[0] ?? "").split("\t");
  const posCol = header.indexOf("pos");
  const cellCol = header.indexOf("definition_and_examples");
  if (posCol < 0 || cellCol < 0)
    throw new Error(`${file}: expected columns "pos" and "definition_and_examples"`);
  const seen = new Set<string>();
  const sentences: Sentence[] = [];
  const byLevel = emptyLevels();
  const byTopic = new Map<KeywordTopic, Sentence[][]>();
  for (const line of lines.slice(1)) {
    const fields = line.split("\t");
    const fromVerbSense = (fields[posCol] ?? "").includes("verb");
    for (const example of examplesOf(fields[cellCol] ?? "")) {
      const words = asSentenceWords(example, fromVerbSense);
      if (words === undefined) continue;
      const key = words.join(" ").toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      const sentence = describe(words, vocabulary);
      sentences.push(sentence);
      byLevel[sentence.level]?.push(sentence);
      for (const topic of sentence.topics) {
        const levels = byTopic.get(topic) ?? emptyLevels();
        byTopic.set(topic, levels);
        levels[sentence.level]?.push(sentence);
      }
    }
  }
  return { sentences, byLevel, byTopic };
}
