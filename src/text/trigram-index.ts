/** An in-memory inverted index from trigrams to entries, for fuzzy candidates with pg_trgm similarity. */
import { trigramSet, trigramSimilarity } from "./trigram.js";

const LOWER_ASCII_WORDS = /^[a-z0-9]+( [a-z0-9]+)*$/;

const SPACE = 0x20;

/** An ASCII trigram as one integer, seven bits a character. */
function asciiCode(a: number, b: number, c: number): number {
  return (a << 14) | (b << 7) | c;
}

/** The code of a trigram string when all three of its characters are ASCII, else -1. */
function asciiCodeOf(trigram: string): number {
  if (trigram.length !== 3) return -1;
  const [a, b, c] = [trigram.charCodeAt(0), trigram.charCodeAt(1), trigram.charCodeAt(2)];
  return a < 0x80 && b < 0x80 && c < 0x80 ? asciiCode(a, b, c) : -1;
}

/**
 * The distinct trigrams of lower-case ASCII words (pg_trgm's: each word padded with two spaces before
 * and one after), as integer codes: no string is sliced or hashed.
 */
function asciiTrigramCodes(query: string): number[] {
  const out: number[] = [];
  let start = 0;
  while (start <= query.length) {
    let end = query.indexOf(" ", start);
    if (end < 0) end = query.length;
    // The padded word `  w ` read three characters at a time.
    let a = SPACE;
    let b = SPACE;
    for (let i = start; i <= end; i++) {
      const c = i < end ? query.charCodeAt(i) : SPACE;
      const code = asciiCode(a, b, c);
      if (!out.includes(code)) out.push(code);
      a = b;
      b = c;
    }
    start = end + 1;
  }
  return out;
}

export interface PreparedQuery {
  /** The query's trigrams that some entry has, as sorted ids. */
  ids: Int32Array;
  /** All the query's trigrams, known to the index or not. */
  count: number;
}

export interface TrigramMatch {
  /** Position of the entry in the list the index was built from. */
  index: number;
  /** pg_trgm similarity between the query and the entry. */
  similarity: number;
}

/**
 * Built once from a list of keys (the catalogue's). A query counts, for each entry, the trigrams it
 * shares with the query by walking only the posting lists of the query's trigrams, so its cost grows
 * with the entries that share a trigram, not with the size of the catalogue.
 */
export class TrigramIndex {
  readonly size: number;
  readonly #postingsByTrigram: Map<string, Int32Array>;
  /** Trigram → a small integer id, and each entry's trigram ids, sorted, back to back (CSR layout). */
  readonly #ids = new Map<string, number>();
  /** The same ids by ASCII trigram code, for queries of lower-case ASCII words. */
  readonly #asciiIds = new Map<number, number>();
  readonly #entryStart: Int32Array;
  readonly #entryIds: Int32Array;
  /** Number of unique trigrams of each entry. */
  readonly #trigramCounts: Int32Array;
  // Reused by every query (a search runs to completion synchronously): shared-trigram counters per entry,
  // all zero between queries, and the entries whose counter was touched.
  readonly #shared: Int32Array;
  readonly #touched: Int32Array;

  constructor(keys: readonly string[]) {
    this.size = keys.length;
    this.#trigramCounts = new Int32Array(keys.length);
    this.#shared = new Int32Array(keys.length);
    this.#touched = new Int32Array(keys.length);
    const lists = new Map<string, number[]>();
    const entryIds: number[] = [];
    this.#entryStart = new Int32Array(keys.length + 1);
    for (const [index, key] of keys.entries()) {
      const trigrams = trigramSet(key);
      this.#trigramCounts[index] = trigrams.size;
      const ids: number[] = [];
      for (const trigram of trigrams) {
        const list = lists.get(trigram);
        if (list === undefined) lists.set(trigram, [index]);
        else list.push(index);
        let id = this.#ids.get(trigram);
        if (id === undefined) {
          id = this.#ids.size;
          this.#ids.set(trigram, id);
          const code = asciiCodeOf(trigram);
          if (code >= 0) this.#asciiIds.set(code, id);
        }
        ids.push(id);
      }
      entryIds.push(...ids.sort((a, b) => a - b));
      this.#entryStart[index + 1] = entryIds.length;
    }
    this.#entryIds = Int32Array.from(entryIds);
    this.#postingsByTrigram = new Map();
    for (const [trigram, list] of lists) this.#postingsByTrigram.set(trigram, Int32Array.from(list));
  }

