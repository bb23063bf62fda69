/**
 * Near spellings, over every spelling of the catalogue (headwords, variants and inflected forms, so
 * `chidlren` finds `child` through `children`). Candidates, in widening rings: every spelling within one
 * plain edit (a deletion-variant index: short words with one typo share too few trigrams to be found by
 * similarity), within two for a query of five or six letters, and every spelling that sounds like the query (a Double Metaphone code in common: `nashon`
 * → `nation`); unless one of those is a single slip away, every spelling whose trigram similarity (pg_trgm
 * semantics) reaches pg_trgm's default threshold, 0.3 (two cheap slips: `necesary` → `neccessary`); unless
 * one is within one edit by then, the most similar spellings at a lower threshold.
 * They are ranked as a noisy channel would: the typo-weighted Damerau-Levenshtein distance (how unlikely
 * the slips are), more when the first letter differs (typists seldom miss it), less a bonus when the
 * spelling sounds like the query (a slip by ear) and for trigram similarity (what is left of the word), less
 * a prior of how often the spelling is spoken: the word's frequency for its headword or variant, the form's
 * own for an inflected form (`bein` is more likely `being` than `been`, though `be` is the commoner word).
 */
import { DeletionIndex, type DeletionParts } from "../text/deletion-index.js";
import { damerauLevenshtein, OsaMatcher } from "../text/edit-distance.js";
import { PhoneticIndex, type PhoneticParts } from "../text/phonetic-index.js";
import { type SpokenFrequency, shippedSpokenFrequency } from "../text/spoken-frequency.js";
import { stringsDigest } from "../text/strings-digest.js";
import { TrigramIndex, type TrigramParts } from "../text/trigram-index.js";
import { TypoQuery } from "../text/typo-distance.js";
import { type SpelledWords, spelledWords } from "./spelled-words.js";
import type { WordCatalog, WordEntry } from "./word-catalog.js";

/** Similarity that makes a candidate beyond one edit: pg_trgm's default `similarity_threshold`. */
export const FUZZY_MIN_SIMILARITY = 0.3;
/**
 * When no candidate is within one edit (two slips in one word, `comamndor`): a lower threshold, and only
 * the most similar spellings are measured. They are the guesses of a query nothing is close to.
 */
export const WIDE_MIN_SIMILARITY = 0.12;
export const WIDE_CANDIDATES = 40;
/**
 * A candidate this close (one slip: a swap, a doubled letter, a vowel or a sound, a neighbouring key) makes
 * the trigram search needless: a spelling only it finds is two plain edits away or more.
 */
export const ONE_SLIP = 0.75;
/** A candidate this close (one plain edit) makes the wider search needless. */
export const CLOSE_DISTANCE = 1;
/**
 * Queries of five or six letters also get every spelling within two plain edits (a letter left out twice,
 * `prennat` → `pregnant`; one added and a swap, `sahppe` → `shape`): in a short word two slips leave too
 * few trigrams for the similarity search to find the word. Shorter queries are left out: two edits of a
 * word of three or four letters reach hundreds of spellings, too many to measure within the latency goal.
 */
export const TWO_EDITS_MIN_QUERY = 5;
export const TWO_EDITS_MAX_QUERY = 6;

/**
 * The ranking's weights, in edits: what sounding alike is worth, what a tenfold spoken frequency is worth,
 * what full trigram similarity is worth, and what a first letter other than the query's costs. Chosen on
 * generated misspellings drawn with other seeds than the benchmark's and on the tuning half of the real
 * misspellings (bench/spelling/tune.ts).
 */
export const SOUND_ALIKE_BONUS = 0.125;
export const PRIOR_PER_DECADE = 0.15;
export const SIMILARITY_WEIGHT = 0.75;
export const FIRST_LETTER_COST = 0.25;
/**
 * The frequency, in occurrences per million words, counted for every spelling on top of its own: the prior
 * is the logarithm of the sum, so a word the spoken list lacks (frequency 0; the list's rarest is spoken
 * 0.22 times a million) counts as rarer than any word it has, not as common as those.
 */
export const UNLISTED_FREQUENCY = 0.03;

/**
 * Most (typo-weighted) edits a fuzzy match may need, by query length: one typo in a short word, two in most
 * words, three only in very long ones, so a different word (`kitchenette`) is not taken for a misspelling
 * of a shorter one (`kitchen`); it is named among the guesses instead.
 */
export function maxEdits(length: number): number {
  if (length <= 4) return 1;
  if (length <= 12) return 2;
  return 3;
}

export interface Candidate {
  entry: WordEntry;
  /** The spelling of the word it was reached through (the headword, a variant or a form). */
  spelling: string;
  /** Reached through an inflected form rather than the headword or a variant. */
  viaForm: boolean;
  /** Typo-weighted edits from the query to the nearest spelling of the word. */
  distance: number;
  similarity: number;
  /** The spelling has a Double Metaphone code of the query's. */
  soundAlike: boolean;
  /**
   * Occurrences per million words of the spelling meant: the word's frequency for a headword or variant,
   * the form's own for an inflected form (0 when the spoken list lacks it; the word's with no list).
   */
  frequency: number;
  /** candidateScore of the above and the word's frequency: lower is likelier. */
  score: number;
}

