/**
 * Every key one plain edit from a query (a substitution, an insertion, a deletion or a swap of two
 * neighbours), found through single-character deletions: two words are one edit apart only if they share a
 * deletion variant (or one is a deletion of the other). At depth 2, every key within two plain edits, by
 * deletions of up to two characters from each side. Trigram similarity misses these in short words
 * (`teh`/`the` share one trigram of seven); this index does not. Variants are stored as 32-bit hashes in
 * sorted typed arrays, so a hundred thousand keys cost a few megabytes; a hash collision only adds a
 * candidate, which the caller's distance check then drops.
 */

import { bucketStarts } from "./buckets.js";

/** Keys an index can hold: a 32-bit hash times this stays within a double's 53 exact bits. */
const MAX_KEYS = 2 ** 21;

/** FNV-1a over code points, leaving out the ones at positions `skip` and `skipAlso` (-1: none). */
function fnv1a(codes: readonly number[], skip: number, skipAlso = -1): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < codes.length; i++) {
    if (i === skip || i === skipAlso) continue;
    hash ^= codes[i] as number;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function codePoints(word: string): number[] {
  const codes: number[] = [];
  for (let i = 0; i < word.length; i++) {
    const code = word.codePointAt(i) as number;
    codes.push(code);
    if (code > 0xffff) i++;
  }
  return codes;
}

/**
 * The hashes of a word and of each word made by deleting one of its characters, and with `depth` 2 two
 * of them (repeats possible).
 */
function variants(word: string, depth: 1 | 2): number[] {
  const codes = codePoints(word);
  const out = [fnv1a(codes, -1)];
  for (let skip = 0; skip < codes.length; skip++) {
    // Deleting either letter of a double gives the same word: hash it once.
    if (skip > 0 && codes[skip] === codes[skip - 1]) continue;
    out.push(fnv1a(codes, skip));
    if (depth === 2) {
      // A second deletion after the first, hashed once when it deletes one of a double of the shortened word.
      for (let second = skip + 1; second < codes.length; second++) {
        const before = second - 1 === skip ? skip - 1 : second - 1;
        if (before >= 0 && codes[second] === codes[before]) continue;
        out.push(fnv1a(codes, skip, second));
      }
    }
  }
  return out;
}

/** Hashes are bucketed by their top bits, so a lookup searches a few entries, not the whole array. */
const BUCKET_BITS = 16;
const BUCKET_SHIFT = 32 - BUCKET_BITS;

/** A deletion index's arrays, as built: what the snapshot stores (see `DeletionIndex.parts`). */
export interface DeletionParts {
  depth: 1 | 2;
  hashes: Uint32Array;
  keys: Int32Array;
  bucketStart: Uint32Array;
}

function buildDeletionParts(keys: readonly string[], depth: 1 | 2, maxKeyLength: number): DeletionParts {
  if (keys.length > MAX_KEYS) {
    throw new RangeError(`a deletion index holds at most ${MAX_KEYS} keys, got ${keys.length}`);
  }
  // Each (hash, key) pair packed into one double, hash high, so one native numeric sort orders them.
  let packed = new Float64Array(keys.length * 8);
  let n = 0;
  keys.forEach((key, index) => {
    if (key.length > maxKeyLength) return;
    for (const hash of variants(key, depth)) {
      if (n === packed.length) {
        const grown = new Float64Array(packed.length * 2);
        grown.set(packed);
        packed = grown;
      }
      packed[n++] = hash * MAX_KEYS + index;
    }
  });
  // Laid out bucket by bucket (a counting sort on the top bits), then each bucket sorted on its own: much
  // less work than one sort of millions of values at depth 2.
  const filled = packed.subarray(0, n);
  const bucketOf = (value: number): number => Math.floor(value / MAX_KEYS) >>> BUCKET_SHIFT;
  const bucketStart = bucketStarts(filled, bucketOf, 1 << BUCKET_BITS);
  const next = bucketStart.slice(0, -1);
  const sorted = new Float64Array(n);
  for (const value of filled) {
    const bucket = bucketOf(value);
    sorted[next[bucket] as number] = value;
    next[bucket] = (next[bucket] as number) + 1;
  }
  for (let b = 0; b < 1 << BUCKET_BITS; b++) {
    const from = bucketStart[b] as number;
    const to = bucketStart[b + 1] as number;
    if (to - from > 1) sorted.subarray(from, to).sort();
  }
  const hashes = new Uint32Array(n);
  const keyOf = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const value = sorted[i] as number;
    hashes[i] = Math.floor(value / MAX_KEYS);
    keyOf[i] = value % MAX_KEYS;
  }
  return { depth, hashes, keys: keyOf, bucketStart };
}

export class DeletionIndex {
  readonly #depth: 1 | 2;
  readonly #hashes: Uint32Array;
  readonly #keys: Int32Array;
  /** Where each bucket's hashes start in `#hashes` (sorted, so a bucket is a contiguous range). */
  readonly #bucketStart: Uint32Array;

  /**
   * With `depth` 2 it finds the keys within two plain edits; `maxKeyLength` leaves longer keys out (at
   * depth 2 a key has some length² / 2 variants). Given the parts of an index built elsewhere, it is that
   * index (`depth` and `maxKeyLength` are the parts').
   */
  constructor(
    keys: readonly string[] | DeletionParts,
    depth: 1 | 2 = 1,
    maxKeyLength = Number.POSITIVE_INFINITY,
  ) {
    const parts = Array.isArray(keys)
      ? buildDeletionParts(keys, depth, maxKeyLength)
      : (keys as DeletionParts);
    this.#depth = parts.depth;
    this.#hashes = parts.hashes;
    this.#keys = parts.keys;
    this.#bucketStart = parts.bucketStart;
  }

  /** The arrays the index is made of: `new DeletionIndex(parts)` is the same index. */
  parts(): DeletionParts {
    return { depth: this.#depth, hashes: this.#hashes, keys: this.#keys, bucketStart: this.#bucketStart };
  }

  /**
   * Indexes of keys that may be within one plain edit (two at depth 2) of the query; a superset, never
   * missing one (of the keys the index holds).
   */
  candidates(query: string): Set<number> {
    const found = new Set<number>();
    for (const hash of variants(query, this.#depth)) {
      const bucket = hash >>> BUCKET_SHIFT;
      let lo = this.#bucketStart[bucket] as number;
      let hi = this.#bucketStart[bucket + 1] as number;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((this.#hashes[mid] as number) < hash) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < this.#hashes.length && this.#hashes[i] === hash; i++)
        found.add(this.#keys[i] as number);
    }
    return found;
  }
}