  /**
   * Every entry whose similarity to the query is at least `minSimilarity`, most similar first, then by
   * position. With `minSimilarity` 0 or less, that is every entry.
   */
  search(query: string, minSimilarity: number): TrigramMatch[] {
    if (Number.isNaN(minSimilarity)) throw new RangeError("minSimilarity must be a number, got NaN");
    const queryTrigrams = trigramSet(query);
    const queryCount = queryTrigrams.size;
    const shared = this.#shared;
    const touched = this.#touched;
    let touchedCount = 0;
    for (const trigram of queryTrigrams) {
      const postings = this.#postingsByTrigram.get(trigram);
      if (postings === undefined) continue;
      for (const entry of postings) {
        if (shared[entry] === 0) touched[touchedCount++] = entry;
        shared[entry] = (shared[entry] ?? 0) + 1;
      }
    }
    const matches: TrigramMatch[] = [];
    for (let t = 0; t < touchedCount; t++) {
      const entry = touched[t] ?? 0;
      const similarity = trigramSimilarity(shared[entry] ?? 0, queryCount, this.#trigramCounts[entry] ?? 0);
      shared[entry] = 0;
      if (similarity >= minSimilarity) matches.push({ index: entry, similarity });
    }
    // Entries sharing no trigram have similarity 0: only a threshold of 0 or less admits them.
    if (minSimilarity <= 0) this.#addUntouched(matches);
    return matches.sort((x, y) => y.similarity - x.similarity || x.index - y.index);
  }

  /** The query's trigrams as sorted ids (trigrams no entry has are left out) and how many it has in all. */
  prepare(query: string): PreparedQuery {
    // Keys and queries are normalised: lower-case ASCII words split by single spaces is the common case,
    // and a few trigrams are deduplicated faster in an array than in a Set.
    const ids: number[] = [];
    if (LOWER_ASCII_WORDS.test(query)) {
      const codes = asciiTrigramCodes(query);
      for (const code of codes) {
        const id = this.#asciiIds.get(code);
        if (id !== undefined) ids.push(id);
      }
      return { ids: Int32Array.from(ids).sort(), count: codes.length };
    }
    const trigrams = trigramSet(query);
    for (const trigram of trigrams) {
      const id = this.#ids.get(trigram);
      if (id !== undefined) ids.push(id);
    }
    return { ids: Int32Array.from(ids).sort(), count: trigrams.size };
  }

  /** pg_trgm similarity between a prepared query and one entry, by merging sorted id lists: no allocation. */
  similarityTo(query: PreparedQuery, index: number): number {
    const ids = this.#entryIds;
    let i = this.#entryStart[index] as number;
    const end = this.#entryStart[index + 1] as number;
    let j = 0;
    let shared = 0;
    while (i < end && j < query.ids.length) {
      const a = ids[i] as number;
      const b = query.ids[j] as number;
      if (a === b) {
        shared++;
        i++;
        j++;
      } else if (a < b) i++;
      else j++;
    }
    return trigramSimilarity(shared, query.count, this.#trigramCounts[index] as number);
  }

  #addUntouched(matches: TrigramMatch[]): void {
    const seen = new Uint8Array(this.size);
    for (const match of matches) seen[match.index] = 1;
    for (let entry = 0; entry < this.size; entry++) {
      if (seen[entry] === 0) matches.push({ index: entry, similarity: 0 });
    }
  }
}
