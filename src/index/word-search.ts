/**
 * Autocomplete over one language's catalogue: the exact word first, then words starting with the query,
 * then words containing it, each group by coverage (clip count, highest first), then alphabetically.
 * Candidates come from an n-gram index (every substring of up to three characters → words, in coverage
 * order), so a keystroke touches only the words that can match. The keystrokes that match most words (one
 * to three letters, no level filter) are answered without listing every match: the words starting with q
 * and the words containing q are both kept in coverage order, so a page is read off the front of two lists
 * and the count is a binary search. Other queries list their matches once and memoise them.
 */
import { type PackedLists, packLists, unpackLists } from "../text/packed-lists.js";
import { stringsDigest } from "../text/strings-digest.js";
import type { WordCatalog, WordEntry } from "./word-catalog.js";

/** Group of a result: 0 exact, 1 prefix, 2 substring; 3 for listing without a query. */
export type MatchGroup = 0 | 1 | 2 | 3;

export interface WordSearchFilter {
  /** Search key (normalised and tokenised); empty lists every word. */
  q: string;
  /** Word levels to keep (0..5); empty keeps all. */
  levels: readonly number[];
  hasClips: boolean;
}

/** Where a page ends: the sort key of its last item, so a later page survives a grown snapshot. */
export interface WordPosition {
  group: MatchGroup;
  clipCount: number;
  norm: string;
}

export interface WordSearchResult {
  entries: readonly WordEntry[];
  groups: Uint8Array;
}

export interface WordPage {
  entries: WordEntry[];
  /** The group of each entry: what the next page's position needs. */
  groups: MatchGroup[];
  totalCount: number;
  /** True when another page follows. */
  more: boolean;
}

const GRAM = 3;
const EMPTY_RANKS = new Int32Array(0);
const MEMO_ENTRIES = 2048;

function compareCoverage(a: WordEntry, b: WordEntry): number {
  return b.clipCount - a.clipCount || (a.norm < b.norm ? -1 : a.norm > b.norm ? 1 : 0) || a.wordId - b.wordId;
}

export function comparePosition(group: number, entry: WordEntry, p: WordPosition): number {
  return (
    group - p.group ||
    p.clipCount - entry.clipCount ||
    (entry.norm < p.norm ? -1 : entry.norm > p.norm ? 1 : 0)
  );
}

/** The gram and prefix lists of a catalogue, as the build stores them in the snapshot (`WordSearch.adopt`). */
export interface WordSearchParts {
  /** How many words they were built from, and their norms' digest: parts of another catalogue are refused. */
  words: number;
  digest: number;
  gramKeys: string[];
  grams: PackedLists;
  prefixKeys: string[];
  prefixes: PackedLists;
}

/** The lists of words whose norms are given in coverage order (a rank is a place in that order). */
export function buildWordSearchParts(normsByCoverage: readonly string[]): WordSearchParts {
  const lists = new Map<string, number[]>();
  const prefixes = new Map<string, number[]>();
  normsByCoverage.forEach((norm, rank) => {
    for (let length = 1; length <= Math.min(GRAM, norm.length); length++) {
      const prefix = norm.slice(0, length);
      const list = prefixes.get(prefix);
      if (list === undefined) prefixes.set(prefix, [rank]);
      else list.push(rank);
    }
    const seen = new Set<string>();
    for (let length = 1; length <= GRAM; length++) {
      for (let i = 0; i + length <= norm.length; i++) {
        const gram = norm.slice(i, i + length);
        if (seen.has(gram)) continue;
        seen.add(gram);
        const list = lists.get(gram);
        if (list === undefined) lists.set(gram, [rank]);
        else list.push(rank);
      }
    }
  });
  return {
    words: normsByCoverage.length,
    digest: stringsDigest(normsByCoverage),
    gramKeys: [...lists.keys()],
    grams: packLists(lists.values()),
    prefixKeys: [...prefixes.keys()],
    prefixes: packLists(prefixes.values()),
  };
}

