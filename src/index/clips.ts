/**
 * Clip rows and postings, read from the snapshot with prepared statements, a cache of hot clips and one of
 * hot posting blocks.
 */
import type Database from "better-sqlite3";
import {
  type BlockOccurrences,
  blockLength,
  keyAt,
  levelOf,
  type Posting,
  postingAt,
} from "../snapshot/posting-block.js";
import { blockId, POSTING_DIRECTORY_VALUE, PostingDirectory } from "../snapshot/posting-directory.js";
import { ALL_LEVELS, type ClipDbRow, RECENT_KEY_CLIPS, SnapshotError } from "../snapshot/schema.js";
import { decodeCue, type StoredCueView } from "../snapshot/transcript-blob.js";
import { BlockCache, type CachedBlock } from "./block-cache.js";
import { CLIP_COLUMNS, type ClipRecord, padded, slotList, toRecord } from "./clip-rows.js";

export type { ClipRecord } from "./clip-rows.js";

/** A UUID's text, letters in either case. */
const UUID_ANY_CASE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Clip records kept in memory; the hot words' clips repeat across requests. */
const CLIP_CACHE_ENTRIES = 20_000;

export type { Posting };

/** A posting of a page, with the block it was read from, whose occurrences give its cue text and form. */
export interface PagePosting extends Posting {
  occurrences: BlockOccurrences;
  /** Index in the block. */
  at: number;
}

/** Keeps a posting by its recent_key (the pace filter); undefined keeps every one. */
export type PostingFilter = (recentKey: number) => boolean;

/** Every clip level, as a mask of bits by level. */
const EVERY_LEVEL = (1 << ALL_LEVELS) - 1;

/** The levels asked for as a mask; no level, or ALL_LEVELS, is every level. */
function levelMask(levels: readonly number[]): number {
  let mask = 0;
  for (const level of levels) mask |= level === ALL_LEVELS ? EVERY_LEVEL : 1 << level;
  return mask === 0 ? EVERY_LEVEL : mask & EVERY_LEVEL;
}

export function clipNoOf(recentKey: number): number {
  return recentKey % RECENT_KEY_CLIPS;
}

export class ClipStore {
  readonly #byNo: Database.Statement;
  readonly #byNos: Database.Statement;
  readonly #noByClipId: Database.Statement;
  readonly #noByVideoId: Database.Statement;
  readonly #transcript: Database.Statement;
  readonly #transcriptsIn: Database.Statement;
  readonly #block: Database.Statement;
  readonly #paceCounts: Database.Statement;
  readonly #directory: PostingDirectory;
  readonly #cache = new Map<number, ClipRecord>();
  readonly #blockCache: BlockCache;

  /**
   * `directory`: the posting directory's value when it was read already (see `snapshot/read-ahead.ts`);
   * `blockCacheBytes`: memory for the blocks read (by default `BLOCK_CACHE_BYTES`).
   */
  constructor(db: Database.Database, directory?: Buffer, blockCacheBytes?: number) {
    this.#blockCache = new BlockCache(blockCacheBytes);
    this.#byNo = db.prepare(`SELECT ${CLIP_COLUMNS} FROM clips WHERE clip_no = ?`);
    this.#byNos = db.prepare(`SELECT ${CLIP_COLUMNS} FROM clips WHERE clip_no IN (${slotList()})`);
    // Both ids have a unique index, which holds the clip number: found without reading the row.
    this.#noByClipId = db.prepare("SELECT clip_no FROM clips WHERE clip_id = ?").pluck();
    this.#noByVideoId = db.prepare("SELECT clip_no FROM clips WHERE video_id = ?").pluck();
    this.#transcript = db.prepare("SELECT data FROM transcripts WHERE clip_no = ?").pluck();
    this.#transcriptsIn = db
      .prepare(`SELECT clip_no, data FROM transcripts WHERE clip_no IN (${slotList()})`)
      .raw();
    this.#block = db.prepare("SELECT data FROM postings WHERE block_id = ?").pluck();
    this.#paceCounts = db.prepare("SELECT counts FROM word_pace_counts WHERE word_id = ?").pluck();
    const data = directory ?? db.prepare(POSTING_DIRECTORY_VALUE).pluck().get();
    if (!Buffer.isBuffer(data)) throw new SnapshotError("the snapshot has no posting directory");
    this.#directory = new PostingDirectory(data);
  }

