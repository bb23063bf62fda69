/**
 * Writes a snapshot: to a temporary file beside the target, renamed into place only when complete, so a
 * reader never sees half a snapshot and an interrupted build leaves the previous one untouched.
 */
import { createHash } from "node:crypto";
import { mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { LEVELS, TOPICS } from "../domain.js";
import { rememberVerified, sealSnapshotFile } from "../snapshot/checksum.js";
import { encodeClipColumnsFromDb } from "../snapshot/clip-columns.js";
import { encodeFeedColumns, scanFeedColumns } from "../snapshot/feed-columns.js";
import { paceOf } from "../snapshot/pace.js";
import { BLOCK_POSTINGS, blockParts, deflateHeap } from "../snapshot/posting-block.js";
import { blockId, DIRECTORY_LEVELS, DirectoryWriter } from "../snapshot/posting-directory.js";
import { RECENT_KEY_CLIPS, SNAPSHOT_DDL, SNAPSHOT_SCHEMA_VERSION } from "../snapshot/schema.js";
import { setSpokenWordIds } from "../snapshot/transcript-blob.js";
import { PostingSorter } from "./posting-sorter.js";
import type { ProcessedClip } from "./process-clip.js";
import { type TokenEncoder, TokenIndexWriter } from "./token-index.js";
import { WordCounts } from "./word-counts.js";

/** A catalogue word with its final id, as the writer stores it. */
export interface WordRow {
  wordId: number;
  language: string;
  word: string;
  norm: string;
  level: number;
  pos: string[];
  variants: string[];
  meanings: Record<string, string>;
  /** 0: the level is from the CEFR lists; 1: estimated from spoken frequency. */
  levelSource: number;
  /** Occurrences per million words of spoken English; 0 when unknown. */
  frequency: number;
  /** Every spelling of the word: [norm, kind]. */
  spellings: Array<[string, number]>;
}

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

const BATCH = 500;
/** Heap bytes of the posting blocks deflated together, and batches deflating at once (`finishAsync`). */
const DEFLATE_BATCH_BYTES = 512 * 1024;
const DEFLATE_BATCHES_IN_FLIGHT = 4;

/** Deflates heaps of posting blocks (`deflateHeap` each), elsewhere: on worker threads. */
export type HeapDeflater = (heaps: readonly Uint8Array[]) => Promise<Uint8Array[]>;

/** What `finishAsync` hands to other threads: the posting blocks' heaps, the positional index's tokens. */
export interface FinishHelpers {
  deflate: HeapDeflater;
  encodeTokens: TokenEncoder;
}

/** Posting blocks whose heaps are still to be deflated: ids, header and fixed parts, heaps. */
interface BlockBatch {
  ids: number[];
  fixed: Buffer[];
  heaps: Buffer[];
  bytes: number;
}

function entry<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
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
  /** language → topic → clips per level. */
  readonly #topicCounts = new Map<string, Map<string, Int32Array>>();
  readonly #channels = new Map<string, Set<string>>();
  readonly #clipsPerLanguage = new Map<string, number>();
  #inBatch = 0;
  #clips = 0;
  #postingCount = 0;
  #blockRows = 0;
  #done = false;

  constructor(outPath: string) {
    this.#outPath = outPath;
    this.#tmpPath = `${outPath}.tmp-${process.pid}`;
    mkdirSync(path.dirname(outPath), { recursive: true });
    rmSync(this.#tmpPath, { force: true });
    this.#db = new Database(this.#tmpPath);
    this.#db.pragma("journal_mode = OFF");
    this.#db.pragma("synchronous = OFF");
    this.#db.pragma("locking_mode = EXCLUSIVE");
    this.#db.pragma("cache_size = -262144");
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
    this.#postings = new PostingSorter(`${this.#tmpPath}.postings`);
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
    this.#count(meta.language, clip.topic, clip.level, meta.channelId);
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

  #count(language: string, topic: string, level: number, channelId: string): void {
    const topics = entry(this.#topicCounts, language, () => new Map<string, Int32Array>());
    const levels = entry(topics, topic, () => new Int32Array(LEVELS.length));
    levels[level] = (levels[level] as number) + 1;
    entry(this.#channels, language, () => new Set<string>()).add(channelId);
    this.#clipsPerLanguage.set(language, (this.#clipsPerLanguage.get(language) ?? 0) + 1);
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
    for (const batch of this.#postingBatches(directory))
      this.#writeBlocks(
        batch,
        batch.heaps.map((heap) => deflateHeap(heap)),
      );
    this.#writeDirectory(directory);
    this.#tokens.write(this.#db);
    return this.#finishRest(words, languages, builtAt, meta);
  }

  /**
   * As `finish`, with the posting blocks' heaps deflated by `deflate` (on other threads) a batch at a time
   * while this thread sorts and encodes the next; the blocks are written in the same order, so the
   * snapshot is the same.
   */
  async finishAsync(
    words: readonly WordRow[],
    languages: readonly string[],
    builtAt: string,
    meta: Record<string, string>,
    { deflate, encodeTokens }: FinishHelpers,
  ): Promise<SnapshotSummary> {
    const directory = new DirectoryWriter();
    const inFlight: Array<{ batch: BlockBatch; deflated: Promise<Uint8Array[]> }> = [];
    const writeOldest = async (): Promise<void> => {
      const oldest = inFlight.shift();
      if (oldest) this.#writeBlocks(oldest.batch, await oldest.deflated);
    };
    try {
      for (const batch of this.#postingBatches(directory)) {
        inFlight.push({ batch, deflated: deflate(batch.heaps) });
        if (inFlight.length >= DEFLATE_BATCHES_IN_FLIGHT) await writeOldest();
      }
      while (inFlight.length > 0) await writeOldest();
    } finally {
      // None left to reject unobserved.
      await Promise.allSettled(inFlight.map((b) => b.deflated));
    }
    this.#writeDirectory(directory);
    await this.#tokens.writeAsync(this.#db, encodeTokens);
    return this.#finishRest(words, languages, builtAt, meta);
  }

  #writeDirectory(directory: DirectoryWriter): void {
    this.#db
      .prepare("INSERT INTO posting_directory (name, data) VALUES ('postings', ?)")
      .run(directory.encode());
    this.#postings.close();
  }

  #finishRest(
    words: readonly WordRow[],
    languages: readonly string[],
    builtAt: string,
    meta: Record<string, string>,
  ): SnapshotSummary {
    const insertWord = this.#db.prepare(
      `INSERT INTO words (word_id, language, word, norm, level, pos, variants, meanings, clip_count, clips_by_level, level_source, frequency)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertSpelling = this.#db.prepare(
      "INSERT OR IGNORE INTO spellings (language, norm, word_id, kind) VALUES (?, ?, ?, ?)",
    );
    const perLanguage = new Map<string, { words: number; covered: number }>(
      languages.map((l) => [l, { words: 0, covered: 0 }]),
    );
    for (const w of words) {
      const counts = this.#wordCounts.byLevel(w.wordId);
      const clipCount = counts.reduce((a, b) => a + b, 0);
      insertWord.run(
        w.wordId,
        w.language,
        w.word,
        w.norm,
        w.level,
        JSON.stringify(w.pos),
        JSON.stringify(w.variants),
        JSON.stringify(w.meanings),
        clipCount,
        JSON.stringify([...counts]),
        w.levelSource,
        w.frequency,
      );
      for (const [norm, kind] of w.spellings) insertSpelling.run(w.language, norm, w.wordId, kind);
      const stats = perLanguage.get(w.language);
      if (stats) {
        stats.words++;
        if (clipCount > 0) stats.covered++;
      }
      this.#hash.update(JSON.stringify([w, clipCount, [...counts]]));
    }
    const insertPace = this.#db.prepare("INSERT INTO word_pace_counts (word_id, counts) VALUES (?, ?)");
    for (const [wordId, counts] of this.#wordCounts.byPace())
      insertPace.run(wordId, JSON.stringify([...counts]));
    const insertTopic = this.#db.prepare(
      "INSERT INTO topic_stats (language, topic, level, clips) VALUES (?, ?, ?, ?)",
    );
    const insertCorpus = this.#db.prepare(
      "INSERT INTO corpus_stats (language, clips, channels, words, words_covered, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
    );
    const summary: SnapshotSummary = {
      buildId: "",
      clips: this.#clips,
      postings: this.#postingCount,
      languages: {},
    };
    for (const language of languages) {
      const topics = this.#topicCounts.get(language);
      for (const topic of TOPICS) {
        const levels = topics?.get(topic);
        LEVELS.forEach((_, level) => {
          insertTopic.run(language, topic, level, levels?.[level] ?? 0);
        });
      }
      const stats = perLanguage.get(language) ?? { words: 0, covered: 0 };
      const clips = this.#clipsPerLanguage.get(language) ?? 0;
      insertCorpus.run(
        language,
        clips,
        this.#channels.get(language)?.size ?? 0,
        stats.words,
        stats.covered,
        builtAt,
      );
      summary.languages[language] = { clips, words: stats.words, wordsCovered: stats.covered };
    }
    this.#hash.update(builtAt);
    summary.buildId = this.#hash.digest("hex").slice(0, 32);
    const insertMeta = this.#db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)");
    for (const [key, value] of Object.entries({ ...meta, build_id: summary.buildId, built_at: builtAt })) {
      insertMeta.run(key, value);
    }
    this.#db
      .prepare("INSERT INTO feed_columns (name, data) VALUES ('clips', ?)")
      .run(encodeFeedColumns(scanFeedColumns(this.#db)));
    this.#db
      .prepare("INSERT INTO clip_columns (name, data) VALUES ('clips', ?)")
      .run(encodeClipColumnsFromDb(this.#db));
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

  /**
   * Postings in blocks, each word's newest first (see `posting-block.ts`), in batches whose heaps are still
   * to be deflated; the directory of the levels each block holds (`posting-directory.ts`) is filled in.
   */
  *#postingBatches(directory: DirectoryWriter): Generator<BlockBatch> {
    let batch: BlockBatch = { ids: [], fixed: [], heaps: [], bytes: 0 };
    for (const { wordId, list } of this.#postings.groups()) {
      const blocks = [];
      for (let start = 0; start < list.keys.length; start += BLOCK_POSTINGS) {
        const end = Math.min(list.keys.length, start + BLOCK_POSTINGS);
        const { fixed, heap } = blockParts(list, start, end, true);
        batch.ids.push(blockId(wordId, blocks.length));
        batch.fixed.push(fixed);
        batch.heaps.push(heap);
        batch.bytes += heap.length;
        const minKey = list.keys[end - 1] as number;
        const counts = new Uint8Array(DIRECTORY_LEVELS);
        for (let i = start; i < end; i++)
          counts[list.level[i] as number] = (counts[list.level[i] as number] as number) + 1;
        blocks.push({ minKey, counts });
      }
      directory.add(wordId, blocks);
      if (batch.bytes >= DEFLATE_BATCH_BYTES) {
        yield batch;
        batch = { ids: [], fixed: [], heaps: [], bytes: 0 };
      }
    }
    if (batch.ids.length > 0) yield batch;
  }

  /** A batch of posting blocks, their heaps deflated, into the snapshot in order. */
  #writeBlocks(batch: BlockBatch, deflated: readonly Uint8Array[]): void {
    for (let i = 0; i < batch.ids.length; i++) {
      const block = Buffer.concat([batch.fixed[i] as Buffer, deflated[i] as Uint8Array]);
      this.#insertBlock.run(batch.ids[i], block);
      this.#hash.update(block);
      if (++this.#blockRows % 10_000 === 0) this.#db.exec("COMMIT; BEGIN");
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
