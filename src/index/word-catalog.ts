/** One clip language's catalogue words, held in memory: every lookup and autocomplete starts here. */
import { CatalogueMatcher } from "../catalogue/matcher.js";
import { LEVELS } from "../domain.js";

export interface WordEntry {
  /** Position in the catalog's `words` array. */
  index: number;
  wordId: number;
  word: string;
  norm: string;
  /** 0 = A1 … 5 = C2. */
  level: number;
  pos: string[];
  variants: string[];
  meanings: Readonly<Record<string, string>>;
  clipCount: number;
  /** Clips by the clip's level, six counts. */
  clipsByLevel: Int32Array;
  /** The level is from the CEFR lists, or estimated from spoken frequency. */
  levelSource: "cefr" | "estimated";
  /** Occurrences per million words of spoken English; 0 when unknown. */
  frequency: number;
}

export interface SpellingRef {
  index: number;
  /** 0 headword, 1 variant, 2 inflected form. */
  kind: number;
}

export interface WordRowDb {
  word_id: number;
  word: string;
  norm: string;
  level: number;
  pos: string;
  variants: string;
  meanings: string;
  clip_count: number;
  clips_by_level: string;
  level_source: number;
  frequency: number;
}

export class WordCatalog {
  readonly language: string;
  readonly words: WordEntry[];
  readonly #byId = new Map<number, WordEntry>();
  readonly #spellings = new Map<string, SpellingRef[]>();
  #matcherSpellings: Array<{ norm: string; word: number }> | undefined = [];
  #matcher: CatalogueMatcher | undefined;

  constructor(
    language: string,
    rows: readonly WordRowDb[],
    spellings: Iterable<{ norm: string; word_id: number; kind: number }>,
  ) {
    this.language = language;
    this.words = rows.map((row, index) => ({
      index,
      wordId: row.word_id,
      word: row.word,
      norm: row.norm,
      level: row.level,
      pos: JSON.parse(row.pos) as string[],
      variants: JSON.parse(row.variants) as string[],
      meanings: JSON.parse(row.meanings) as Record<string, string>,
      clipCount: row.clip_count,
      clipsByLevel: Int32Array.from(JSON.parse(row.clips_by_level) as number[]),
      levelSource: row.level_source === 1 ? "estimated" : "cefr",
      frequency: row.frequency,
    }));
    for (const entry of this.words) this.#byId.set(entry.wordId, entry);
    const matcherSpellings = this.#matcherSpellings as Array<{ norm: string; word: number }>;
    for (const s of spellings) {
      const entry = this.#byId.get(s.word_id);
      if (entry === undefined) continue;
      const list = this.#spellings.get(s.norm) ?? [];
      list.push({ index: entry.index, kind: s.kind });
      this.#spellings.set(s.norm, list);
      matcherSpellings.push({ norm: s.norm, word: entry.index });
    }
  }

  /**
   * Matches spoken tokens to catalogue words (multi-word entries included). Built on first use: a server
   * needs it only for `occurrences=all`, so its start-up does not wait for it.
   */
  get matcher(): CatalogueMatcher {
    if (this.#matcher === undefined) {
      this.#matcher = new CatalogueMatcher(this.#matcherSpellings ?? []);
      this.#matcherSpellings = undefined;
    }
    return this.#matcher;
  }

  byId(wordId: number): WordEntry | undefined {
    return this.#byId.get(wordId);
  }

  spellingsOf(norm: string): readonly SpellingRef[] {
    return this.#spellings.get(norm) ?? NONE;
  }

  /** Every distinct spelling key: headwords, variants and inflected forms. */
  spellingNorms(): string[] {
    return [...this.#spellings.keys()];
  }

  /** Clips of the word at the given clip levels (all levels when the set is empty). */
  clipCountAt(entry: WordEntry, levels: readonly number[]): number {
    if (levels.length === 0 || levels.length === LEVELS.length) return entry.clipCount;
    let n = 0;
    for (const level of levels) n += entry.clipsByLevel[level] ?? 0;
    return n;
  }
}

const NONE: readonly SpellingRef[] = Object.freeze([]);
