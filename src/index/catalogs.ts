/**
 * The snapshot's catalogues: read by a server when it opens a snapshot, and by the build, which stores
 * their lookups (catalogue-lookups.ts) from the catalogues as a server will read them.
 */
import type Database from "better-sqlite3";
import { WordCatalog, type WordRowDb } from "./word-catalog.js";

/** A `words` row as the driver gives it with `raw()`, in the order the query names the columns. */
type WordRowTuple = [
  language: string,
  word_id: number,
  word: string,
  norm: string,
  level: number,
  pos: string,
  variants: string,
  meanings: string,
  clip_count: number,
  clips_by_level: string,
  level_source: number,
  frequency: number,
];

/** Each language's catalogue, from the snapshot's words and spellings tables. */
export function readCatalogs(db: Database.Database): Map<string, WordCatalog> {
  // Rows as arrays: the driver makes an array of a row at about half the cost of an object, and the
  // objects made from them here take the fast path of one literal shape.
  const words = (
    db
      .prepare(
        "SELECT language, word_id, word, norm, level, pos, variants, meanings, clip_count, clips_by_level, level_source, frequency FROM words ORDER BY word_id",
      )
      .raw()
      .all() as WordRowTuple[]
  ).map((r) => ({
    language: r[0],
    row: {
      word_id: r[1],
      word: r[2],
      norm: r[3],
      level: r[4],
      pos: r[5],
      variants: r[6],
      meanings: r[7],
      clip_count: r[8],
      clips_by_level: r[9],
      level_source: r[10],
      frequency: r[11],
    } satisfies WordRowDb,
  }));
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
