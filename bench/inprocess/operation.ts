/** An operation timed in process: what it calls on a language index, and the inputs it cycles through. */
import type { LanguageIndex } from "../../src/index/snapshot.js";

export interface InProcessInputs {
  /** Catalogue words with clips. */
  words: readonly string[];
  /** Inflected forms of catalogue words. */
  forms: readonly string[];
  /** One-edit misspellings of catalogue words. */
  typos: readonly string[];
  /** Autocomplete prefixes of 1 to 4 letters, drawn from the index's own words. */
  prefixes: readonly string[];
}

export interface InProcessOperation {
  name: string;
  inputs(inputs: InProcessInputs): readonly string[];
  run(index: LanguageIndex, input: string): unknown;
  /** p99 target in microseconds for a catalogue of `words` words. */
  targetP99Us(words: number): number;
}