  /** Posting blocks the block cache holds: those pages have read (a first page of 20 reads one). */
  get heldBlocks(): number {
    return this.#blockCache.size;
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

  /**
   * By service UUID or by the platform's video id: the clip number from the id's index, then the record
   * from the clip cache or its row, as `clip` reads it (a clip's transcript and metadata are asked for
   * again and again after a lookup shows it). A UUID is matched in any case, as RFC 4122 reads it (the
   * service writes its own in lower case); a video id only as it is.
   */
  find(id: string): ClipRecord | undefined {
    let clipNo = (this.#noByClipId.get(id) ?? this.#noByVideoId.get(id)) as number | undefined;
    if (clipNo === undefined && UUID_ANY_CASE.test(id) && id !== id.toLowerCase())
      clipNo = this.#noByClipId.get(id.toLowerCase()) as number | undefined;
    return clipNo === undefined ? undefined : this.clip(clipNo);
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

  /** The word's clips by clip level and pace class: 6 × 3 counts, level-major (see `word_pace_counts`). */
  paceCounts(wordId: number): Int32Array {
    const counts = this.#paceCounts.get(wordId) as string | undefined;
    return counts === undefined ? new Int32Array(ALL_LEVELS * 3) : Int32Array.from(JSON.parse(counts));
  }

  /** One cue's text and the start of each of its words. */
  cue(clipNo: number, idx: number): StoredCueView | undefined {
    const blob = this.transcript(clipNo);
    return blob && decodeCue(blob, idx);
  }

  /**
   * The word's postings at the given clip levels (none or ALL_LEVELS: every level), newest first, strictly
   * before `beforeKey` when given. Returns up to `limit` items. Blocks are read one at a time, from the
   * cursor's on, and only while the page needs more: a first page of 20 reads one block of 64, not the
   * next one too. The directory skips the blocks that hold none of the levels asked for.
   */
  postings(
    wordId: number,
    levels: readonly number[],
    beforeKey: number | undefined,
    limit: number,
    keep?: PostingFilter,
  ): PagePosting[] {
    const mask = levelMask(levels);
    const out: PagePosting[] = [];
    for (const { block, occurrences } of this.#blocksHolding(wordId, mask, beforeKey)) {
      const n = blockLength(block);
      for (let i = beforeKey === undefined ? 0 : skipTo(block, beforeKey); i < n; i++) {
        if ((mask & (1 << levelOf(block, i))) === 0) continue;
        if (keep !== undefined && !keep(keyAt(block, i))) continue;
        out.push(pagePosting(block, occurrences, i));
        if (out.length === limit) return out;
      }
    }
    return out;
  }

  /** The word's first block with postings older than `beforeKey` (blocks are newest first). */
  #start(first: number, end: number, beforeKey: number | undefined): number {
    if (beforeKey === undefined) return first;
    let lo = first;
    let hi = end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#directory.minKey(mid) < beforeKey) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** One block by its id: from the block cache, else read and kept. */
  #blockAt(id: number): CachedBlock | undefined {
    const cached = this.#blockCache.get(id);
    if (cached !== undefined) return cached;
    const block = this.#block.get(id) as Buffer | undefined;
    return block === undefined ? undefined : this.#blockCache.add(id, block);
  }

  /**
   * The word's blocks that hold a level of `mask`, from the one `beforeKey` falls in (from the newest
   * without it), read one at a time as they are asked for.
   */
  *#blocksHolding(wordId: number, mask: number, beforeKey: number | undefined): Generator<CachedBlock> {
    const [first, end] = this.#directory.blocks(wordId);
    for (let b = this.#start(first, end, beforeKey); b < end; b++) {
      if (this.#directory.count(b, mask) === 0) continue;
      const block = this.#blockAt(blockId(wordId, b - first));
      if (block !== undefined) yield block;
    }
  }

  /**
   * The postings at the given ranks (0 = newest) among the word's postings at the given levels that `keep`
   * keeps, newest first: one pass over the blocks, up to the highest rank.
   */
  postingsAtRanks(
    wordId: number,
    levels: readonly number[],
    ranks: readonly number[],
    keep: PostingFilter,
  ): PagePosting[] {
    const wanted = [...ranks].sort((a, b) => a - b);
    const out: PagePosting[] = [];
    if (wanted.length === 0) return out;
    const mask = levelMask(levels);
    let rank = 0;
    let next = 0;
    for (const { block, occurrences } of this.#blocksHolding(wordId, mask, undefined)) {
      for (let i = 0; i < blockLength(block); i++) {
        if ((mask & (1 << levelOf(block, i))) === 0 || !keep(keyAt(block, i))) continue;
        if (rank++ !== wanted[next]) continue;
        out.push(pagePosting(block, occurrences, i));
        if (++next === wanted.length) return out;
      }
    }
    return out;
  }

  /** The posting at a rank (0 = newest) among the word's postings at the given clip levels. */
  postingAtRank(wordId: number, levels: readonly number[], rank: number): PagePosting | undefined {
    const mask = levelMask(levels);
    const directory = this.#directory;
    const [first, end] = directory.blocks(wordId);
    let rest = rank;
    for (let b = first; b < end; b++) {
      const n = directory.count(b, mask);
      if (rest >= n) {
        rest -= n;
        continue;
      }
      const cached = this.#blockAt(blockId(wordId, b - first));
      if (cached === undefined) return undefined;
      const { block, occurrences } = cached;
      for (let i = 0; i < blockLength(block); i++) {
        if ((mask & (1 << levelOf(block, i))) === 0) continue;
        if (rest-- === 0) return pagePosting(block, occurrences, i);
      }
      return undefined;
    }
    return undefined;
  }
}

/** Posting `i` of a block, with the block's occurrences. */
function pagePosting(block: Buffer, occurrences: BlockOccurrences, i: number): PagePosting {
  const { recentKey, tMs, cueIdx, level } = postingAt(block, i);
  return { recentKey, tMs, cueIdx, level, occurrences, at: i };
}

/** Index of the first posting in the block older than `beforeKey`. */
function skipTo(block: Buffer, beforeKey: number): number {
  let i = 0;
  while (i < blockLength(block) && keyAt(block, i) >= beforeKey) i++;
  return i;
}
