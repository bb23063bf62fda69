/**
 * The seeded clip feed. A seed fixes an order of all clips; a cursor is a place in that order, so the same
 * seed and cursor continue one sequence, and clips added by a later snapshot appear where they sort.
 *
 * Sorting a million clips per request by a keyed hash is too slow, so the order is two-level: clips fall
 * into 1,024 buckets by their id's hash (fixed), the seed shuffles the buckets, and within a bucket clips
 * sort by a seeded mix of their hash. A page reads one or two buckets (about N / 1,024 clips each).
 */
import { createHash } from "node:crypto";
import type Database from "better-sqlite3";
import { TOPICS } from "../domain.js";
import { readFeedColumns, scanFeedColumns } from "../snapshot/feed-columns.js";
import { bucketStarts } from "../text/buckets.js";

const BUCKET_BITS = 10;
const BUCKETS = 1 << BUCKET_BITS;
const SEED_ORDERS_KEPT = 512;

/** A clip's bucket: the top bits of its id's hash. */
function bucketOf(hash: number): number {
  return hash >>> (32 - BUCKET_BITS);
}

/** Offsets inside a bucket packed beside a 32-bit key in a double: 2^21 (keys × 2^21 stay below 2^53). */
const OFFSETS = 2 ** 21;

/** The key of a packed bucket member. */
function keyOf(packed: number): number {
  return Math.floor(packed / OFFSETS);
}

/** The packed members of the bucket a page reads, kept between pages (a page is synchronous). */
let scratch = new Float64Array(1024);

interface SeedOrder {
  /** Mixed into each clip's hash for its key inside its bucket. */
  clipWord: number;
  /** The buckets in the seed's order. */
  order: Uint16Array;
}

export interface FeedFilter {
  language: string;
  /** Clip levels to keep; empty keeps all. */
  levels: readonly number[];
  topic: string | undefined;
  /** Pace class to keep (see `snapshot/pace.ts`); -1 keeps every clip. */
  pace: number;
}

/** A place in a seed's order: the bucket's position, then the last (key, clip) taken inside it. */
export interface FeedPosition {
  bucket: number;
  key: number;
  clipNo: number;
}

/** murmur3's 32-bit finaliser: a bijection that spreads every input bit over the output. */
export function mix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export function seedWords(seed: string): [number, number] {
  const digest = createHash("sha256").update(seed).digest();
  return [digest.readUInt32LE(0), digest.readUInt32LE(4)];
}

export class Feed {
  readonly #clipNo: Int32Array;
  readonly #hash: Uint32Array;
  readonly #level: Uint8Array;
  readonly #language: Uint8Array;
  readonly #topic: Uint8Array;
  readonly #pace: Uint8Array;
  readonly #languages: string[];
  /** CSR layout: members of bucket b are #members[#start[b] .. #start[b + 1]). */
  readonly #start: Uint32Array;
  readonly #members: Int32Array;
  readonly #orders = new Map<string, SeedOrder>();

