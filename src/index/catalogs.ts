/**
 * The snapshot's catalogues: read by a server when it opens a snapshot, and by the build, which stores
 * their lookups (catalogue-lookups.ts) from the catalogues as a server will read them.
 */
import type Database from "better-sqlite3";
import { WordCatalog, type WordRowDb } from "./word-catalog.js";

type WordRowTuple = [
  number,
  string,
  string,
  string,
  number,
  string,
  string,
  string,
  number,
  string,
  number,
  number,
];

/** Each language's catalogue, from the snapshot's words and spellings tables. */
export function readCatalogs(db: Database.Database): Map<string, WordCatalog> {
  // Rows as arrays: the driver makes an array of a row at about half the cost of an object, and the
  // objects made from them here take the fast path of one literal shape.
  const words = (
    db
      .prepare(
        "SELECT word_id, language, word, norm, level, pos, variants, meanings, clip_count, clips_by_level, level_source, frequency FROM words ORDER BY word_id",
      )
      .raw()
      .all() as WordRowTuple[]
  ).map(
    ([
      word_id,
      language,
      word,
      norm,
      level,
      pos,
      variants,
      meanings,
      clip_count,
      clips_by_level,
      level_source,
      frequency,
    ]) => ({
      language,
      row: {
        word_id,
        word,
        norm,
        level,
        pos,
        variants,
        meanings,
        clip_count,
        clips_by_level,
        level_source,
        frequency,
      } satisfies WordRowDb,
    }),
  );
  const spellings = (
    db.prepare("SELECT language, norm, word_id, kind FROM spellings").raw().all() as Array<
      [string, string, number, number]
    >
  ).map(([language, norm, word_id, kind]) => ({ language, norm, word_id, kind }));
  const catalogs = new Map<string, WordCatalog>();
  for (const language of [...new Set(words.map((w) => w.language))].sort()) {
    catalogs.set(
      language,
      new WordCatalog(
        language,
        words.filter((w) => w.language === language).map((w) => w.row),
        spellings.filter((s) => s.language === language),
      ),
    );
  }
  return catalogs;
}
