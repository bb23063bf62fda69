/** An in-memory inverted index from trigrams to entries, for fuzzy candidates with pg_trgm similarity. */
import { type PackedLists, packLists, unpackLists } from "./packed-lists.js";
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

/** A trigram index's parts, as built: what the snapshot stores (see `TrigramIndex.parts`). */
export interface TrigramParts {
  /** The entries having each trigram, by trigram id. */
  postings: PackedLists;
  /** Every trigram, by id. */
  trigrams: string[];
  entryStart: Int32Array;
  entryIds: Int32Array;
  trigramCounts: Int32Array;
}

function buildTrigramParts(keys: readonly string[]): TrigramParts {
  const trigramCounts = new Int32Array(keys.length);
  const ids = new Map<string, number>();
  const asciiIds = new Map<number, number>();
  /** The entries having each trigram, by id. */
  const lists: number[][] = [];
  const entryIds: number[] = [];
  const entryStart = new Int32Array(keys.length + 1);
  const idOf = (trigram: string): number => {
    let id = ids.get(trigram);
    if (id === undefined) {
      id = ids.size;
      ids.set(trigram, id);
      lists.push([]);
      const code = asciiCodeOf(trigram);
      if (code >= 0) asciiIds.set(code, id);
    }
    return id;
  };
  for (const [index, key] of keys.entries()) {
    const own: number[] = [];
    if (LOWER_ASCII_WORDS.test(key)) {
      // Most keys: their trigrams as integer codes, a string made only for a trigram not seen before.
      for (const code of asciiTrigramCodes(key)) {
        own.push(
          asciiIds.get(code) ?? idOf(String.fromCharCode(code >> 14, (code >> 7) & 0x7f, code & 0x7f)),
        );
      }
    } else {
      for (const trigram of trigramSet(key)) own.push(idOf(trigram));
    }
    trigramCounts[index] = own.length;
    for (const id of own) (lists[id] as number[]).push(index);
    own.sort((a, b) => a - b);
    for (const id of own) entryIds.push(id);
    entryStart[index + 1] = entryIds.length;
  }
  return {
    postings: packLists(lists),
    trigrams: [...ids.keys()],
    entryStart,
    entryIds: Int32Array.from(entryIds),
    trigramCounts,
  };
}

/**
 * Built once from a list of keys (the catalogue's). A query counts, for each entry, the trigrams it
 * shares with the query by walking only the posting lists of the query's trigrams, so its cost grows
 * with the entries that share a trigram, not with the size of the catalogue; with a threshold, the longest
 * lists are not walked but probed for the entries the others found.
 */
export class TrigramIndex {
  readonly size: number;
  readonly #postings: PackedLists;
  /** The entries having each trigram, by trigram id (views into `#postings`). */
  readonly #postingsById: Int32Array[];
  readonly #trigrams: string[];
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

  /** From the keys, or from the parts of an index built elsewhere. */
  constructor(keys: readonly string[] | TrigramParts) {
    const parts = Array.isArray(keys) ? buildTrigramParts(keys) : (keys as TrigramParts);
    this.size = parts.trigramCounts.length;
    this.#postings = parts.postings;
    this.#postingsById = unpackLists(parts.postings);
    this.#trigrams = parts.trigrams;
    parts.trigrams.forEach((trigram, id) => {
      this.#ids.set(trigram, id);
      const code = asciiCodeOf(trigram);
      if (code >= 0) this.#asciiIds.set(code, id);
    });
    this.#entryStart = parts.entryStart;
    this.#entryIds = parts.entryIds;
    this.#trigramCounts = parts.trigramCounts;
    this.#shared = new Int32Array(this.size);
    this.#touched = new Int32Array(this.size);
  }

  /** What the index is made of: `new TrigramIndex(parts)` is the same index. */
  parts(): TrigramParts {
    return {
      postings: this.#postings,
      trigrams: this.#trigrams,
      entryStart: this.#entryStart,
      entryIds: this.#entryIds,
      trigramCounts: this.#trigramCounts,
    };
  }

