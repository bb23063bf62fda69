/**
 * Near spellings, over every spelling of the catalogue (headwords, variants and inflected forms, so
 * `chidlren` finds `child` through `children`). Candidates: every spelling within one plain edit (a
 * deletion-variant index: short words with one typo share too few trigrams to be found by similarity) and
 * every spelling whose trigram similarity (pg_trgm semantics) reaches pg_trgm's default threshold, 0.3.
 * They are re-ranked by a typo-weighted Damerau-Levenshtein distance, then similarity, then spoken frequency:
 * similarity alone prefers a longer word that shares more trigrams; the edit distance picks the word that
 * was meant more often.
 */
import { DeletionIndex } from "../text/deletion-index.js";
import { damerauLevenshtein } from "../text/edit-distance.js";
import { TrigramIndex } from "../text/trigram-index.js";
import { typoDistance } from "../text/typo-distance.js";
import type { WordCatalog, WordEntry } from "./word-catalog.js";

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

export interface Candidate {
  entry: WordEntry;
  /** Reached through an inflected form rather than the headword or a variant. */
  viaForm: boolean;
  /** Typo-weighted edits from the query to the nearest spelling of the word. */
  distance: number;
  similarity: number;
}

export function compareCandidates(a: Candidate, b: Candidate): number {
  return (
    a.distance - b.distance ||
    b.similarity - a.similarity ||
    // At equal distance the typist more likely meant a headword (beginning) than a form (begin → beginning).
    Number(a.viaForm) - Number(b.viaForm) ||
    // Then the word people say more often is the likelier one meant (spoken frequency).
    b.entry.frequency - a.entry.frequency ||
    b.entry.clipCount - a.entry.clipCount ||
    (a.entry.norm < b.entry.norm ? -1 : a.entry.norm > b.entry.norm ? 1 : 0)
  );
}

export class FuzzyIndex {
  readonly #catalog: WordCatalog;
  readonly #keys: string[];
  readonly #trigrams: TrigramIndex;
  readonly #oneEdit: DeletionIndex;

  constructor(catalog: WordCatalog) {
    this.#catalog = catalog;
    this.#keys = catalog.spellingNorms();
    this.#trigrams = new TrigramIndex(this.#keys);
    this.#oneEdit = new DeletionIndex(this.#keys);
  }

  /** Words near the key, best first, one candidate per word; farther than maxEdits + 1 are cut. */
  candidates(key: string, limit: number): Candidate[] {
    const cap = maxEdits(key.length) + 1;
    const query = this.#trigrams.prepare(key);
    const byWord = new Map<WordEntry, Candidate>();
    const consider = (index: number, similarity: number): void => {
      const norm = this.#keys[index] as string;
      if (norm === key) return;
      const distance = typoDistance(key, norm, cap);
      if (distance > cap) return;
      for (const ref of this.#catalog.spellingsOf(norm)) {
        const entry = this.#catalog.words[ref.index] as WordEntry;
        const candidate = { entry, distance, similarity, viaForm: ref.kind === 2 };
        const seen = byWord.get(entry);
        if (seen === undefined || compareCandidates(candidate, seen) < 0) byWord.set(entry, candidate);
      }
    };
    // The deletion index offers a superset (two words sharing a deletion variant may be two edits apart).
    const oneEdit = new Set<number>();
    for (const index of this.#oneEdit.candidates(key)) {
      const similarity = this.#trigrams.similarityTo(query, index);
      if (similarity < FUZZY_MIN_SIMILARITY && damerauLevenshtein(key, this.#keys[index] as string, 1) > 1) {
        continue;
      }
      oneEdit.add(index);
      consider(index, similarity);
    }
    // The trigram search runs even when a spelling is one edit away: two cheap slips cost no more than
    // one plain edit (`necesary` → `neccessary`), and `didYouMean` lists more than the best candidate.
    for (const { index, similarity } of this.#trigrams.search(key, FUZZY_MIN_SIMILARITY)) {
      if (!oneEdit.has(index)) consider(index, similarity);
    }
    if (byWord.size === 0) {
      const guesses = this.#trigrams.search(key, GUESS_MIN_SIMILARITY).slice(0, GUESS_CANDIDATES);
      for (const { index, similarity } of guesses) consider(index, similarity);
    }
    return [...byWord.values()].sort(compareCandidates).slice(0, limit);
  }
}
