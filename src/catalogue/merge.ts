/** Merges catalogue entries that share one key (`May` and `may`, a word listed at two levels) into one. */
import { GLOSSES, type Gloss, levelIndex } from "../domain.js";
import { searchKey } from "../text/tokenise.js";
import type { CatalogueEntry } from "./entry.js";

/**
 * A word listed as a noun and a verb at the same level is met first as the verb by most learners (`run`,
 * `play`, `drink`, `answer`), so the verb's row leads and gives the meaning; the source lists the noun first.
 */
function verbBeforeNoun(sorted: CatalogueEntry[]): void {
  const first = sorted[0];
  if (first === undefined || first.pos[0] !== "noun") return;
  const verb = sorted.findIndex(
    (e) => e.level === first.level && e.word === first.word && e.pos[0] === "verb",
  );
  if (verb > 0) sorted.unshift(...sorted.splice(verb, 1));
}

/**
 * One entry from entries with the same key `norm`, at the lowest level. The word shown is the spelling of
 * the lowest-level entry, except that a common word spelled in lower case is preferred to a proper noun
 * (`march` over `March`, `may` over `May`): a spoken `marching` is the verb, and captions are not cased.
 * Every part of speech, lowest level first; every variant once by key (none with the word's own key);
 * every form. Meanings all come from one entry, so that translations match the English meaning: the entry
 * shown, or when it has no English meaning the next entry spelled exactly like the word that has one
 * (`IT`, information technology, merged into the pronoun `it` must not lend `it` its definition).
 */
export function mergeEntries(
  entries: readonly CatalogueEntry[],
  norm: string,
  language: string,
): Omit<CatalogueEntry, "line"> {
  // Lowest level first; at one level the lower-case spelling (`may` before `May`); otherwise file order
  // (the sort is stable).
  const sorted = [...entries].sort(
    (a, b) =>
      levelIndex(a.level) - levelIndex(b.level) ||
      Number(a.word !== a.word.toLowerCase()) - Number(b.word !== b.word.toLowerCase()),
  );
  verbBeforeNoun(sorted);
  const lowest = sorted[0];
  if (lowest === undefined) throw new Error(`no entries to merge for "${norm}"`);
  const first = sorted.find((entry) => entry.word === entry.word.toLowerCase()) ?? lowest;
  const variants = new Map<string, string>();
  for (const entry of sorted) {
    for (const variant of entry.variants) {
      const key = searchKey(variant, language);
      if (key !== "" && key !== norm && !variants.has(key)) variants.set(key, variant);
    }
  }
  // Every meaning from one entry, so the translations are of the sense the English meaning states
  // (`kind` the noun must not borrow the adjective's `добрый`): the entry shown, or the next entry spelled
  // like it that has an English meaning.
  const sameSpelling = sorted.filter((entry) => entry.word === first.word);
  const source = [first, ...sameSpelling].find((entry) => entry.meanings.en !== undefined) ?? first;
  const meanings: Partial<Record<Gloss, string>> = {};
  for (const gloss of GLOSSES) {
    const meaning = source.meanings[gloss];
    if (meaning !== undefined) meanings[gloss] = meaning;
  }
  const estimated = sorted.every((entry) => entry.levelSource === "estimated");
  const frequency = sorted.find((entry) => entry.frequency !== undefined)?.frequency;
  return {
    word: first.word,
    level: lowest.level,
    pos: [...new Set(sorted.flatMap((entry) => entry.pos))],
    variants: [...variants.values()],
    meanings,
    forms: [...new Set(sorted.flatMap((entry) => entry.forms))],
    ...(estimated ? { levelSource: "estimated" as const } : {}),
    ...(frequency === undefined ? {} : { frequency }),
  };
}
