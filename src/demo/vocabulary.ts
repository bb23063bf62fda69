/**
 * The CEFR word list as the generator needs it: a level and topic hints per spoken token, to steer a
 * clip's sentences toward a difficulty and a topic. Only steering: the builder screens the real level
 * and topic from the catalogue, so rough inflection handling is enough here.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { isLevel, levelIndex } from "../domain.js";
import type { KeywordTopic } from "../indexer/screening/topic-keywords.js";
import { tokenise } from "../text/tokenise.js";

export interface VocabularyEntry {
  /** Lowest level the word is listed at, 0 = A1 … 5 = C2. */
  level: number;
  topics: KeywordTopic[];
}

export type Vocabulary = Map<string, VocabularyEntry>;

/** The list's topic columns (CEFR-J Core Inventory and Threshold labels) that say one of our topics. */
const CEFR_TOPIC_LABELS: Readonly<Record<string, KeywordTopic>> = {
  "food and drink": "food",
  travel: "travel",
  "travel and services vocab": "travel",
  "ways of travelling": "travel",
  "ways of traveling": "travel",
  holidays: "travel",
  places: "travel",
  "health and body care": "health",
  "work and jobs": "business",
  education: "learning",
  language: "learning",
  "books and literature": "learning",
  "free time, entertainment": "entertainment",
  media: "entertainment",
  film: "entertainment",
  arts: "entertainment",
  art: "entertainment",
  "leisure activities": "entertainment",
  "hobbies and pastimes": "entertainment",
  "house and home, environment": "everyday",
  "daily life": "everyday",
  "objects and rooms": "everyday",
  "family life": "everyday",
  clothes: "everyday",
  shopping: "everyday",
  "things in the town, shops and shopping": "everyday",
  "scientific development": "science",
};

/** Reads `cefr_wordlist_merged.tsv`: every single-token spelling, at the lowest level it is listed at. */
export function loadVocabulary(dataDir: string): Vocabulary {
  const file = path.join(dataDir, "sources", "cefr-wordlist", "cefr_wordlist_merged.tsv");
  const lines = readFileSync(file, "utf8").split("\n");
  const header = (lines[0] ?? "").split("\t");
  const col = (name: string): number => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`${file}: no column "${name}" in the header`);
    return i;
  };
  const [variantsCol, cefrCol] = [col("variants"), col("cefr")];
  const topicCols = [col("cefrj_core_inventory_1"), col("cefrj_core_inventory_2"), col("cefrj_threshold")];
  const vocabulary: Vocabulary = new Map();
  for (const line of lines.slice(1)) {
    if (line.trim() === "") continue;
    const fields = line.split("\t");
    const cefr = fields[cefrCol] ?? "";
    if (!isLevel(cefr)) continue;
    const level = levelIndex(cefr);
    const topics = topicCols
      .map((i) => CEFR_TOPIC_LABELS[(fields[i] ?? "").trim().toLowerCase()])
      .filter((t): t is KeywordTopic => t !== undefined);
    for (const variant of (fields[variantsCol] ?? "").split("|")) {
      const tokens = tokenise(variant, "en");
      if (tokens.length !== 1) continue;
      const norm = tokens[0] as string;
      const entry = vocabulary.get(norm);
      if (entry === undefined) vocabulary.set(norm, { level, topics: [...topics] });
      else {
        entry.level = Math.min(entry.level, level);
        for (const t of topics) if (!entry.topics.includes(t)) entry.topics.push(t);
      }
    }
  }
  return vocabulary;
}

/** Spellings a token may be an inflection of, the token itself first (`tried` → `tried`, `trie`, `try`…). */
export function candidateBases(token: string): string[] {
  const bases = [token];
  const strip = (suffix: string, ...endings: string[]): void => {
    if (!token.endsWith(suffix) || token.length < suffix.length + 2) return;
    const stem = token.slice(0, -suffix.length);
    for (const ending of endings) bases.push(stem + ending);
    // Doubled final consonant: `stopped` → `stop`, `running` → `run`.
    if (/([b-df-hj-np-tv-z])\1$/.test(stem)) bases.push(stem.slice(0, -1));
  };
  strip("ies", "y");
  strip("es", "");
  strip("s", "");
  strip("ied", "y");
  strip("ed", "", "e");
  strip("ing", "", "e");
  strip("ier", "y");
  strip("iest", "y");
  strip("er", "", "e");
  strip("est", "", "e");
  strip("ly", "");
  return bases;
}

/** The entry of a spoken token, directly or through a regular inflection; undefined when not listed. */
export function lookUp(vocabulary: Vocabulary, token: string): VocabularyEntry | undefined {
  for (const base of candidateBases(token)) {
    const entry = vocabulary.get(base);
    if (entry !== undefined) return entry;
  }
  return undefined;
}
