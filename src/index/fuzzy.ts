/**
 * Near spellings, over every spelling of the catalogue (headwords, variants and inflected forms, so
 * `chidlren` finds `child` through `children`). Candidates: every spelling within one plain edit (a
 * deletion-variant index: short words with one typo share too few trigrams to be found by similarity),
 * every spelling whose trigram similarity (pg_trgm semantics) reaches pg_trgm's default threshold, 0.3, and
 * every spelling that sounds like the query (the same Double Metaphone code: `nashon` → `nation`).
 * They are ranked as a noisy channel would: the typo-weighted Damerau-Levenshtein distance (how unlikely
 * the slip is), less a bonus when the spelling sounds like the query (a slip by ear), less a prior of how
 * often the word is spoken (a word said ten times as often is that much likelier to be the one meant).
 */
import { DeletionIndex } from "../text/deletion-index.js";
import { damerauLevenshtein } from "../text/edit-distance.js";
import { PhoneticIndex, phoneticCodes, soundAlike } from "../text/phonetic-index.js";
import { TrigramIndex } from "../text/trigram-index.js";
import { typoDistance } from "../text/typo-distance.js";
import type { SpellingRef, WordCatalog, WordEntry } from "./word-catalog.js";

/** Similarity that makes a candidate beyond one edit: pg_trgm's default `similarity_threshold`. */
export const FUZZY_MIN_SIMILARITY = 0.3;
/** For guesses when nothing is that close: a lower threshold, and only the most similar are measured. */
const GUESS_MIN_SIMILARITY = 0.12;
const GUESS_CANDIDATES = 40;

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

/** Edits a spelling that sounds like the query is let off, and the prior's weight per tenfold frequency. */
export const SOUND_ALIKE_BONUS = 0.5;
export const PRIOR_PER_DECADE = 0.3;

/**
 * A candidate's cost, lower is likelier: typo-weighted edits, less the sound-alike bonus, less the prior
 * (spoken frequency per million words, on a log scale: 0 when unknown).
 */
export function candidateScore(distance: number, sounds: boolean, frequency: number): number {
  return distance - (sounds ? SOUND_ALIKE_BONUS : 0) - PRIOR_PER_DECADE * Math.log10(1 + frequency);
}

/**
 * Whether a candidate may be taken as the word meant (not only named as a guess): within maxEdits, or one
 * edit more when it sounds like the query (`nolege` → `knowledge`).
 */
export function acceptable(candidate: Candidate, keyLength: number): boolean {
  return candidate.distance <= maxEdits(keyLength) + (candidate.soundAlike ? 1 : 0);
}

export interface Candidate {
  entry: WordEntry;
  /** Reached through an inflected form rather than the headword or a variant. */
  viaForm: boolean;
  /** Typo-weighted edits from the query to the nearest spelling of the word. */
  distance: number;
  similarity: number;
  /** The spelling has a Double Metaphone code of the query's. */
  soundAlike: boolean;
  /** candidateScore of the above and the word's frequency. */
  score: number;
}

export function compareCandidates(a: Candidate, b: Candidate): number {
  return (
    a.score - b.score ||
    b.similarity - a.similarity ||
    // At equal distance the typist more likely meant a headword (beginning) than a form (begin → beginning).
    Number(a.viaForm) - Number(b.viaForm) ||
    b.entry.frequency - a.entry.frequency ||
    b.entry.clipCount - a.entry.clipCount ||
    (a.entry.norm < b.entry.norm ? -1 : a.entry.norm > b.entry.norm ? 1 : 0)
  );
}

/**
 * The words a spelling leads to, as an exact lookup of it would: its headword or variant when it is one
 * (`abandoned` the adjective, not `abandon` through its form), else every word it is a form of.
 */
export function wordsSpelled(catalog: WordCatalog, norm: string): readonly SpellingRef[] {
  const refs = catalog.spellingsOf(norm);
  return refs.some((r) => r.kind < 2) ? refs.filter((r) => r.kind < 2) : refs;
}

export class FuzzyIndex {
  readonly #catalog: WordCatalog;
  readonly #keys: string[];
  readonly #trigrams: TrigramIndex;
  readonly #oneEdit: DeletionIndex;
  readonly #phonetic: PhoneticIndex;

  constructor(catalog: WordCatalog) {
    this.#catalog = catalog;
    this.#keys = catalog.spellingNorms();
    this.#trigrams = new TrigramIndex(this.#keys);
    this.#oneEdit = new DeletionIndex(this.#keys);
    this.#phonetic = new PhoneticIndex(this.#keys);
  }

  /** Words near the key, best first, one candidate per word; farther than maxEdits + 1 are cut. */
  candidates(key: string, limit: number): Candidate[] {
    const cap = maxEdits(key.length) + 1;
    const query = this.#trigrams.prepare(key);
    const codes = phoneticCodes(key);
    const byWord = new Map<WordEntry, Candidate>();
    const considered = new Set<number>();
    const consider = (index: number, similarity: number): void => {
      considered.add(index);
      const norm = this.#keys[index] as string;
      if (norm === key) return;
      const distance = typoDistance(key, norm, cap);
      if (distance > cap) return;
      const sounds = soundAlike(codes, this.#phonetic.codesOf(index));
      for (const ref of wordsSpelled(this.#catalog, norm)) {
        const entry = this.#catalog.words[ref.index] as WordEntry;
        const candidate = {
          entry,
          distance,
          similarity,
          viaForm: ref.kind === 2,
          soundAlike: sounds,
          score: candidateScore(distance, sounds, entry.frequency),
        };
        const seen = byWord.get(entry);
        if (seen === undefined || compareCandidates(candidate, seen) < 0) byWord.set(entry, candidate);
      }
    };
    // The deletion index offers a superset (two words sharing a deletion variant may be two edits apart).
    for (const index of this.#oneEdit.candidates(key)) {
      const similarity = this.#trigrams.similarityTo(query, index);
      if (similarity < FUZZY_MIN_SIMILARITY && damerauLevenshtein(key, this.#keys[index] as string, 1) > 1) {
        continue;
      }
      consider(index, similarity);
    }
    // The trigram search runs even when a spelling is one edit away: two cheap slips cost no more than
    // one plain edit (`necesary` → `neccessary`), and `didYouMean` lists more than the best candidate.
    for (const { index, similarity } of this.#trigrams.search(key, FUZZY_MIN_SIMILARITY)) {
      if (!considered.has(index)) consider(index, similarity);
    }
    for (const index of this.#phonetic.candidates(codes)) {
      if (!considered.has(index)) consider(index, this.#trigrams.similarityTo(query, index));
    }
    if (byWord.size === 0) {
      const guesses = this.#trigrams.search(key, GUESS_MIN_SIMILARITY).slice(0, GUESS_CANDIDATES);
      for (const { index, similarity } of guesses) consider(index, similarity);
    }
    return [...byWord.values()].sort(compareCandidates).slice(0, limit);
  }
}
