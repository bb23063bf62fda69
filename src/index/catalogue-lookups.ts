/**
 * Each catalogue's near-spelling structures and autocomplete lists, built once by the build and stored in
 * the snapshot (`catalogue_lookups`), so a server reads them at start-up instead of building them (over a
 * second for the full English catalogue). They are built from the catalogue as the server reads it
 * (`readCatalogs`), and the server checks that they are: a lookup the snapshot lacks, or one built from
 * other spellings, is built on its first use instead.
 */
import type Database from "better-sqlite3";
import { packObject, unpackObject } from "../snapshot/packed-object.js";
import { readCatalogs } from "./catalogs.js";
import { buildFuzzyParts, FuzzyIndex, type FuzzyParts } from "./fuzzy.js";
import { buildWordSearchParts, WordSearch, type WordSearchParts } from "./word-search.js";

const NEAR_SPELLINGS = "near-spellings";
const AUTOCOMPLETE = "autocomplete";

/** Builds and stores the lookups of every catalogue of the snapshot being written (words and spellings in). */
export function writeCatalogueLookups(db: Database.Database): void {
  const insert = db.prepare("INSERT INTO catalogue_lookups (language, name, data) VALUES (?, ?, ?)");
  for (const [language, catalog] of readCatalogs(db)) {
    insert.run(language, NEAR_SPELLINGS, packObject(buildFuzzyParts(new FuzzyIndex(catalog).keys, language)));
    insert.run(
      language,
      AUTOCOMPLETE,
      packObject(buildWordSearchParts(new WordSearch(catalog).normsByCoverage())),
    );
  }
}

/**
 * Gives a catalogue's lookups their stored parts. Returns what could not be used (none when all could):
 * those are built on first use.
 */
export function readCatalogueLookups(
  db: Database.Database,
  language: string,
  fuzzy: FuzzyIndex,
  search: WordSearch,
): string[] {
  const read = db.prepare("SELECT data FROM catalogue_lookups WHERE language = ? AND name = ?").pluck();
  const problems: string[] = [];
  const adopt = (name: string, take: (data: Buffer) => void): void => {
    const data = read.get(language, name) as Buffer | undefined;
    if (data === undefined) {
      problems.push(`the snapshot stores no ${name} lookup for "${language}"`);
      return;
    }
    try {
      take(data);
    } catch (error) {
      problems.push(`the stored ${name} lookup for "${language}" is unusable: ${(error as Error).message}`);
    }
  };
  adopt(NEAR_SPELLINGS, (data) => fuzzy.adopt(unpackObject<FuzzyParts>(data)));
  adopt(AUTOCOMPLETE, (data) => search.adopt(unpackObject<WordSearchParts>(data)));
  return problems;
}
