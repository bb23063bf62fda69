/** The snapshot's topic and corpus statistics per language, counted clip by clip as the writer stores them. */
import type Database from "better-sqlite3";
import { LEVELS, TOPICS } from "../domain.js";

function entry<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

export class CorpusCounts {
  /** language → topic → clips per level. */
  readonly #topics = new Map<string, Map<string, Int32Array>>();
  readonly #channels = new Map<string, Set<string>>();
  readonly #clips = new Map<string, number>();

  count(language: string, topic: string, level: number, channelId: string): void {
    const topics = entry(this.#topics, language, () => new Map<string, Int32Array>());
    const levels = entry(topics, topic, () => new Int32Array(LEVELS.length));
    levels[level] = (levels[level] as number) + 1;
    entry(this.#channels, language, () => new Set<string>()).add(channelId);
    this.#clips.set(language, (this.#clips.get(language) ?? 0) + 1);
  }

  /**
   * Writes `topic_stats` and `corpus_stats` for every language (one without clips too, at zero), with the
   * catalogue's words and words covered per language; returns each language's clips, words and covered.
   */
  write(
    db: Database.Database,
    languages: readonly string[],
    words: ReadonlyMap<string, { words: number; covered: number }>,
    builtAt: string,
  ): Record<string, { clips: number; words: number; wordsCovered: number }> {
    const insertTopic = db.prepare(
      "INSERT INTO topic_stats (language, topic, level, clips) VALUES (?, ?, ?, ?)",
    );
    const insertCorpus = db.prepare(
      "INSERT INTO corpus_stats (language, clips, channels, words, words_covered, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
    );
    const out: Record<string, { clips: number; words: number; wordsCovered: number }> = {};
    for (const language of languages) {
      const topics = this.#topics.get(language);
      for (const topic of TOPICS) {
        const levels = topics?.get(topic);
        LEVELS.forEach((_, level) => {
          insertTopic.run(language, topic, level, levels?.[level] ?? 0);
        });
      }
      const stats = words.get(language) ?? { words: 0, covered: 0 };
      const clips = this.#clips.get(language) ?? 0;
      insertCorpus.run(
        language,
        clips,
        this.#channels.get(language)?.size ?? 0,
        stats.words,
        stats.covered,
        builtAt,
      );
      out[language] = { clips, words: stats.words, wordsCovered: stats.covered };
    }
    return out;
  }
}
