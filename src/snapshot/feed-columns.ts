/**
 * The feed's columns as the snapshot stores them: what the feed keeps of every clip (number, id hash,
 * level, language, topic, speech pace), packed in one value of 12 bytes a clip in the table `feed_columns`, so a server
 * over a million clips reads 12 MB at start-up instead of scanning a million clip rows.
 */
import type Database from "better-sqlite3";
import { TOPICS } from "../domain.js";
import { paceOf } from "./pace.js";

/** What the feed keeps of every clip, column by column; `language` indexes `languages`. */
export interface FeedColumns {
  clipNo: Int32Array;
  hash: Uint32Array;
  level: Uint8Array;
  language: Uint8Array;
  topic: Uint8Array;
  /** Pace class (see pace.ts), 255 for a clip without measurable speech. */
  pace: Uint8Array;
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
    pace: new Uint8Array(n),
    languages: [],
  };
  const rows = db
    .prepare("SELECT clip_no, substr(clip_id, 1, 8), level, language, topic, words_per_minute FROM clips")
    .raw()
    .iterate() as IterableIterator<[number, string, number, string, string, number]>;
  let i = 0;
  for (const [clipNo, idHead, level, language, topic, wordsPerMinute] of rows) {
    columns.clipNo[i] = clipNo;
    columns.hash[i] = Number.parseInt(idHead, 16) >>> 0;
    columns.level[i] = level;
    let lang = columns.languages.indexOf(language);
    if (lang === -1) lang = columns.languages.push(language) - 1;
    columns.language[i] = lang;
    columns.topic[i] = Math.max(0, TOPICS.indexOf(topic as (typeof TOPICS)[number]));
    columns.pace[i] = paceOf(wordsPerMinute) & 0xff;
    i++;
  }
  return columns;
}

/**
 * The columns as one value the builder stores (table `feed_columns`), so a server reads a few bytes per
 * clip at start-up instead of scanning the clips table. Layout (little-endian): u32 n, u32 length of the
 * languages' JSON, the JSON, zero padding to a multiple of 4, then n i32 clip numbers, n u32 hashes, and
 * n u8 levels, languages, topics and paces.
 */
export function encodeFeedColumns(columns: FeedColumns): Buffer {
  const n = columns.clipNo.length;
  const languages = Buffer.from(JSON.stringify(columns.languages), "utf8");
  const head = 8 + Math.ceil(languages.length / 4) * 4;
  const out = Buffer.alloc(head + n * 12);
  out.writeUInt32LE(n, 0);
  out.writeUInt32LE(languages.length, 4);
  languages.copy(out, 8);
  Buffer.from(columns.clipNo.buffer, columns.clipNo.byteOffset, n * 4).copy(out, head);
  Buffer.from(columns.hash.buffer, columns.hash.byteOffset, n * 4).copy(out, head + n * 4);
  out.set(columns.level, head + n * 8);
  out.set(columns.language, head + n * 9);
  out.set(columns.topic, head + n * 10);
  out.set(columns.pace, head + n * 11);
  return out;
}

export function decodeFeedColumns(data: Buffer): FeedColumns {
  const n = data.readUInt32LE(0);
  const languagesLength = data.readUInt32LE(4);
  const head = 8 + Math.ceil(languagesLength / 4) * 4;
  if (data.length !== head + n * 12) {
    throw new RangeError(`feed columns of ${n} clips must take ${head + n * 12} bytes, got ${data.length}`);
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
    pace: new Uint8Array(copy(head + n * 11, n)),
  };
}

/** The stored columns, or undefined for a snapshot written before the builder stored them. */
export function readFeedColumns(db: Database.Database): FeedColumns | undefined {
  const table = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'feed_columns'")
    .get();
  if (table === undefined) return undefined;
  const data = db.prepare("SELECT data FROM feed_columns WHERE name = 'clips'").pluck().get() as
    | Buffer
    | undefined;
  return data === undefined ? undefined : decodeFeedColumns(data);
}