  constructor(db: Database.Database) {
    const columns = readFeedColumns(db) ?? scanFeedColumns(db);
    const n = columns.clipNo.length;
    this.#clipNo = columns.clipNo;
    this.#hash = columns.hash;
    this.#level = columns.level;
    this.#language = columns.language;
    this.#topic = columns.topic;
    this.#pace = columns.pace;
    this.#languages = columns.languages;
    this.#start = bucketStarts(this.#hash, bucketOf, BUCKETS);
    this.#members = new Int32Array(n);
    const fill = this.#start.slice(0, BUCKETS);
    for (let i = 0; i < n; i++) {
      const b = bucketOf(this.#hash[i] as number);
      this.#members[fill[b] as number] = i;
      fill[b] = (fill[b] as number) + 1;
    }
  }

  /** The seed's two words and its order of the buckets, kept for the last SEED_ORDERS_KEPT seeds. */
  #seedOrder(seed: string): SeedOrder {
    let found = this.#orders.get(seed);
    if (found !== undefined) return found;
    const [clipWord, bucketWord] = seedWords(seed);
    const keys = new Uint32Array(BUCKETS);
    const order = new Uint16Array(BUCKETS);
    for (let b = 0; b < BUCKETS; b++) {
      keys[b] = mix32(b ^ bucketWord);
      order[b] = b;
    }
    order.sort((a, b) => (keys[a] as number) - (keys[b] as number) || a - b);
    found = { clipWord, order };
    this.#orders.set(seed, found);
    if (this.#orders.size > SEED_ORDERS_KEPT) this.#orders.delete(this.#orders.keys().next().value as string);
    return found;
  }

  /**
   * The members of a bucket that pass the filter and come after `after` (when it is in this bucket), in
   * the seed's order: by key, then clip number. Each is packed as key × 2^21 + its offset in the bucket,
   * so the array sorts by its numbers (no comparator); equal keys, rare, are put in clip-number order after.
   */
  #bucketPage(
    bucket: number,
    clipWord: number,
    keep: (i: number) => boolean,
    after: { key: number; clipNo: number } | undefined,
  ): Float64Array {
    const from = this.#start[bucket] as number;
    const to = this.#start[bucket + 1] as number;
    if (to - from > OFFSETS) throw new Error(`feed: a bucket holds ${to - from} clips, more than ${OFFSETS}`);
    if (scratch.length < to - from) scratch = new Float64Array(Math.max(to - from, scratch.length * 2));
    let n = 0;
    for (let m = from; m < to; m++) {
      const i = this.#members[m] as number;
      if (!keep(i)) continue;
      const key = mix32((this.#hash[i] as number) ^ clipWord);
      const clipNo = this.#clipNo[i] as number;
      if (after !== undefined && (key < after.key || (key === after.key && clipNo <= after.clipNo))) continue;
      scratch[n++] = key * OFFSETS + (m - from);
    }
    const sorted = scratch.subarray(0, n).sort();
    for (let j = 0; j + 1 < n; j++) {
      const key = keyOf(sorted[j] as number);
      if (keyOf(sorted[j + 1] as number) !== key) continue;
      let end = j + 2;
      while (end < n && keyOf(sorted[end] as number) === key) end++;
      sorted.subarray(j, end).sort((a, b) => this.#clipNoAt(from, a) - this.#clipNoAt(from, b));
      j = end - 1;
    }
    return sorted;
  }

  /** The clip number of a packed member of the bucket starting at `from`. */
  #clipNoAt(from: number, packed: number): number {
    return this.#clipNo[this.#members[from + (packed % OFFSETS)] as number] as number;
  }

  /** Up to `limit` clip numbers after `after` in the seed's order, and the position of the last one. */
  page(
    seed: string,
    filter: FeedFilter,
    after: FeedPosition | undefined,
    limit: number,
  ): { clipNos: number[]; last: FeedPosition | undefined; more: boolean } {
    const { clipWord, order } = this.#seedOrder(seed);
    const lang = this.#languages.indexOf(filter.language);
    const topic = filter.topic === undefined ? -1 : TOPICS.indexOf(filter.topic as (typeof TOPICS)[number]);
    const out: number[] = [];
    let last: FeedPosition | undefined;
    if (lang === -1) return { clipNos: out, last, more: false };
    const keep = (i: number): boolean =>
      this.#language[i] === lang &&
      (topic === -1 || this.#topic[i] === topic) &&
      (filter.pace === -1 || this.#pace[i] === filter.pace) &&
      (filter.levels.length === 0 || filter.levels.includes(this.#level[i] as number));
    for (let pos = after?.bucket ?? 0; pos < BUCKETS; pos++) {
      const bucket = order[pos] as number;
      const from = this.#start[bucket] as number;
      const sorted = this.#bucketPage(bucket, clipWord, keep, pos === after?.bucket ? after : undefined);
      for (const packed of sorted) {
        if (out.length === limit) return { clipNos: out, last, more: true };
        const clipNo = this.#clipNoAt(from, packed);
        out.push(clipNo);
        last = { bucket: pos, key: keyOf(packed), clipNo };
      }
    }
    return { clipNos: out, last, more: false };
  }
}
