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
  readonly #orders = new Map<string, Uint16Array>();

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

  #bucketOrder(seed: string, bucketWord: number): Uint16Array {
    let order = this.#orders.get(seed);
    if (order !== undefined) return order;
    const keys = new Uint32Array(BUCKETS);
    order = new Uint16Array(BUCKETS);
    for (let b = 0; b < BUCKETS; b++) {
      keys[b] = mix32(b ^ bucketWord);
      order[b] = b;
    }
    order.sort((a, b) => (keys[a] as number) - (keys[b] as number) || a - b);
    this.#orders.set(seed, order);
    if (this.#orders.size > SEED_ORDERS_KEPT) this.#orders.delete(this.#orders.keys().next().value as string);
    return order;
  }

  /** Up to `limit` clip numbers after `after` in the seed's order, and the position of the last one. */
  page(
    seed: string,
    filter: FeedFilter,
    after: FeedPosition | undefined,
    limit: number,
  ): { clipNos: number[]; last: FeedPosition | undefined; more: boolean } {
    const [clipWord, bucketWord] = seedWords(seed);
    const order = this.#bucketOrder(seed, bucketWord);
    const lang = this.#languages.indexOf(filter.language);
    const topic = filter.topic === undefined ? -1 : TOPICS.indexOf(filter.topic as (typeof TOPICS)[number]);
    const out: number[] = [];
    let last: FeedPosition | undefined;
    if (lang === -1) return { clipNos: out, last, more: false };
    for (let pos = after?.bucket ?? 0; pos < BUCKETS; pos++) {
      const bucket = order[pos] as number;
      const items: Array<[number, number]> = [];
      for (let m = this.#start[bucket] as number; m < (this.#start[bucket + 1] as number); m++) {
        const i = this.#members[m] as number;
        if (this.#language[i] !== lang) continue;
        if (topic !== -1 && this.#topic[i] !== topic) continue;
        if (filter.pace !== -1 && this.#pace[i] !== filter.pace) continue;
        if (filter.levels.length > 0 && !filter.levels.includes(this.#level[i] as number)) continue;
        const key = mix32((this.#hash[i] as number) ^ clipWord);
        const clipNo = this.#clipNo[i] as number;
        if (
          after !== undefined &&
          pos === after.bucket &&
          (key < after.key || (key === after.key && clipNo <= after.clipNo))
        )
          continue;
        items.push([key, clipNo]);
      }
      items.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      for (const [key, clipNo] of items) {
        if (out.length === limit) return { clipNos: out, last, more: true };
        out.push(clipNo);
        last = { bucket: pos, key, clipNo };
      }
    }
    return { clipNos: out, last, more: false };
  }
}
