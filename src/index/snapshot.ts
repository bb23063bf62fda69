/**
 * A snapshot opened for serving: catalogue words, lookup and search structures and the feed in memory;
 * clips, cues and postings read from the file on demand. Read-only, safe to share by every request.
 */
import type Database from "better-sqlite3";
import { LEVELS, TOPICS } from "../domain.js";
import { readClipColumns } from "../snapshot/clip-columns.js";
import { openSnapshotFile } from "../snapshot/open.js";
import { type BackgroundBuild, buildInBackground } from "./background-build.js";
import { ClipFragments } from "./clip-fragments.js";
import { ClipStore } from "./clips.js";
import { Feed } from "./feed.js";
import { FuzzyIndex } from "./fuzzy.js";
import { PhraseIndex } from "./phrase-index.js";
import { PhraseSearch } from "./phrase-search.js";
import { WordCatalog, type WordRowDb } from "./word-catalog.js";
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

export interface SnapshotOptions {
  /**
   * Build the near-spelling structures and autocomplete lists in worker threads, started as soon as the
   * catalogue is read (`prepared` settles when they are done); otherwise they are built on first use.
   */
  background?: boolean;
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
  readonly #background: BackgroundBuild[] = [];
  /**
   * Settles when the background builds are done (at once without them); each value is undefined, or why
   * that language's structures will be built on its first lookup instead. Never rejects.
   */
  readonly prepared: Promise<Array<string | undefined>>;

  constructor(path: string, options: SnapshotOptions = {}) {
    this.path = path;
    this.#db = openSnapshotFile(path);
    const meta = new Map(
      (this.#db.prepare("SELECT key, value FROM meta").raw().all() as Array<[string, string]>).map(
        ([k, v]) => [k, v],
      ),
    );
    this.buildId = meta.get("build_id") ?? "";
    this.builtAt = meta.get("built_at") ?? "";
    this.clips = new ClipStore(this.#db);
    this.fragments = new ClipFragments(readClipColumns(this.#db));
    this.feed = new Feed(this.#db);
    this.phrases = new PhraseSearch(new PhraseIndex(this.#db));

    const words = this.#db
      .prepare(
        "SELECT word_id, language, word, norm, level, pos, variants, meanings, clip_count, clips_by_level, level_source, frequency FROM words ORDER BY word_id",
      )
      .all() as Array<WordRowDb & { language: string }>;
    const spellings = this.#db.prepare("SELECT language, norm, word_id, kind FROM spellings").all() as Array<{
      language: string;
      norm: string;
      word_id: number;
      kind: number;
    }>;
    const languages = [...new Set(words.map((w) => w.language))].sort();
    for (const language of languages) {
      const catalog = new WordCatalog(
        language,
        words.filter((w) => w.language === language),
        spellings.filter((s) => s.language === language),
      );
      const fuzzy = new FuzzyIndex(catalog);
      const search = new WordSearch(catalog);
      if (options.background === true) this.#background.push(buildInBackground(fuzzy, search));
      this.#languages.set(language, { catalog, fuzzy, search });
    }
    this.prepared = Promise.all(this.#background.map((b) => b.done));

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
    for (const build of this.#background) build.cancel();
    this.#db.close();
  }
}
