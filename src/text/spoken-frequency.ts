/**
 * How often single spellings are spoken, in occurrences per million words: the OpenSubtitles frequency
 * list the catalogue's word frequencies come from (`data/sources/word-frequency`), read once per language.
 * A catalogue word's frequency sums every spelling of it; the near-spelling ranking needs a form's own
 * (`been` is spoken far less often than `be`, its forms together).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { readFrequencyList } from "../catalogue/frequency.js";
import { projectDataDir } from "../demo/project-data.js";

/** Spelling → occurrences per million words. */
export type SpokenFrequency = ReadonlyMap<string, number>;

/** A `word count` list (most frequent first) as occurrences per million of the words it lists. */
export function spokenFrequency(text: string): SpokenFrequency {
  const { counts, total } = readFrequencyList(text);
  const perMillion = new Map<string, number>();
  for (const [word, count] of counts) perMillion.set(word, (count / total) * 1e6);
  return perMillion;
}

const shipped = new Map<string, SpokenFrequency | undefined>();

/**
 * The project's list for a language (`<language>_50k.txt`), or undefined where there is none (no list
 * for the language, or the data folder is not beside the code).
 */
export function shippedSpokenFrequency(language: string): SpokenFrequency | undefined {
  if (shipped.has(language)) return shipped.get(language);
  let list: SpokenFrequency | undefined;
  try {
    const file = path.join(projectDataDir(), "sources", "word-frequency", `${language}_50k.txt`);
    list = spokenFrequency(readFileSync(file, "utf8"));
  } catch {
    list = undefined;
  }
  shipped.set(language, list);
  return list;
}
