/**
 * Writes a snapshot: to a temporary file beside the target, renamed into place only when complete, so a
 * reader never sees half a snapshot and an interrupted build leaves the previous one untouched.
 */

import { createHash } from "node:crypto";
import { mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import {
  type NearSpellingPacker,
  startCatalogueLookups,
  writeCatalogueLookups,
} from "../index/catalogue-lookups.js";
import { rememberVerified, sealSnapshotFile } from "../snapshot/checksum.js";
import { paceOf } from "../snapshot/pace.js";
import {
  blockId,
  DIRECTORY_LEVELS,
  type DirectoryBlock,
  DirectoryWriter,
} from "../snapshot/posting-directory.js";
import { RECENT_KEY_CLIPS, SNAPSHOT_DDL, SNAPSHOT_SCHEMA_VERSION } from "../snapshot/schema.js";
import { setSpokenWordIds } from "../snapshot/transcript-blob.js";
import { type EncodedColumns, encodeColumns, writeColumns } from "./columns.js";
import { CorpusCounts } from "./corpus-stats.js";
import { type MergedBlocks, type MergeJob, mergeWords, type PostingMerger } from "./posting-merge.js";
import { PostingSorter } from "./posting-sorter.js";
import type { ProcessedClip } from "./process-clip.js";
import type { RunSpiller } from "./spill-thread.js";
import type { TokenEncoder } from "./token-batch.js";
import { TokenIndexWriter } from "./token-index.js";
import { WordCounts } from "./word-counts.js";
import { type WordRow, writeWordRows } from "./word-rows.js";

export interface ClipIds {
  clipNo: number;
  clipId: string;
  indexedAt: string;
}

export interface SnapshotSummary {
  buildId: string;
  clips: number;
  postings: number;
  languages: Record<string, { clips: number; words: number; wordsCovered: number }>;
}

/**
 * Clips a transaction. Each commit writes the transaction's pages: 5,000 clips (about 22 MB of transcripts
 * and rows) in place of 500 saved about 2 s of this thread's CPU over 100,000 clips. Pages that outgrow the
 * page cache set below are written before the commit, which costs no more with the journal off.
 */
const BATCH = 5000;
/** Staged bytes of the words merged in one job (`posting-merge.ts`), and jobs merging at once. */
const MERGE_JOB_BYTES = 2 * 1024 * 1024;
const MERGES_IN_FLIGHT = 4;
/**
 * Merge jobs handed out before this thread encodes the feed and clip columns (about a second over 100,000
 * clips, which it would otherwise spend alone at the end): enough to keep two workers busy meanwhile, a
 * job taking them about 50 ms.
 */
const MERGES_AHEAD_OF_COLUMNS = 48;

/**
 * What `finishAsync` hands to other threads: the words' postings to merge, the positional index's tokens,
 * the catalogues' near-spelling structures.
 */
export interface FinishHelpers {
  mergePostings: PostingMerger;
  encodeTokens: TokenEncoder;
  packNearSpellings: NearSpellingPacker;
}

export class SnapshotWriter {
  readonly #db: Database.Database;
  readonly #tmpPath: string;
  readonly #outPath: string;
  readonly #hash = createHash("sha256");
  readonly #insertClip: Database.Statement;
  readonly #insertTranscript: Database.Statement;
  readonly #insertBlock: Database.Statement;
  readonly #postings: PostingSorter;
  readonly #tokens: TokenIndexWriter;
  /** Clips per word by clip level, and by clip level and speech pace. */
  readonly #wordCounts = new WordCounts();
  /** Clips per language, topic and level, and channels per language. */
  readonly #corpus = new CorpusCounts();
  #inBatch = 0;
  #clips = 0;
  #postingCount = 0;
  #blockRows = 0;
  #done = false;

  /** With `spiller`, full chunks of postings are written to the staging file on another thread. */
  constructor(outPath: string, spiller?: RunSpiller) {
    this.#outPath = outPath;
    this.#tmpPath = `${outPath}.tmp-${process.pid}`;
    mkdirSync(path.dirname(outPath), { recursive: true });
    rmSync(this.#tmpPath, { force: true });
    this.#db = new Database(this.#tmpPath);
    this.#db.pragma("journal_mode = OFF");
    this.#db.pragma("synchronous = OFF");
    this.#db.pragma("locking_mode = EXCLUSIVE");
    // 32 MB: the tables are appended to, so little is read back; a larger cache only costs the first touch
    // of its pages (256 MB: about 120,000 more page faults and 400 MB more resident over 100,000 clips).
    this.#db.pragma("cache_size = -32768");
    this.#db.pragma("page_size = 8192");
    this.#db.exec(SNAPSHOT_DDL);
    this.#insertClip = this.#db.prepare(
      `INSERT INTO clips (clip_no, clip_id, video_id, title, language, level, topic, duration_s, channel_id,
        channel_name, published_day, recent_key, indexed_at, word_count, words_per_minute, generated, caption_format,
        word_times, meta)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#insertTranscript = this.#db.prepare("INSERT INTO transcripts (clip_no, data) VALUES (?, ?)");
    this.#insertBlock = this.#db.prepare("INSERT INTO postings (block_id, data) VALUES (?, ?)");
    this.#postings = new PostingSorter(`${this.#tmpPath}.postings`, undefined, undefined, spiller);
    this.#tokens = new TokenIndexWriter(`${this.#tmpPath}.tokens`);
    this.#db.exec("BEGIN");
  }

  get tmpPath(): string {
    return this.#tmpPath;
  }

  /** Stores one clip. `wordIds` maps the clip language's word indexes to word ids. */
  addClip(clip: ProcessedClip, ids: ClipIds, wordIds: Int32Array): void {
    const { meta } = clip;
    if (ids.clipNo >= RECENT_KEY_CLIPS)
      throw new RangeError(`clip number ${ids.clipNo} exceeds the snapshot's limit`);
    const recentKey = meta.publishedDay * RECENT_KEY_CLIPS + ids.clipNo;
    const row = [
      ids.clipNo,
      ids.clipId,
      meta.videoId,
      meta.title,
      meta.language,
      clip.level,
      clip.topic,
      meta.durationS,
      meta.channelId,
      meta.channelName,
      meta.publishedDay,
      recentKey,
      ids.indexedAt,
      clip.wordCount,
      clip.wordsPerMinute,
      meta.generated ? 1 : 0,
      clip.captionFormat,
      clip.wordTimes,
      JSON.stringify({ categories: meta.categories, tags: meta.tags }),
    ];
    this.#insertClip.run(...row);
    const t = clip.transcript;
    const transcript = Buffer.from(t.buffer, t.byteOffset, t.byteLength);
    setSpokenWordIds(transcript, wordIds);
    this.#insertTranscript.run(ids.clipNo, transcript);
    // The build id covers everything served, so a changed snapshot never keeps an ETag.
    this.#hash.update(JSON.stringify(row)).update(transcript);
    const p = clip.postings;
    this.#postings.addClip(wordIds, clip.level, recentKey, p, clip.occurrences, clip.occurrenceBytes);
    const pace = paceOf(clip.wordsPerMinute);
    for (let i = 0; i < p.length; i += 3)
      this.#wordCounts.add(wordIds[p[i] as number] as number, clip.level, pace);
    this.#tokens.add(meta.language, recentKey, clip.level, clip.tokens);
    this.#corpus.count(meta.language, clip.topic, clip.level, meta.channelId);
    this.#clips++;
    this.#postingCount += p.length / 3;
    if (++this.#inBatch >= BATCH) {
      this.#db.exec("COMMIT; BEGIN");
      this.#inBatch = 0;
    }
  }

  /** A clip processed for this snapshot but not stored (a duplicate): what it taught its token dictionary. */
  passOver(clip: ProcessedClip): void {
    this.#tokens.learn(clip.tokens);
  }

  /**
   * Writes words, statistics and metadata, then renames the file into place. `languages` lists every
   * catalogue language, so a language without clips still appears with zero coverage.
   */
  finish(
    words: readonly WordRow[],
    languages: readonly string[],
    builtAt: string,
    meta: Record<string, string>,
  ): SnapshotSummary {
    const directory = new DirectoryWriter();
    for (const job of this.#postings.mergeJobs(MERGE_JOB_BYTES))
      this.#writeMerged(job, mergeWords(job), directory);
    this.#writeDirectory(directory);
    this.#tokens.write(this.#db);
    const summary = this.#writeWords(words, languages, builtAt, meta);
    writeColumns(this.#db, encodeColumns(this.#db));
    writeCatalogueLookups(this.#db);
    return this.#seal(summary);
  }

  /**
   * As `finish`, with the words' postings merged into blocks by `mergePostings` (on other threads) a batch
   * of words at a time while this thread writes the blocks of the batch before; the blocks are written in
   * the same order, so the snapshot is the same.
   */
  async finishAsync(
    words: readonly WordRow[],
    languages: readonly string[],
    builtAt: string,
    meta: Record<string, string>,
    { mergePostings, encodeTokens, packNearSpellings }: FinishHelpers,
  ): Promise<SnapshotSummary> {
    const directory = new DirectoryWriter();
    await this.#postings.settle();
    const inFlight: Array<{ job: MergeJob; merged: Promise<MergedBlocks> }> = [];
    const writeOldest = async (): Promise<void> => {
      const oldest = inFlight.shift();
      if (oldest) this.#writeMerged(oldest.job, await oldest.merged, directory);
    };
    // The columns are encoded while the workers merge the first jobs, then written in their place below.
    let columns: EncodedColumns | undefined;
    try {
      for (const job of this.#postings.mergeJobs(MERGE_JOB_BYTES)) {
        inFlight.push({ job, merged: mergePostings(job) });
        if (columns === undefined) {
          if (inFlight.length < MERGES_AHEAD_OF_COLUMNS) continue;
          columns = encodeColumns(this.#db);
        }
        while (inFlight.length >= MERGES_IN_FLIGHT) await writeOldest();
      }
      columns ??= encodeColumns(this.#db);
      while (inFlight.length > 0) await writeOldest();
    } finally {
      // None left to reject unobserved.
      await Promise.allSettled(inFlight.map((b) => b.merged));
    }
    this.#writeDirectory(directory);
    await this.#tokens.writeAsync(this.#db, encodeTokens);
    const summary = this.#writeWords(words, languages, builtAt, meta);
    // The near-spelling structures are built elsewhere while this thread writes the columns.
    const lookups = startCatalogueLookups(this.#db, packNearSpellings);
    writeColumns(this.#db, columns);
    await lookups;
    return this.#seal(summary);
  }

  #writeDirectory(directory: DirectoryWriter): void {
    this.#db
      .prepare("INSERT INTO posting_directory (name, data) VALUES ('postings', ?)")
      .run(directory.encode());
    this.#postings.close();
  }

  /** Words, statistics and metadata (the build id among them). */
  #writeWords(
    words: readonly WordRow[],
    languages: readonly string[],
    builtAt: string,
    meta: Record<string, string>,
  ): SnapshotSummary {
    const perLanguage = writeWordRows(this.#db, words, languages, this.#wordCounts, this.#hash);
    const summary: SnapshotSummary = {
      buildId: "",
      clips: this.#clips,
      postings: this.#postingCount,
      languages: this.#corpus.write(this.#db, languages, perLanguage, builtAt),
    };
    this.#hash.update(builtAt);
    summary.buildId = this.#hash.digest("hex").slice(0, 32);
    const insertMeta = this.#db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)");
    for (const [key, value] of Object.entries({ ...meta, build_id: summary.buildId, built_at: builtAt })) {
      insertMeta.run(key, value);
    }
    return summary;
  }

  /** Commits, seals and renames the file into place. */
  #seal(summary: SnapshotSummary): SnapshotSummary {
    this.#db.exec("COMMIT");
    this.#db.exec("ANALYZE");
    this.#db.pragma(`user_version = ${SNAPSHOT_SCHEMA_VERSION}`);
    this.#db.close();
    const seal = sealSnapshotFile(this.#tmpPath);
    renameSync(this.#tmpPath, this.#outPath);
    // Just read in full for its seal: a server starting on it need not read it again.
    rememberVerified(this.#outPath, seal);
    this.#done = true;
    return summary;
  }

  /** A job's words' blocks into the snapshot in order, and their entries into the directory. */
  #writeMerged(job: MergeJob, merged: MergedBlocks, directory: DirectoryWriter): void {
    if (merged.blocks.length !== job.wordIds.length)
      throw new Error("posting merge: a batch came back with another number of words");
    let block = 0;
    for (let w = 0; w < job.wordIds.length; w++) {
      const wordId = job.wordIds[w] as number;
      const entries: DirectoryBlock[] = [];
      for (let ordinal = 0; ordinal < (merged.blocks[w] as number); ordinal++, block++) {
        const from = block === 0 ? 0 : (merged.ends[block - 1] as number);
        const data = merged.data.subarray(from, merged.ends[block] as number);
        const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
        this.#insertBlock.run(blockId(wordId, ordinal), bytes);
        this.#hash.update(bytes);
        if (++this.#blockRows % 10_000 === 0) this.#db.exec("COMMIT; BEGIN");
        const at = block * DIRECTORY_LEVELS;
        entries.push({
          minKey: merged.minKeys[block] as number,
          counts: merged.levelCounts.subarray(at, at + DIRECTORY_LEVELS),
        });
      }
      directory.add(wordId, entries);
    }
  }

  /** Drops the temporary file; the previous snapshot (if any) is untouched. */
  abort(): void {
    if (this.#done) return;
    this.#done = true;
    try {
      this.#postings.close();
      this.#tokens.close();
      if (this.#db.open) this.#db.close();
    } finally {
      rmSync(this.#tmpPath, { force: true });
    }
  }
}
