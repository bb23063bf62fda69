/** Clip rows and postings, read from the snapshot with prepared statements and a cache of hot clips. */
import type Database from "better-sqlite3";
import { BLOCK_POSTINGS, blockLength, keyAt, type Posting, postingAt } from "../snapshot/posting-block.js";
import { type ClipDbRow, RECENT_KEY_CLIPS } from "../snapshot/schema.js";
import { decodeCue, type StoredCueView } from "../snapshot/transcript-blob.js";

export type { Posting };

export interface ClipRecord {
  clipNo: number;
  clipId: string;
  videoId: string;
  title: string;
  language: string;
  level: number;
  topic: string;
  durationS: number;
  channelId: string;
  channelName: string;
  publishedDay: number;
  indexedAt: string;
  wordCount: number;
  generated: boolean;
  wordTimes: "exact" | "interpolated";
}

const CLIP_COLUMNS =
  "clip_no, clip_id, video_id, title, language, level, topic, duration_s, channel_id, channel_name, published_day, indexed_at, word_count, generated, word_times";

/** Rows read by one `IN (…)` statement: clips and transcripts of a page are read this many at a time. */
const ROWS_PER_READ = 32;

function slotList(): string {
  return Array.from({ length: ROWS_PER_READ }, () => "?").join(", ");
}

/** Clip numbers in slices of ROWS_PER_READ, the last padded with -1 (no clip has it). */
function padded(clipNos: readonly number[]): number[][] {
  const slices: number[][] = [];
  for (let at = 0; at < clipNos.length; at += ROWS_PER_READ) {
    const slice = clipNos.slice(at, at + ROWS_PER_READ);
    slices.push(slice.concat(Array<number>(ROWS_PER_READ - slice.length).fill(-1)));
  }
  return slices;
}

/** Clip records kept in memory; the hot words' clips repeat across requests. */
const CLIP_CACHE_ENTRIES = 20_000;

function toRecord(row: ClipDbRow): ClipRecord {
  return {
    clipNo: row.clip_no,
    clipId: row.clip_id,
    videoId: row.video_id,
    title: row.title,
    language: row.language,
    level: row.level,
    topic: row.topic,
    durationS: row.duration_s,
    channelId: row.channel_id,
    channelName: row.channel_name,
    publishedDay: row.published_day,
    indexedAt: row.indexed_at,
    wordCount: row.word_count,
    generated: row.generated === 1,
    wordTimes: row.word_times,
  };
}

export function clipNoOf(recentKey: number): number {
  return recentKey % RECENT_KEY_CLIPS;
}

export class ClipStore {
  readonly #byNo: Database.Statement;
  readonly #byNos: Database.Statement;
  readonly #byClipId: Database.Statement;
  readonly #byVideoId: Database.Statement;
  readonly #transcript: Database.Statement;
  readonly #transcriptsIn: Database.Statement;
  readonly #blocksBefore: Database.Statement;
  readonly #blocksAll: Database.Statement;
  readonly #blockAt: Database.Statement;
  readonly #cache = new Map<number, ClipRecord>();

  constructor(db: Database.Database) {
    this.#byNo = db.prepare(`SELECT ${CLIP_COLUMNS} FROM clips WHERE clip_no = ?`);
    this.#byNos = db.prepare(`SELECT ${CLIP_COLUMNS} FROM clips WHERE clip_no IN (${slotList()})`);
    this.#byClipId = db.prepare(`SELECT ${CLIP_COLUMNS} FROM clips WHERE clip_id = ?`);
    this.#byVideoId = db.prepare(`SELECT ${CLIP_COLUMNS} FROM clips WHERE video_id = ?`);
    this.#transcript = db.prepare("SELECT data FROM transcripts WHERE clip_no = ?").pluck();
    this.#transcriptsIn = db
      .prepare(`SELECT clip_no, data FROM transcripts WHERE clip_no IN (${slotList()})`)
      .raw();
    this.#blocksBefore = db
      .prepare(
        "SELECT data FROM postings WHERE word_id = ? AND level = ? AND min_key < ? ORDER BY min_key DESC LIMIT ?",
      )
      .pluck();
    this.#blocksAll = db
      .prepare("SELECT data FROM postings WHERE word_id = ? AND level = ? ORDER BY min_key DESC LIMIT ?")
      .pluck();
    this.#blockAt = db
      .prepare(
        "SELECT data FROM postings WHERE word_id = ? AND level = ? ORDER BY min_key DESC LIMIT 1 OFFSET ?",
      )
      .pluck();
  }