/**
 * A candidate's cost: edits, and a changed first letter, less the sound-alike bonus, the similarity credit
 * and the spoken prior.
 */
export function candidateScore(
  distance: number,
  similarity: number,
  sounds: boolean,
  firstLetterChanged: boolean,
  frequency: number,
): number {
  return (
    distance +
    (firstLetterChanged ? FIRST_LETTER_COST : 0) -
    (sounds ? SOUND_ALIKE_BONUS : 0) -
    SIMILARITY_WEIGHT * similarity -
    PRIOR_PER_DECADE * Math.log10(UNLISTED_FREQUENCY + frequency)
  );
}

/**
 * Whether a candidate may be taken as the word meant (not only named as a guess): within maxEdits, or one
 * edit more when it sounds like the query (`nolege` → `knowledge`); and, however cheap each slip, no more
 * than one plain edit past maxEdits, so that many likely slips together (`kitchenette`: four letters added,
 * a doubled t and a final e among them) do not make another word a misspelling of a shorter one.
 */
export function acceptable(candidate: Candidate, key: string): boolean {
  const edits = maxEdits(key.length);
  return (
    candidate.distance <= edits + (candidate.soundAlike ? 1 : 0) &&
    damerauLevenshtein(key, candidate.spelling, edits + 1) <= edits + 1
  );
}

export function compareCandidates(a: Candidate, b: Candidate): number {
  return (
    a.score - b.score ||
    a.distance - b.distance ||
    // At equal cost the typist more likely meant a headword (beginning) than a form (begin → beginning).
    Number(a.viaForm) - Number(b.viaForm) ||
    b.entry.frequency - a.entry.frequency ||
    b.entry.clipCount - a.entry.clipCount ||
    (a.entry.norm < b.entry.norm ? -1 : a.entry.norm > b.entry.norm ? 1 : 0)
  );
}

/** The four structures a near-spelling lookup searches, built from the catalogue's spellings. */
interface FuzzyStructures {
  trigrams: TrigramIndex;
  oneEdit: DeletionIndex;
  twoEdits: DeletionIndex;
  phonetic: PhoneticIndex;
}

/** The structures' arrays, as the build stores them in the snapshot (`FuzzyIndex.adopt`, catalogue-lookups.ts). */
export interface FuzzyParts {
  /** How many spellings they were built from, and their digest: parts of other spellings are refused. */
  keys: number;
  digest: number;
  trigrams: TrigramParts;
  oneEdit: DeletionParts;
  twoEdits: DeletionParts;
  phonetic: PhoneticParts;
}

function buildStructures(keys: readonly string[], language: string): FuzzyStructures {
  return {
    trigrams: new TrigramIndex(keys),
    oneEdit: new DeletionIndex(keys),
    // A spelling within two edits of a query of TWO_EDITS_MAX_QUERY letters has at most two more.
    twoEdits: new DeletionIndex(keys, 2, TWO_EDITS_MAX_QUERY + 2),
    // Double Metaphone codes English spellings: other languages' catalogues get no sound-alike candidates.
    phonetic: new PhoneticIndex(language === "en" ? keys : []),
  };
}

/** Builds the structures of `keys` (a catalogue's `spellingNorms()`) and returns their parts. */
export function buildFuzzyParts(keys: readonly string[], language: string): FuzzyParts {
  const built = buildStructures(keys, language);
  return {
    keys: keys.length,
    digest: stringsDigest(keys),
    trigrams: built.trigrams.parts(),
    oneEdit: built.oneEdit.parts(),
    twoEdits: built.twoEdits.parts(),
    phonetic: built.phonetic.parts(),
  };
}

/**
 * Near-spelling lookups over a catalogue. Its structures take about a second to build for the full
 * catalogue: a snapshot stores them (catalogue-lookups.ts) and a server adopts them when it opens it;
 * without them they are built on the first lookup.
 */
export class FuzzyIndex {
  readonly #catalog: WordCatalog;
  readonly #keys: string[];
  #structures: FuzzyStructures | undefined;
  /**
   * How often each key is spoken (0 where the list lacks it), the prior of a form (Candidate.frequency):
   * read on the first lookup, so a server's start-up does not wait for the list.
   */
  #spoken: Float64Array | undefined | null = null;
  /** Made on the first lookup, like `#spoken`. */
  #spelled: SpelledWords | undefined;
  readonly #spokenList: () => SpokenFrequency | undefined;
  /** The query that last considered each spelling (a lookup runs to completion synchronously). */
  readonly #consideredBy: Uint32Array;
  #queries = 0;

  /**
   * `spoken`: how often forms are spoken (Candidate.frequency); by default the project's list for the
   * language, read on the first lookup.
   */
  constructor(catalog: WordCatalog, spoken?: SpokenFrequency) {
    this.#catalog = catalog;
    this.#keys = catalog.spellingNorms();
    this.#spokenList = () => spoken ?? shippedSpokenFrequency(catalog.language);
    this.#consideredBy = new Uint32Array(this.#keys.length);
  }

