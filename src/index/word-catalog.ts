/** One clip language's catalogue words, held in memory: every lookup and autocomplete starts here. */
import { CatalogueMatcher } from "../catalogue/matcher.js";
import { LEVELS } from "../domain.js";

export interface WordEntry {
  /** Position in the catalog's `words` array. */
  readonly index: number;
  readonly wordId: number;
  readonly word: string;
  readonly norm: string;
  /** 0 = A1 … 5 = C2. */
  readonly level: number;
  readonly pos: string[];
  readonly variants: string[];
  readonly meanings: Readonly<Record<string, string>>;
  readonly clipCount: number;
  /** Clips by the clip's level, six counts. */
  readonly clipsByLevel: Int32Array;
  /** The level is from the CEFR lists, or estimated from spoken frequency. */
  readonly levelSource: "cefr" | "estimated";
  /** Occurrences per million words of spoken English; 0 when unknown. */
  readonly frequency: number;
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

/**
 * A word as a catalogue holds it. Its parts of speech, variants, meanings and counts by level are kept as
 * the JSON the snapshot stores and parsed on first use: a start reads every word, an answer needs few, and
 * parsing them all (and collecting what that allocates) was a fifth of reading the catalogue.
 */
class CatalogueWord implements WordEntry {
  readonly index: number;
  readonly wordId: number;
  readonly word: string;
  readonly norm: string;
  readonly level: number;
  readonly clipCount: number;
  readonly levelSource: "cefr" | "estimated";
  readonly frequency: number;
  #pos: string[] | string;
  #variants: string[] | string;
  #meanings: Readonly<Record<string, string>> | string;
  #clipsByLevel: Int32Array | string;

  constructor(row: WordRowDb, index: number) {
    this.index = index;
    this.wordId = row.word_id;
    this.word = row.word;
    this.norm = row.norm;
    this.level = row.level;
    this.clipCount = row.clip_count;
    this.levelSource = row.level_source === 1 ? "estimated" : "cefr";
    this.frequency = row.frequency;
    this.#pos = row.pos;
    this.#variants = row.variants;
    this.#meanings = row.meanings;
    this.#clipsByLevel = row.clips_by_level;
  }

  get pos(): string[] {
    if (typeof this.#pos === "string") this.#pos = JSON.parse(this.#pos) as string[];
    return this.#pos;
  }

  get variants(): string[] {
    if (typeof this.#variants === "string") this.#variants = JSON.parse(this.#variants) as string[];
    return this.#variants;
  }

  get meanings(): Readonly<Record<string, string>> {
    if (typeof this.#meanings === "string")
      this.#meanings = JSON.parse(this.#meanings) as Record<string, string>;
    return this.#meanings;
  }

  get clipsByLevel(): Int32Array {
    if (typeof this.#clipsByLevel === "string")
      this.#clipsByLevel = Int32Array.from(JSON.parse(this.#clipsByLevel) as number[]);
    return this.#clipsByLevel;
  }
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
    this.words = rows.map((row, index) => new CatalogueWord(row, index));
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

/**
 * Something a reader keeps per catalogue (so per snapshot, and dropped with it), made by `make` on first
 * use: `const spellingsOf = perCatalog((catalog) => …)`.
 */
export function perCatalog<T>(make: (catalog: WordCatalog) => T): (catalog: WordCatalog) => T {
  const kept = new WeakMap<WordCatalog, T>();
  return (catalog) => {
    let value = kept.get(catalog);
    if (value === undefined) {
      value = make(catalog);
      kept.set(catalog, value);
    }
    return value;
  };
}