  clip(clipNo: number): ClipRecord | undefined {
    const cached = this.#cache.get(clipNo);
    if (cached !== undefined) return cached;
    const row = this.#byNo.get(clipNo) as ClipDbRow | undefined;
    return row && this.#remember(toRecord(row));
  }

  /**
   * Several clips, in the order asked (clip numbers not found are left out): those not cached are read
   * 32 to a statement, as a page of results needs them.
   */
  clips(clipNos: readonly number[]): ClipRecord[] {
    const missing = clipNos.filter((clipNo) => !this.#cache.has(clipNo));
    const read = new Map<number, ClipRecord>();
    for (const slice of padded(missing)) {
      for (const row of this.#byNos.all(...slice) as ClipDbRow[]) {
        read.set(row.clip_no, this.#remember(toRecord(row)));
      }
    }
    const out: ClipRecord[] = [];
    for (const clipNo of clipNos) {
      const record = this.#cache.get(clipNo) ?? read.get(clipNo);
      if (record !== undefined) out.push(record);
    }
    return out;
  }

  #remember(record: ClipRecord): ClipRecord {
    this.#cache.set(record.clipNo, record);
    if (this.#cache.size > CLIP_CACHE_ENTRIES) this.#cache.delete(this.#cache.keys().next().value as number);
    return record;
  }

  /** By service UUID or by the platform's video id. */
  find(id: string): ClipRecord | undefined {
    const row = (this.#byClipId.get(id) ?? this.#byVideoId.get(id)) as ClipDbRow | undefined;
    return row && toRecord(row);
  }

  /** The stored transcript (see `transcript-blob.ts`). */
  transcript(clipNo: number): Buffer | undefined {
    return this.#transcript.get(clipNo) as Buffer | undefined;
  }

  /**
   * Several clips' transcripts in one statement per 32 clips: a page of results reads its cues this way,
   * which costs about half of one statement per clip.
   */
  transcripts(clipNos: readonly number[]): Map<number, Buffer> {
    const found = new Map<number, Buffer>();
    for (const slice of padded(clipNos)) {
      for (const [clipNo, data] of this.#transcriptsIn.all(...slice) as Array<[number, Buffer]>) {
        found.set(clipNo, data);
      }
    }
    return found;
  }

  /** One cue's text and the start of each of its words. */
  cue(clipNo: number, idx: number): StoredCueView | undefined {
    const blob = this.transcript(clipNo);
    return blob && decodeCue(blob, idx);
  }

  /**
   * The word's postings at the given clip levels, newest first, strictly before `beforeKey` when given:
   * the blocks of each level from the cursor on, merged. Returns up to `limit` items.
   */
  postings(
    wordId: number,
    levels: readonly number[],
    beforeKey: number | undefined,
    limit: number,
  ): Posting[] {
    // Enough blocks for `limit` postings after the cursor, plus the block the cursor falls in.
    const blocks = Math.ceil(limit / BLOCK_POSTINGS) + 1;
    const lists = levels.map((level) => {
      const data = (
        beforeKey === undefined
          ? this.#blocksAll.all(wordId, level, blocks)
          : this.#blocksBefore.all(wordId, level, beforeKey, blocks)
      ) as Buffer[];
      return { data, block: 0, at: skipTo(data[0], beforeKey) };
    });
    const merged: Posting[] = [];
    while (merged.length < limit) {
      let best = -1;
      let bestKey = -1;
      lists.forEach((list, r) => {
        const block = list.data[list.block];
        if (block !== undefined && keyAt(block, list.at) > bestKey) {
          best = r;
          bestKey = keyAt(block, list.at);
        }
      });
      if (best === -1) break;
      const list = lists[best] as (typeof lists)[number];
      const block = list.data[list.block] as Buffer;
      merged.push(postingAt(block, list.at));
      list.at++;
      if (list.at === blockLength(block)) {
        list.block++;
        list.at = 0;
      }
    }
    return merged;
  }

  /** The posting at a rank (0 = newest) within one clip level. Blocks are full but for the oldest. */
  postingAt(wordId: number, level: number, rank: number): Posting | undefined {
    const block = this.#blockAt.get(wordId, level, Math.floor(rank / BLOCK_POSTINGS)) as Buffer | undefined;
    const i = rank % BLOCK_POSTINGS;
    return block !== undefined && i < blockLength(block) ? postingAt(block, i) : undefined;
  }
}

/** Index of the first posting in the block older than `beforeKey` (0 without a cursor). */
function skipTo(block: Buffer | undefined, beforeKey: number | undefined): number {
  if (block === undefined || beforeKey === undefined) return 0;
  let i = 0;
  while (i < blockLength(block) && keyAt(block, i) >= beforeKey) i++;
  return i;
}
