/**
 * A snapshot opened for serving: catalogue words, lookup and search structures and the feed in memory;
 * clips, cues and postings read from the file on demand. Read-only, safe to share by every request.
 */
import type Database from "better-sqlite3";
import { LEVELS, TOPICS } from "../domain.js";
import { readClipColumns } from "../snapshot/clip-columns.js";
import { openSnapshotFile } from "../snapshot/open.js";
import { type ReadAheadValues, readAhead } from "../snapshot/read-ahead.js";
import { readCatalogs } from "./catalogs.js";
import { readCatalogueLookups } from "./catalogue-lookups.js";
import { ClipFragments } from "./clip-fragments.js";
import { ClipStore } from "./clips.js";
import { Feed } from "./feed.js";
import { FuzzyIndex } from "./fuzzy.js";
import { PhraseIndex } from "./phrase-index.js";
import { PhraseSearch } from "./phrase-search.js";
import type { WordCatalog } from "./word-catalog.js";
import { WordSearch } from "./word-search.js";

export interface LanguageIndex {
  catalog: WordCatalog;
  fuzzy: FuzzyIndex;
  search: WordSearch;
}

export interface CorpusLanguage {
  language: string;
  clips: number;
  channels: number;
  words: number;
  wordsCovered: number;
  coverage: number;
}

export interface TopicStat {
  topic: string;
  clips: number;
  byLevel: Partial<Record<(typeof LEVELS)[number], number>>;
}

/** The build id a snapshot's metadata records. */
function buildIdOf(db: Database.Database): string {
  return (
    (db.prepare("SELECT value FROM meta WHERE key = 'build_id'").pluck().get() as string | undefined) ?? ""
  );
}

export interface SnapshotOptions {
  /** Memory for the posting blocks read (`block-cache.ts`); by default `BLOCK_CACHE_BYTES`. */
  blockCacheBytes?: number;
}

export class Snapshot {
  readonly path: string;
  readonly buildId: string;
  readonly builtAt: string;
  readonly clips: ClipStore;
  /** Every clip's summary, in memory, as JSON text. */
  readonly fragments: ClipFragments;
  readonly feed: Feed;
  readonly phrases: PhraseSearch;
  readonly corpus: CorpusLanguage[];
  readonly #languages = new Map<string, LanguageIndex>();
  readonly #topics = new Map<string, TopicStat[]>();
  readonly #db: Database.Database;
  /**
   * Stored lookups that could not be used, and are built on first use instead (none from a snapshot this
   * version built).
   */
  readonly lookupProblems: string[] = [];

  /**
   * Opens the snapshot at `path`, with its largest values read on a worker thread meanwhile (see
   * `snapshot/read-ahead.ts`): what the constructor does, in less time.
   */
  static async open(path: string, options: SnapshotOptions = {}): Promise<Snapshot> {
    let db: Database.Database | undefined;
    const ahead = readAhead(path, () => (db === undefined ? "" : buildIdOf(db)));
    let catalogs: Map<string, WordCatalog>;
    try {
      db = openSnapshotFile(path);
      catalogs = readCatalogs(db);
    } catch (error) {
      db?.close();
      ahead.cancel();
      throw error;
    }
    return new Snapshot(path, options, { db, catalogs, values: (await ahead.values) ?? {} });
  }

  /** `opened`: the file opened and its catalogue and values read already, by `Snapshot.open`. */
  constructor(
    path: string,
    options: SnapshotOptions = {},
    opened?: { db: Database.Database; catalogs: Map<string, WordCatalog>; values: ReadAheadValues },
  ) {
    this.path = path;
    this.#db = opened?.db ?? openSnapshotFile(path);
    const meta = new Map(
      (this.#db.prepare("SELECT key, value FROM meta").raw().all() as Array<[string, string]>).map(
        ([k, v]) => [k, v],
      ),
    );
    this.buildId = meta.get("build_id") ?? "";
    this.builtAt = meta.get("built_at") ?? "";
    this.clips = new ClipStore(this.#db, opened?.values.postingDirectory, options.blockCacheBytes);
    this.fragments = new ClipFragments(readClipColumns(this.#db, opened?.values.clipColumns));
    this.feed = new Feed(this.#db);
    this.phrases = new PhraseSearch(new PhraseIndex(this.#db));

    for (const [language, catalog] of opened?.catalogs ?? readCatalogs(this.#db)) {
      const index = { catalog, fuzzy: new FuzzyIndex(catalog), search: new WordSearch(catalog) };
      this.lookupProblems.push(...readCatalogueLookups(this.#db, language, index.fuzzy, index.search));
      this.#languages.set(language, index);
    }

    this.corpus = (
      this.#db
        .prepare("SELECT language, clips, channels, words, words_covered FROM corpus_stats ORDER BY language")
        .all() as Array<{
        language: string;
        clips: number;
        channels: number;
        words: number;
        words_covered: number;
      }>
    ).map((r) => ({
      language: r.language,
      clips: r.clips,
      channels: r.channels,
      words: r.words,
      wordsCovered: r.words_covered,
      coverage: r.words === 0 ? 0 : r.words_covered / r.words,
    }));

    const topicRows = this.#db
      .prepare("SELECT language, topic, level, clips FROM topic_stats")
      .all() as Array<{
      language: string;
      topic: string;
      level: number;
      clips: number;
    }>;
    for (const { language } of this.corpus) {
      this.#topics.set(
        language,
        TOPICS.map((topic) => {
          const byLevel: TopicStat["byLevel"] = {};
          let clips = 0;
          for (const row of topicRows) {
            if (row.language !== language || row.topic !== topic || row.clips === 0) continue;
            byLevel[LEVELS[row.level] as (typeof LEVELS)[number]] = row.clips;
            clips += row.clips;
          }
          return { topic, clips, byLevel };
        }),
      );
    }
  }

  language(code: string): LanguageIndex | undefined {
    return this.#languages.get(code);
  }

  /** Every topic of the fixed list for a language (zero counts included); empty for an unknown language. */
  topics(language: string): TopicStat[] {
    return this.#topics.get(language) ?? TOPICS.map((topic) => ({ topic, clips: 0, byLevel: {} }));
  }

  close(): void {
    this.#db.close();
  }
}