  /**
   * Every entry whose similarity to the query is at least `minSimilarity`, most similar first, then by
   * position. With `minSimilarity` 0 or less, that is every entry.
   */
  search(query: string, minSimilarity: number): TrigramMatch[] {
    if (Number.isNaN(minSimilarity)) throw new RangeError("minSimilarity must be a number, got NaN");
    const queryTrigrams = trigramSet(query);
    if (minSimilarity <= 0) return this.#searchAll(queryTrigrams);
    const queryCount = queryTrigrams.size;
    const lists: Int32Array[] = [];
    for (const trigram of queryTrigrams) {
      const id = this.#ids.get(trigram);
      const postings = id === undefined ? undefined : this.#postingsById[id];
      if (postings !== undefined) lists.push(postings);
    }
    // An entry sharing s trigrams has similarity s / (nq + ne − s) ≤ s / nq, since it has ne ≥ s trigrams:
    // it needs s ≥ minSimilarity · nq. Whoever shares that many of the query's lists is in at least one of
    // any (lists − needed + 1) of them, so only the shortest are walked (prefix filtering); the longest
    // (`ing`, `es `, a first letter's) are only probed for the entries found.
    const needed = Math.max(1, Math.ceil(minSimilarity * queryCount - 1e-9));
    const walked = lists.length - needed + 1;
    if (walked <= 0) return [];
    lists.sort((a, b) => a.length - b.length);
    const shared = this.#shared;
    const touched = this.#touched;
    let touchedCount = 0;
    for (let l = 0; l < walked; l++) {
      for (const entry of lists[l] as Int32Array) {
        if (shared[entry] === 0) touched[touchedCount++] = entry;
        shared[entry] = (shared[entry] as number) + 1;
      }
    }
    // A longer list is walked too (counting only the entries found) when that costs less than a binary
    // search of it for every entry found; the rest are probed.
    let counted = walked;
    while (counted < lists.length) {
      const list = lists[counted] as Int32Array;
      if (list.length > touchedCount * Math.log2(list.length + 1)) break;
      for (const entry of list) {
        const count = shared[entry] as number;
        if (count > 0) shared[entry] = count + 1;
      }
      counted++;
    }
    const probed = lists.length - counted;
    const matches: TrigramMatch[] = [];
    for (let t = 0; t < touchedCount; t++) {
      const entry = touched[t] as number;
      let count = shared[entry] as number;
      shared[entry] = 0;
      const entryCount = this.#trigramCounts[entry] as number;
      // Similarity grows with the shared count: drop the entry if even every probed list would not do.
      const most = Math.min(count + probed, entryCount, queryCount);
      if (trigramSimilarity(most, queryCount, entryCount) < minSimilarity) continue;
      for (let l = counted; l < lists.length; l++) if (contains(lists[l] as Int32Array, entry)) count++;
      const similarity = trigramSimilarity(count, queryCount, entryCount);
      if (similarity >= minSimilarity) matches.push({ index: entry, similarity });
    }
    return matches.sort((x, y) => y.similarity - x.similarity || x.index - y.index);
  }

  /** Every entry, with its similarity (0 for those sharing no trigram). */
  #searchAll(queryTrigrams: Set<string>): TrigramMatch[] {
    const shared = this.#shared;
    const touched = this.#touched;
    let touchedCount = 0;
    for (const trigram of queryTrigrams) {
      const id = this.#ids.get(trigram);
      const postings = id === undefined ? undefined : this.#postingsById[id];
      if (postings === undefined) continue;
      for (const entry of postings) {
        if (shared[entry] === 0) touched[touchedCount++] = entry;
        shared[entry] = (shared[entry] as number) + 1;
      }
    }
    const matches: TrigramMatch[] = [];
    for (let t = 0; t < touchedCount; t++) {
      const entry = touched[t] as number;
      const count = shared[entry] as number;
      shared[entry] = 0;
      matches.push({
        index: entry,
        similarity: trigramSimilarity(count, queryTrigrams.size, this.#trigramCounts[entry] as number),
      });
    }
    this.#addUntouched(matches);
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

/** Whether a sorted posting list holds the entry (binary search). */
function contains(list: Int32Array, entry: number): boolean {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as number) < entry) lo = mid + 1;
    else hi = mid;
  }
  return lo < list.length && list[lo] === entry;
}
