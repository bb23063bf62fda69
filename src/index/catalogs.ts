/** The snapshot's catalogues: read by the serving thread, and by the worker that builds their lookups. */
import type Database from "better-sqlite3";
import { WordCatalog, type WordRowDb } from "./word-catalog.js";

/** Each language's catalogue, from the snapshot's words and spellings tables. */
export function readCatalogs(db: Database.Database): Map<string, WordCatalog> {
  const words = db
    .prepare(
      "SELECT word_id, language, word, norm, level, pos, variants, meanings, clip_count, clips_by_level, level_source, frequency FROM words ORDER BY word_id",
    )
    .all() as Array<WordRowDb & { language: string }>;
  const spellings = db.prepare("SELECT language, norm, word_id, kind FROM spellings").all() as Array<{
    language: string;
    norm: string;
    word_id: number;
    kind: number;
  }>;
  const catalogs = new Map<string, WordCatalog>();
  for (const language of [...new Set(words.map((w) => w.language))].sort()) {
    catalogs.set(
      language,
      new WordCatalog(
        language,
        words.filter((w) => w.language === language),
        spellings.filter((s) => s.language === language),
      ),
    );
  }
  return catalogs;
}