  /** The spellings the structures are built from, in the order their parts number them. */
  get keys(): readonly string[] {
    return this.#keys;
  }

  /** Whether the structures are built (or adopted). */
  get built(): boolean {
    return this.#structures !== undefined;
  }

  /** Takes structures built elsewhere from these keys; ignored when they are built already. */
  adopt(parts: FuzzyParts): void {
    if (this.#structures !== undefined) return;
    if (parts.keys !== this.#keys.length) {
      throw new Error(`near-spelling parts of ${parts.keys} spellings offered for ${this.#keys.length}`);
    }
    if (parts.digest !== stringsDigest(this.#keys)) {
      throw new Error("near-spelling parts of other spellings (or in another order) offered");
    }
    this.#structures = {
      trigrams: new TrigramIndex(parts.trigrams),
      oneEdit: new DeletionIndex(parts.oneEdit),
      twoEdits: new DeletionIndex(parts.twoEdits),
      phonetic: new PhoneticIndex(parts.phonetic),
    };
  }

  #built(): FuzzyStructures {
    this.#structures ??= buildStructures(this.#keys, this.#catalog.language);
    return this.#structures;
  }

  #spokenByKey(): Float64Array | undefined {
    if (this.#spoken === null) {
      const list = this.#spokenList();
      this.#spoken = list === undefined ? undefined : Float64Array.from(this.#keys, (k) => list.get(k) ?? 0);
    }
    return this.#spoken;
  }

  /** Words near the key, best first, one candidate per word; farther than maxEdits + 1 are cut. */
  candidates(key: string, limit: number): Candidate[] {
    const spoken = this.#spokenByKey();
    this.#spelled ??= spelledWords(this.#catalog, this.#keys);
    const spelled = this.#spelled;
    const words = this.#catalog.words;
    const { trigrams, oneEdit, twoEdits, phonetic } = this.#built();
    const cap = maxEdits(key.length) + 1;
    const query = trigrams.prepare(key);
    const typed = new TypoQuery(key);
    const codes = phonetic.prepare(key);
    /** The best candidate of each word so far, by the word's position. */
    const byWord = new Map<number, Candidate>();
    let best = Number.POSITIVE_INFINITY;
    this.#queries = (this.#queries + 1) >>> 0;
    if (this.#queries === 0) {
      this.#consideredBy.fill(0);
      this.#queries = 1;
    }
    const stamp = this.#queries;
    /** Measures a spelling once per query; its similarity is worked out when not given (-1). */
    const consider = (index: number, given: number): void => {
      if (this.#consideredBy[index] === stamp) return;
      this.#consideredBy[index] = stamp;
      const norm = this.#keys[index] as string;
      if (norm === key) return;
      const distance = typed.distance(norm, cap);
      if (distance > cap) return;
      if (distance < best) best = distance;
      const similarity = given >= 0 ? given : trigrams.similarityTo(query, index);
      const sounds = phonetic.soundsLike(codes, index);
      const firstLetterChanged = norm.codePointAt(0) !== key.codePointAt(0);
      const end = spelled.start[index + 1] as number;
      for (let at = spelled.start[index] as number; at < end; at++) {
        const word = spelled.word[at] as number;
        const viaForm = spelled.viaForm[at] === 1;
        const frequency =
          viaForm && spoken !== undefined ? (spoken[index] as number) : (spelled.frequency[word] as number);
        const candidate: Candidate = {
          entry: words[word] as WordEntry,
          spelling: norm,
          distance,
          similarity,
          viaForm,
          soundAlike: sounds,
          frequency,
          score: candidateScore(distance, similarity, sounds, firstLetterChanged, frequency),
        };
        const seen = byWord.get(word);
        if (seen === undefined || compareCandidates(candidate, seen) < 0) byWord.set(word, candidate);
      }
    };
    // The deletion index offers a superset (two words sharing a deletion variant may be two edits apart).
    // A spelling considered already (the two-edit ring holds the one-edit ring) is not measured again.
    const plain = new OsaMatcher(key);
    for (const index of oneEdit.candidates(key)) {
      if (plain.distance(this.#keys[index] as string, 1) <= 1) consider(index, -1);
    }
    if (key.length >= TWO_EDITS_MIN_QUERY && key.length <= TWO_EDITS_MAX_QUERY) {
      for (const index of twoEdits.candidates(key)) {
        if (this.#consideredBy[index] !== stamp && plain.distance(this.#keys[index] as string, 2) <= 2)
          consider(index, -1);
      }
    }
    for (const list of phonetic.candidateLists(codes)) for (const index of list) consider(index, -1);
    if (best > ONE_SLIP) {
      for (const { index, similarity } of trigrams.search(key, FUZZY_MIN_SIMILARITY)) {
        consider(index, similarity);
      }
    }
    if (best > CLOSE_DISTANCE) {
      for (const { index, similarity } of trigrams
        .search(key, WIDE_MIN_SIMILARITY)
        .slice(0, WIDE_CANDIDATES)) {
        consider(index, similarity);
      }
    }
    return [...byWord.values()].sort(compareCandidates).slice(0, limit);
  }
}
