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

/** What the feed keeps of every clip, column by column; `language` indexes `languages`. */
export interface FeedColumns {
  clipNo: Int32Array;
  hash: Uint32Array;
  level: Uint8Array;
  language: Uint8Array;
  topic: Uint8Array;
  languages: string[];
}

/**
 * The columns read from the clips table. Rows are streamed, not gathered: a million clips held as row
 * arrays at once cost seconds of garbage collection. Only the id's first 8 hex digits (its hash) are read.
 */
export function scanFeedColumns(db: Database.Database): FeedColumns {
  const n = db.prepare("SELECT count(*) FROM clips").pluck().get() as number;
  const columns: FeedColumns = {
    clipNo: new Int32Array(n),
    hash: new Uint32Array(n),
    level: new Uint8Array(n),
    language: new Uint8Array(n),
    topic: new Uint8Array(n),
    languages: [],
  };
  const rows = db
    .prepare("SELECT clip_no, substr(clip_id, 1, 8), level, language, topic FROM clips")
    .raw()
    .iterate() as IterableIterator<[number, string, number, string, string]>;
  let i = 0;
  for (const [clipNo, idHead, level, language, topic] of rows) {
    columns.clipNo[i] = clipNo;
    columns.hash[i] = Number.parseInt(idHead, 16) >>> 0;
    columns.level[i] = level;
    let lang = columns.languages.indexOf(language);
    if (lang === -1) lang = columns.languages.push(language) - 1;
    columns.language[i] = lang;
    columns.topic[i] = Math.max(0, TOPICS.indexOf(topic as (typeof TOPICS)[number]));
    i++;
  }
  return columns;
}

/**
 * The columns as one value the builder stores (table `feed_columns`), so a server reads a few bytes per
 * clip at start-up instead of scanning the clips table. Layout (little-endian): u32 n, u32 length of the
 * languages' JSON, the JSON, zero padding to a multiple of 4, then n i32 clip numbers, n u32 hashes, and
 * n u8 levels, languages and topics.
 */
export function encodeFeedColumns(columns: FeedColumns): Buffer {
  const n = columns.clipNo.length;
  const languages = Buffer.from(JSON.stringify(columns.languages), "utf8");
  const head = 8 + Math.ceil(languages.length / 4) * 4;
  const out = Buffer.alloc(head + n * 11);
  out.writeUInt32LE(n, 0);
  out.writeUInt32LE(languages.length, 4);
  languages.copy(out, 8);
  Buffer.from(columns.clipNo.buffer, columns.clipNo.byteOffset, n * 4).copy(out, head);
  Buffer.from(columns.hash.buffer, columns.hash.byteOffset, n * 4).copy(out, head + n * 4);
  out.set(columns.level, head + n * 8);
  out.set(columns.language, head + n * 9);
  out.set(columns.topic, head + n * 10);
  return out;
}

export function decodeFeedColumns(data: Buffer): FeedColumns {
  const n = data.readUInt32LE(0);
  const languagesLength = data.readUInt32LE(4);
  const head = 8 + Math.ceil(languagesLength / 4) * 4;
  if (data.length !== head + n * 11) {
    throw new RangeError(`feed columns of ${n} clips must take ${head + n * 11} bytes, got ${data.length}`);
  }
  // Copies, so each array is aligned and owns its memory.
  const copy = (at: number, bytes: number): ArrayBuffer =>
    data.buffer.slice(data.byteOffset + at, data.byteOffset + at + bytes) as ArrayBuffer;
  return {
    languages: JSON.parse(data.toString("utf8", 8, 8 + languagesLength)) as string[],
    clipNo: new Int32Array(copy(head, n * 4)),
    hash: new Uint32Array(copy(head + n * 4, n * 4)),
    level: new Uint8Array(copy(head + n * 8, n)),
    language: new Uint8Array(copy(head + n * 9, n)),
    topic: new Uint8Array(copy(head + n * 10, n)),
  };
}

/** The stored columns, or undefined for a snapshot written before the builder stored them. */
function readFeedColumns(db: Database.Database): FeedColumns | undefined {
  const table = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'feed_columns'")
    .get();
  if (table === undefined) return undefined;
  const data = db.prepare("SELECT data FROM feed_columns WHERE name = 'clips'").pluck().get() as
    | Buffer
    | undefined;
  return data === undefined ? undefined : decodeFeedColumns(data);
}

export class Feed {
  readonly #clipNo: Int32Array;
  readonly #hash: Uint32Array;
  readonly #level: Uint8Array;
  readonly #language: Uint8Array;
  readonly #topic: Uint8Array;
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
