/** A catalogue entry as an operator writes it, one JSON object per line in `<language>.jsonl`. */
import type { Gloss, Level } from "../domain.js";

export interface CatalogueEntry {
  /** The catalogue word as shown to users (`colour`, `ice cream`, `a.m.`). */
  word: string;
  level: Level;
  /** Parts of speech, lowest level first (`["noun", "verb"]`). */
  pos: string[];
  /** Other spellings that count as the same word (`color`). */
  variants: string[];
  /** Meanings per gloss language; a missing language falls back to `en` at query time. */
  meanings: Partial<Record<Gloss, string>>;
  /** Inflected forms given by the operator, added to the generated ones (`went` for `go`). */
  forms: string[];
  /**
   * Where the level comes from: a CEFR list (the default), or estimated from how often the word is spoken
   * (`docs/catalogue-format.md`).
   */
  levelSource?: "cefr" | "estimated";
  /** How often the word is spoken, in occurrences per million words of film and TV subtitles. */
  frequency?: number;
  /** Line of the catalogue file the entry was read from, from 1; absent for entries made in code. */
  line?: number;
}

/**
 * A catalogue line that cannot be read, or an entry that was used but not as written (merged into another,
 * a variant dropped): reported with its line number, never fatal.
 */
export interface CatalogueProblem {
  file: string;
  /** Line number in the file, from 1; 0 when the entry came from no file. */
  line: number;
  message: string;
  /** `note`: the entry was used, but not exactly as written. Absent: the line was skipped. */
  severity?: "note";
}
