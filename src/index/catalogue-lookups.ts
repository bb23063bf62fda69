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

/** A catalogue's near-spelling structures (`buildFuzzyParts` over its keys), packed as the snapshot stores them. */
export function packNearSpellings(keys: readonly string[], language: string): Buffer {
  return packObject(buildFuzzyParts(keys, language));
}

/** `packNearSpellings`, done elsewhere (on a worker thread): the packed bytes. */
export type NearSpellingPacker = (keys: readonly string[], language: string) => Promise<Uint8Array>;

interface LookupRow {
  language: string;
  name: string;
  data: Uint8Array;
}

/**
 * The lookups' rows of every catalogue of the snapshot being written (words and spellings in), language by
 * language, with the near-spelling structures from `pack`.
 */
function lookupRows<T>(
  db: Database.Database,
  pack: (keys: readonly string[], language: string) => T,
): Array<{ language: string; nearSpellings: T; autocomplete: Buffer }> {
  return [...readCatalogs(db)].map(([language, catalog]) => ({
    language,
    nearSpellings: pack(new FuzzyIndex(catalog).keys, language),
    autocomplete: packObject(buildWordSearchParts(new WordSearch(catalog).normsByCoverage())),
  }));
}

function storeLookups(db: Database.Database, rows: readonly LookupRow[]): void {
  const insert = db.prepare("INSERT INTO catalogue_lookups (language, name, data) VALUES (?, ?, ?)");
  for (const { language, name, data } of rows) insert.run(language, name, data);
}

function rowsOf(language: string, nearSpellings: Uint8Array, autocomplete: Buffer): LookupRow[] {
  return [
    { language, name: NEAR_SPELLINGS, data: nearSpellings },
    { language, name: AUTOCOMPLETE, data: autocomplete },
  ];
}

/** Builds and stores the lookups of every catalogue of the snapshot being written (words and spellings in). */
export function writeCatalogueLookups(db: Database.Database): void {
  storeLookups(
    db,
    lookupRows(db, packNearSpellings).flatMap((r) => rowsOf(r.language, r.nearSpellings, r.autocomplete)),
  );
}

/**
 * As `writeCatalogueLookups`, the near-spelling structures packed by `pack` (elsewhere) while the caller goes
 * on: the catalogues are read now; the returned promise, once the structures are back, stores the same rows
 * in the same order.
 */
export function startCatalogueLookups(db: Database.Database, pack: NearSpellingPacker): Promise<void> {
  const rows = lookupRows(db, pack);
  return Promise.all(rows.map((r) => r.nearSpellings)).then((packed) =>
    storeLookups(
      db,
      rows.flatMap((r, i) => {
        const bytes = packed[i] as Uint8Array;
        return rowsOf(
          r.language,
          Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          r.autocomplete,
        );
      }),
    ),
  );
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
