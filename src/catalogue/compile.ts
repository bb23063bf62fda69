/**
 * Turns catalogue entries into what the index stores: one word per normalised key (duplicates merged at
 * the lowest level) and every spelling that leads to a word: headword, variants, inflected forms.
 */
import type { Gloss, Level } from "../domain.js";
import { searchKey } from "../text/tokenise.js";
import type { CatalogueEntry, CatalogueProblem } from "./entry.js";
import { expandForms } from "./forms.js";
import { mergeEntries } from "./merge.js";

export interface CompiledWord {
  /** As shown to users: the spelling of the lowest-level entry. */
  word: string;
  /** `searchKey(word)`: never empty, unique within a catalogue. */
  norm: string;
  level: Level;
  /** Parts of speech of every merged entry, lowest level first, each once. */
  pos: string[];
  /** The variants kept: each leads to this word alone. */
  variants: string[];
  meanings: Partial<Record<Gloss, string>>;
  /** Where the level comes from: the CEFR lists, or estimated from spoken frequency. */
  levelSource: "cefr" | "estimated";
  /** Occurrences per million words of spoken English; 0 when unknown. */
  frequency: number;
}

/** 0 headword, 1 variant, 2 inflected form. */
export type SpellingKind = 0 | 1 | 2;

export interface Spelling {
  norm: string;
  /** Index into `CompiledCatalogue.words`. */
  word: number;
  kind: SpellingKind;
}

export interface CompiledCatalogue {
  language: string;
  /** In the order of the entries (a merged word sits where its first entry was). */
  words: CompiledWord[];
  /** By word, then kind; one per (norm, word), with the lowest kind when a norm is several kinds of a word. */
  spellings: Spelling[];
  /** Entries skipped (no key), and notes on entries used but not as written (merged, variant dropped). */
  problems: CatalogueProblem[];
}

interface Group {
  norm: string;
  entries: CatalogueEntry[];
}

export function compileCatalogue(entries: readonly CatalogueEntry[], language: string): CompiledCatalogue {
  const file = `${language}.jsonl`;
  const problems: CatalogueProblem[] = [];
  const note = (entry: CatalogueEntry, message: string) =>
    problems.push({ file, line: entry.line ?? 0, message, severity: "note" });

  const groups = groupByKey(entries, language, file, problems, note);
  const merged = groups.map((group) => mergeEntries(group.entries, group.norm, language));
  const words: CompiledWord[] = merged.map(({ word, level, pos, meanings, levelSource, frequency }, i) => {
    const norm = (groups[i] as Group).norm;
    return {
      word,
      norm,
      level,
      pos,
      variants: [],
      meanings,
      levelSource: levelSource ?? "cefr",
      frequency: frequency ?? 0,
    };
  });
  const wordOf = new Map(groups.map((group, i) => [group.norm, i]));

  // Forms of headwords first: a variant that is another word's form is ambiguous (`am` of `a.m.` is `be`).
  const headForms = merged.map((entry) => keysOf(expandForms(entry, language), language));
  const formOwners = new Map<string, number[]>();
  headForms.forEach((keys, word) => {
    for (const key of keys) pushTo(formOwners, key, word);
  });

  const candidates = merged.map(
    (entry) => new Map(entry.variants.map((variant) => [searchKey(variant, language), variant])),
  );
  const variantOwners = new Map<string, number[]>();
  candidates.forEach((variants, word) => {
    for (const key of variants.keys()) pushTo(variantOwners, key, word);
  });

  const spellings: Spelling[] = [];
  words.forEach((compiled, w) => {
    const group = groups[w] as Group;
    const first = group.entries[0] as CatalogueEntry;
    const kinds = new Map<string, SpellingKind>([[compiled.norm, 0]]);
    for (const [key, variant] of candidates[w] ?? []) {
      const clash = variantClash(key, w, words, wordOf, formOwners, variantOwners);
      if (clash !== undefined) {
        note(
          first,
          `variant ${JSON.stringify(variant)} of ${JSON.stringify(compiled.word)} dropped: it is also ${clash}`,
        );
        continue;
      }
      compiled.variants.push(variant);
      kinds.set(key, 1);
    }
    const variantForms = compiled.variants.flatMap((variant) =>
      keysOf(expandForms({ word: variant, pos: compiled.pos, forms: [] }, language), language),
    );
    for (const key of [...(headForms[w] ?? []), ...variantForms]) if (!kinds.has(key)) kinds.set(key, 2);
    for (const [norm, kind] of kinds) spellings.push({ norm, word: w, kind });
  });
  return { language, words, spellings, problems };
}

/** Entries grouped by key in order of first appearance; entries with no key are problems. */
function groupByKey(
  entries: readonly CatalogueEntry[],
  language: string,
  file: string,
  problems: CatalogueProblem[],
  note: (entry: CatalogueEntry, message: string) => void,
): Group[] {
  const groups: Group[] = [];
  const byNorm = new Map<string, Group>();
  for (const entry of entries) {
    const norm = searchKey(entry.word, language);
    if (norm === "") {
      problems.push({
        file,
        line: entry.line ?? 0,
        message: `word ${JSON.stringify(entry.word)} has no letters or digits to match: skipped`,
      });
      continue;
    }
    const group = byNorm.get(norm);
    if (group === undefined) {
      const created = { norm, entries: [entry] };
      byNorm.set(norm, created);
      groups.push(created);
      continue;
    }
    const first = group.entries[0] as CatalogueEntry;
    const where = first.line === undefined ? "" : ` (line ${first.line})`;
    note(
      entry,
      `${JSON.stringify(entry.word)} (${entry.level}) has the same key "${norm}" as ${JSON.stringify(first.word)}${where}: merged into one word at the lower level`,
    );
    group.entries.push(entry);
  }
  return groups;
}

/** What else a variant's key is (another word, another word's form or variant), or undefined when nothing. */
function variantClash(
  key: string,
  word: number,
  words: readonly CompiledWord[],
  wordOf: ReadonlyMap<string, number>,
  formOwners: ReadonlyMap<string, number[]>,
  variantOwners: ReadonlyMap<string, number[]>,
): string | undefined {
  const name = (w: number) => JSON.stringify(words[w]?.word);
  const headword = wordOf.get(key);
  if (headword !== undefined && headword !== word) return `the word ${name(headword)}`;
  const formOf = formOwners.get(key)?.find((w) => w !== word);
  if (formOf !== undefined) return `a form of ${name(formOf)}`;
  const variantOf = variantOwners.get(key)?.find((w) => w !== word);
  if (variantOf !== undefined) return `a variant of ${name(variantOf)}`;
  return undefined;
}

/** Search keys of spellings, each once, in order; empty keys left out. */
function keysOf(spellings: readonly string[], language: string): string[] {
  const keys = new Set<string>();
  for (const spelling of spellings) {
    const key = searchKey(spelling, language);
    if (key !== "") keys.add(key);
  }
  return [...keys];
}

function pushTo(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}
