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

/** The list kept under `key`, made empty on first use. */
function listIn<T>(lists: Map<string, T[]>, key: string): T[] {
  let list = lists.get(key);
  if (list === undefined) {
    list = [];
    lists.set(key, list);
  }
  return list;
}

/** Each language's catalogue, from the snapshot's words and spellings tables. */
export function readCatalogs(db: Database.Database): Map<string, WordCatalog> {
  // Rows as arrays, one at a time: the driver makes an array of a row at about half the cost of an object,
  // the objects made from them take the fast path of one literal shape, and a row array dies young instead
  // of being copied by the collector while the rest are read.
  const words = new Map<string, WordRowDb[]>();
  const rows = db
    .prepare(
      "SELECT language, word_id, word, norm, level, pos, variants, meanings, clip_count, clips_by_level, level_source, frequency FROM words ORDER BY word_id",
    )
    .raw()
    .iterate() as IterableIterator<WordRowTuple>;
  for (const r of rows) {
    listIn(words, r[0]).push({
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
    } satisfies WordRowDb);
  }
  const spellings = new Map<string, Array<{ norm: string; word_id: number; kind: number }>>();
  const spellingRows = db
    .prepare("SELECT language, norm, word_id, kind FROM spellings")
    .raw()
    .iterate() as IterableIterator<[string, string, number, number]>;
  for (const [language, norm, word_id, kind] of spellingRows) {
    listIn(spellings, language).push({ norm, word_id, kind });
  }
  const catalogs = new Map<string, WordCatalog>();
  for (const language of [...words.keys()].sort()) {
    catalogs.set(
      language,
      new WordCatalog(language, words.get(language) ?? [], spellings.get(language) ?? []),
    );
  }
  return catalogs;
}
