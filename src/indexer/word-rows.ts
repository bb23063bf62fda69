/**
 * The catalogue's words as the snapshot stores them: each word's row with its clip counts by level, its
 * spellings, and its clips by level and pace.
 */
import type { Hash } from "node:crypto";
import type Database from "better-sqlite3";
import type { WordCounts } from "./word-counts.js";

/** A catalogue word with its final id, as the writer stores it. */
export interface WordRow {
  wordId: number;
  language: string;
  word: string;
  norm: string;
  level: number;
  pos: string[];
  variants: string[];
  meanings: Record<string, string>;
  /** 0: the level is from the CEFR lists; 1: estimated from spoken frequency. */
  levelSource: number;
  /** Occurrences per million words of spoken English; 0 when unknown. */
  frequency: number;
  /** Every spelling of the word: [norm, kind]. */
  spellings: Array<[string, number]>;
}

/**
 * Writes the words (`words`, `spellings`, `word_pace_counts`), each word and its counts into the build id's
 * `hash`; returns per language its words and the words with clips.
 */
export function writeWordRows(
  db: Database.Database,
  words: readonly WordRow[],
  languages: readonly string[],
  counts: WordCounts,
  hash: Hash,
): Map<string, { words: number; covered: number }> {
  const insertWord = db.prepare(
    `INSERT INTO words (word_id, language, word, norm, level, pos, variants, meanings, clip_count, clips_by_level, level_source, frequency)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertSpelling = db.prepare(
    "INSERT OR IGNORE INTO spellings (language, norm, word_id, kind) VALUES (?, ?, ?, ?)",
  );
  const perLanguage = new Map<string, { words: number; covered: number }>(
    languages.map((l) => [l, { words: 0, covered: 0 }]),
  );
  for (const w of words) {
    const byLevel = counts.byLevel(w.wordId);
    const clipCount = byLevel.reduce((a, b) => a + b, 0);
    insertWord.run(
      w.wordId,
      w.language,
      w.word,
      w.norm,
      w.level,
      JSON.stringify(w.pos),
      JSON.stringify(w.variants),
      JSON.stringify(w.meanings),
      clipCount,
      JSON.stringify([...byLevel]),
      w.levelSource,
      w.frequency,
    );
    for (const [norm, kind] of w.spellings) insertSpelling.run(w.language, norm, w.wordId, kind);
    const stats = perLanguage.get(w.language);
    if (stats) {
      stats.words++;
      if (clipCount > 0) stats.covered++;
    }
    hash.update(JSON.stringify([w, clipCount, [...byLevel]]));
  }
  const insertPace = db.prepare("INSERT INTO word_pace_counts (word_id, counts) VALUES (?, ?)");
  for (const [wordId, byPace] of counts.byPace()) insertPace.run(wordId, JSON.stringify([...byPace]));
  return perLanguage;
}