function listsByKey(keys: readonly string[], packed: PackedLists): Map<string, Int32Array> {
  const lists = unpackLists(packed);
  return new Map(keys.map((key, i) => [key, lists[i] as Int32Array]));
}

interface GramLists {
  /** Substring of length 1..3 → indexes into #byCoverage, ascending (so in coverage order). */
  grams: Map<string, Int32Array>;
  /** Prefix of length 1..3 → indexes into #byCoverage of the words starting with it, ascending. */
  prefixes: Map<string, Int32Array>;
}

/**
 * Autocomplete over a catalogue. Its gram lists take a few hundred milliseconds to build for the full
 * catalogue: a snapshot stores them (catalogue-lookups.ts) and a server adopts them when it opens it;
 * without them they are built on the first search.
 */
export class WordSearch {
  readonly #byCoverage: WordEntry[];
  #lists: GramLists | undefined;
  readonly #exact = new Map<string, WordEntry>();
  readonly #allRanks: Int32Array;
  readonly #memo = new Map<string, WordSearchResult>();

  constructor(catalog: WordCatalog) {
    this.#byCoverage = [...catalog.words].sort(compareCoverage);
    for (const entry of this.#byCoverage) this.#exact.set(entry.norm, entry);
    this.#allRanks = Int32Array.from(this.#byCoverage.keys());
  }

  /** Every word's norm, in the coverage order the lists number them by. */
  normsByCoverage(): string[] {
    return this.#byCoverage.map((entry) => entry.norm);
  }

  /** Whether the lists are built (or adopted). */
  get built(): boolean {
    return this.#lists !== undefined;
  }

  /** Takes lists built elsewhere from `normsByCoverage()`; ignored when they are built already. */
  adopt(parts: WordSearchParts): void {
    if (this.#lists !== undefined) return;
    if (parts.words !== this.#byCoverage.length) {
      throw new Error(`autocomplete lists of ${parts.words} words offered for ${this.#byCoverage.length}`);
    }
    if (parts.digest !== stringsDigest(this.normsByCoverage())) {
      throw new Error("autocomplete lists of other words (or in another order) offered");
    }
    this.#lists = {
      grams: listsByKey(parts.gramKeys, parts.grams),
      prefixes: listsByKey(parts.prefixKeys, parts.prefixes),
    };
  }

  #built(): GramLists {
    if (this.#lists === undefined) this.adopt(buildWordSearchParts(this.normsByCoverage()));
    return this.#lists as GramLists;
  }

  /** One page of results after `after`, and how many results there are in all. */
  page(filter: WordSearchFilter, after: WordPosition | undefined, limit: number): WordPage {
    if (filter.levels.length === 0 && filter.q.length <= GRAM) return this.#fastPage(filter, after, limit);
    const result = this.search(filter);
    const start = startAfter(result, after);
    const end = Math.min(result.entries.length, start + limit);
    return {
      entries: result.entries.slice(start, end) as WordEntry[],
      groups: [...result.groups.subarray(start, end)] as MatchGroup[],
      totalCount: result.entries.length,
      more: end < result.entries.length,
    };
  }

  /** Ranks in coverage order; with `hasClips`, only up to the first word without clips. */
  #usable(list: Int32Array | undefined, hasClips: boolean): Int32Array {
    if (list === undefined) return EMPTY_RANKS;
    if (!hasClips) return list;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.#byCoverage[list[mid] as number] as WordEntry).clipCount > 0) lo = mid + 1;
      else hi = mid;
    }
    return list.subarray(0, lo);
  }

  /** Where `after` leaves off in a list of one group (0 when the page starts before the group). */
  #resume(list: Int32Array, group: MatchGroup, after: WordPosition | undefined): number {
    if (after === undefined || after.group < group) return 0;
    if (after.group > group) return list.length;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (comparePosition(group, this.#byCoverage[list[mid] as number] as WordEntry, after) <= 0)
        lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  #fastPage({ q, hasClips }: WordSearchFilter, after: WordPosition | undefined, limit: number): WordPage {
    const entries: WordEntry[] = [];
    const groups: MatchGroup[] = [];
    // One more than a page, to know whether another follows.
    const take = (entry: WordEntry, group: MatchGroup): boolean => {
      entries.push(entry);
      groups.push(group);
      return entries.length > limit;
    };
    const walk = (list: Int32Array, group: MatchGroup, skip: (entry: WordEntry) => boolean): boolean => {
      for (let i = this.#resume(list, group, after); i < list.length; i++) {
        const entry = this.#byCoverage[list[i] as number] as WordEntry;
        if (!skip(entry) && take(entry, group)) return true;
      }
      return false;
    };
    let totalCount: number;
    if (q === "") {
      const all = this.#usable(this.#allRanks, hasClips);
      totalCount = all.length;
      walk(all, 3, () => false);
    } else {
      const containing = this.#usable(this.#built().grams.get(q), hasClips);
      totalCount = containing.length;
      const exact = this.#exact.get(q);
      const full =
        exact !== undefined && (!hasClips || exact.clipCount > 0) && after === undefined && take(exact, 0);
      if (!full) {
        const starting = this.#usable(this.#built().prefixes.get(q), hasClips);
        if (!walk(starting, 1, (e) => e === exact)) walk(containing, 2, (e) => e.norm.startsWith(q));
      }
    }
    const more = entries.length > limit;
    if (more) {
      entries.pop();
      groups.pop();
    }
    return { entries, groups, totalCount, more };
  }

  /** Every match in result order. Memoised: autocomplete repeats the same few prefixes all day. */
  search(filter: WordSearchFilter): WordSearchResult {
    const memoKey = `${filter.q}\0${filter.levels.join(",")}\0${filter.hasClips ? 1 : 0}`;
    const memo = this.#memo.get(memoKey);
    if (memo !== undefined) {
      // Refresh recency: a Map iterates in insertion order, so the oldest entry is evicted first.
      this.#memo.delete(memoKey);
      this.#memo.set(memoKey, memo);
      return memo;
    }
    const result = this.#compute(filter);
    this.#memo.set(memoKey, result);
    if (this.#memo.size > MEMO_ENTRIES) this.#memo.delete(this.#memo.keys().next().value as string);
    return result;
  }

  #compute({ q, levels, hasClips }: WordSearchFilter): WordSearchResult {
    const keep = (e: WordEntry): boolean =>
      (!hasClips || e.clipCount > 0) && (levels.length === 0 || levels.includes(e.level));
    if (q === "") {
      const entries = this.#byCoverage.filter(keep);
      return { entries, groups: new Uint8Array(entries.length).fill(3) };
    }
    const groups: WordEntry[][] = [[], [], []];
    for (const entry of this.#candidates(q)) {
      if (!keep(entry)) continue;
      const at = entry.norm.indexOf(q);
      if (at < 0) continue;
      (groups[entry.norm.length === q.length ? 0 : at === 0 ? 1 : 2] as WordEntry[]).push(entry);
    }
    const entries = groups.flat();
    const codes = new Uint8Array(entries.length);
    let i = 0;
    groups.forEach((group, code) => {
      codes.fill(code, i, i + group.length);
      i += group.length;
    });
    return { entries, groups: codes };
  }

  /** Words that may contain q, in coverage order: the rarest of q's grams narrows the scan. */
  *#candidates(q: string): Generator<WordEntry> {
    let narrowest: Int32Array | undefined;
    for (let i = 0; i + Math.min(GRAM, q.length) <= q.length; i++) {
      const list = this.#built().grams.get(q.slice(i, i + Math.min(GRAM, q.length)));
      if (list === undefined) return;
      if (narrowest === undefined || list.length < narrowest.length) narrowest = list;
    }
    if (narrowest === undefined) return;
    for (const rank of narrowest) yield this.#byCoverage[rank] as WordEntry;
  }
}

/** The first index of `result` that comes after `position` (binary search: results are sorted). */
export function startAfter(result: WordSearchResult, position: WordPosition | undefined): number {
  if (position === undefined) return 0;
  let lo = 0;
  let hi = result.entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (comparePosition(result.groups[mid] as number, result.entries[mid] as WordEntry, position) <= 0)
      lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
