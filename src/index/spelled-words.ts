/**
 * The words a spelling leads to, for near-spelling lookups (`fuzzy.ts`): as an exact lookup of it would,
 * and the same for every spelling of a catalogue at once, in typed arrays.
 */
import type { SpellingRef, WordCatalog } from "./word-catalog.js";

/**
 * The words a spelling leads to, as an exact lookup of it would: its headword or variant when it is one
 * (`abandoned` the adjective, not `abandon` through its form), else every word it is a form of.
 */
export function wordsSpelled(catalog: WordCatalog, norm: string): readonly SpellingRef[] {
  const refs = catalog.spellingsOf(norm);
  return refs.some((r) => r.kind < 2) ? refs.filter((r) => r.kind < 2) : refs;
}

/**
 * `wordsSpelled` of every spelling key, by key position, in typed arrays: a candidate's words are read
 * from three contiguous arrays instead of the catalogue's spelling map and its reference objects (a lookup
 * measures a few dozen spellings, and each of those reads was a cache miss in a busy server).
 */
export interface SpelledWords {
  /** Where each key's words start in `word` (and `viaForm`); one more than the keys. */
  start: Int32Array;
  /** The word's position in the catalogue. */
  word: Int32Array;
  /** 1 when the word is reached through an inflected form. */
  viaForm: Uint8Array;
  /** Each catalogue word's frequency, by position (`WordEntry.frequency`). */
  frequency: Float64Array;
}

export function spelledWords(catalog: WordCatalog, keys: readonly string[]): SpelledWords {
  const start = new Int32Array(keys.length + 1);
  const word: number[] = [];
  const viaForm: number[] = [];
  keys.forEach((key, k) => {
    start[k] = word.length;
    for (const ref of wordsSpelled(catalog, key)) {
      word.push(ref.index);
      viaForm.push(ref.kind === 2 ? 1 : 0);
    }
  });
  start[keys.length] = word.length;
  return {
    start,
    word: Int32Array.from(word),
    viaForm: Uint8Array.from(viaForm),
    frequency: Float64Array.from(catalog.words, (entry) => entry.frequency),
  };
}
