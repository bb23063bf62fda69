/**
 * Phrase matching over the positional index: the clips in which tokens are spoken one after the other,
 * cue boundaries included (positions count through the whole clip). Each place of the phrase may be
 * any of several tokens (a word and its forms). The rarest place is read whole; every other place, from
 * the rarest on, only in the blocks that hold a clip still in the running, and the positions checked.
 * Results are kept per phrase (a small LRU), so the pages of one phrase read the index once.
 */
import { LEVELS } from "../domain.js";
import type { PhraseIndex, SpokenToken } from "./phrase-index.js";

/** Clips that say the phrase, newest first; clip `i`'s phrase starts are `starts[offsets[i] … offsets[i + 1])`. */
export interface PhraseMatches {
  keys: Float64Array;
  levels: Uint8Array;
  offsets: Int32Array;
  starts: Int32Array;
  /** Matching clips by clip level. */
  byLevel: Int32Array;
}

/** Phrases whose matches are kept, and the most clips kept over all of them. */
const MEMO_PHRASES = 256;
const MEMO_CLIPS = 2_000_000;

function sizeOf(place: readonly SpokenToken[]): number {
  return place.reduce((n, t) => n + t.clips, 0);
}

/** Sorted union of several sorted position lists. */
function union(lists: readonly Int32Array[]): Int32Array {
  if (lists.length === 1) return lists[0] as Int32Array;
  const all = new Int32Array(lists.reduce((n, l) => n + l.length, 0));
  let at = 0;
  for (const list of lists) {
    all.set(list, at);
    at += list.length;
  }
  all.sort();
  return all.filter((p, i) => i === 0 || p !== all[i - 1]);
}

function has(sorted: Int32Array, value: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = sorted[mid] as number;
    if (at === value) return true;
    if (at < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

interface Candidates {
  keys: number[];
  levels: number[];
  starts: Int32Array[];
}

/** The rarest place's clips, every token of it merged, with the phrase starts its positions imply. */
function driverCandidates(index: PhraseIndex, place: readonly SpokenToken[], offset: number): Candidates {
  const byKey = new Map<number, { level: number; lists: Int32Array[] }>();
  for (const token of place) {
    for (const block of index.blocks(token.tokenId)) {
      for (let i = 0; i < block.keys.length; i++) {
        const key = block.keys[i] as number;
        const positions = block.positions.subarray(block.starts[i], block.starts[i + 1]);
        const seen = byKey.get(key);
        if (seen === undefined) byKey.set(key, { level: block.levels[i] as number, lists: [positions] });
        else seen.lists.push(positions);
      }
    }
  }
  const keys = [...byKey.keys()];
  if (place.length > 1) keys.sort((a, b) => b - a);
  const out: Candidates = { keys: [], levels: [], starts: [] };
  for (const key of keys) {
    const entry = byKey.get(key) as { level: number; lists: Int32Array[] };
    const starts = union(entry.lists)
      .map((p) => p - offset)
      .filter((s) => s >= 0);
    if (starts.length === 0) continue;
    out.keys.push(key);
    out.levels.push(entry.level);
    out.starts.push(starts);
  }
  return out;
}

/** Keeps the candidates whose starts have a token of `place` at `start + offset`. */
function narrow(
  index: PhraseIndex,
  candidates: Candidates,
  place: readonly SpokenToken[],
  offset: number,
): Candidates {
  const cursors = place.map((token) => index.cursor(token.tokenId));
  const out: Candidates = { keys: [], levels: [], starts: [] };
  candidates.keys.forEach((key, c) => {
    const lists: Int32Array[] = [];
    for (const cursor of cursors) {
      const positions = cursor.positions(key);
      if (positions !== undefined) lists.push(positions);
    }
    if (lists.length === 0) return;
    const positions = union(lists);
    const starts = (candidates.starts[c] as Int32Array).filter((s) => has(positions, s + offset));
    if (starts.length === 0) return;
    out.keys.push(key);
    out.levels.push(candidates.levels[c] as number);
    out.starts.push(starts);
  });
  return out;
}

/** Every clip that says the phrase, each place one of its tokens. Places must not be empty. */
export function matchPhrase(index: PhraseIndex, places: readonly (readonly SpokenToken[])[]): PhraseMatches {
  const order = places.map((_, i) => i).sort((a, b) => sizeOf(places[a] ?? []) - sizeOf(places[b] ?? []));
  const [rarest, ...rest] = order as [number, ...number[]];
  let candidates = driverCandidates(index, places[rarest] ?? [], rarest);
  for (const i of rest) {
    if (candidates.keys.length === 0) break;
    candidates = narrow(index, candidates, places[i] ?? [], i);
  }
  const n = candidates.keys.length;
  const offsets = new Int32Array(n + 1);
  for (let i = 0; i < n; i++)
    offsets[i + 1] = (offsets[i] as number) + (candidates.starts[i] as Int32Array).length;
  const starts = new Int32Array(offsets[n] as number);
  const byLevel = new Int32Array(LEVELS.length);
  candidates.starts.forEach((s, i) => {
    starts.set(s, offsets[i] as number);
    const level = candidates.levels[i] as number;
    byLevel[level] = (byLevel[level] as number) + 1;
  });
  return {
    keys: Float64Array.from(candidates.keys),
    levels: Uint8Array.from(candidates.levels),
    offsets,
    starts,
    byLevel,
  };
}

/** matchPhrase with the answers of recent phrases kept. One per snapshot. */
export class PhraseSearch {
  readonly #index: PhraseIndex;
  readonly #memo = new Map<string, PhraseMatches>();
  #memoClips = 0;

  constructor(index: PhraseIndex) {
    this.#index = index;
  }

  get index(): PhraseIndex {
    return this.#index;
  }

  matches(places: readonly (readonly SpokenToken[])[]): PhraseMatches {
    const key = places.map((place) => place.map((t) => t.tokenId).join(",")).join(" ");
    const kept = this.#memo.get(key);
    if (kept !== undefined) {
      this.#memo.delete(key);
      this.#memo.set(key, kept);
      return kept;
    }
    const found = matchPhrase(this.#index, places);
    if (found.keys.length <= MEMO_CLIPS / 4) {
      this.#memo.set(key, found);
      this.#memoClips += found.keys.length;
      while (this.#memo.size > MEMO_PHRASES || this.#memoClips > MEMO_CLIPS) {
        const [oldest, matches] = this.#memo.entries().next().value as [string, PhraseMatches];
        this.#memo.delete(oldest);
        this.#memoClips -= matches.keys.length;
      }
    }
    return found;
  }
}

export interface PhraseHitRef {
  key: number;
  /** Token positions where the phrase starts, in order. */
  starts: Int32Array;
}

export interface PhrasePage {
  refs: PhraseHitRef[];
  totalCount: number;
  nextAfter: number | undefined;
}

/** Keeps a matching clip by its recent_key (the pace filter); undefined keeps every one. */
export type KeyFilter = (key: number) => boolean;

function countAt(matches: PhraseMatches, levels: readonly number[], keepKey?: KeyFilter): number {
  if (keepKey !== undefined) {
    const keep = levels.length === 0 ? undefined : new Set(levels);
    let n = 0;
    for (let i = 0; i < matches.keys.length; i++) {
      if (keep !== undefined && !keep.has(matches.levels[i] as number)) continue;
      if (keepKey(matches.keys[i] as number)) n++;
    }
    return n;
  }
  if (levels.length === 0) return matches.keys.length;
  return levels.reduce((n, level) => n + (matches.byLevel[level] ?? 0), 0);
}

function refAt(matches: PhraseMatches, i: number): PhraseHitRef {
  return {
    key: matches.keys[i] as number,
    starts: matches.starts.subarray(matches.offsets[i], matches.offsets[i + 1]),
  };
}

/** A page newest first, strictly older than `after` when given. */
export function recentPhrasePage(
  matches: PhraseMatches,
  levels: readonly number[],
  after: number | undefined,
  limit: number,
  keepKey?: KeyFilter,
): PhrasePage {
  const keep = levels.length === 0 ? undefined : new Set(levels);
  // Keys are decreasing: the first key older than the cursor, by binary search.
  let lo = 0;
  let hi = matches.keys.length;
  if (after !== undefined) {
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((matches.keys[mid] as number) >= after) lo = mid + 1;
      else hi = mid;
    }
  }
  const refs: PhraseHitRef[] = [];
  let more = false;
  for (let i = lo; i < matches.keys.length; i++) {
    if (keep !== undefined && !keep.has(matches.levels[i] as number)) continue;
    if (keepKey !== undefined && !keepKey(matches.keys[i] as number)) continue;
    if (refs.length === limit) {
      more = true;
      break;
    }
    refs.push(refAt(matches, i));
  }
  return {
    refs,
    totalCount: countAt(matches, levels, keepKey),
    nextAfter: more ? (refs[refs.length - 1] as PhraseHitRef).key : undefined,
  };
}

/** A uniform sample of `limit` matching clips (all when fewer), newest first. */
export function randomPhrasePage(
  matches: PhraseMatches,
  levels: readonly number[],
  limit: number,
  random: () => number,
  keepKey?: KeyFilter,
): PhrasePage {
  const keep = levels.length === 0 ? undefined : new Set(levels);
  const eligible: number[] = [];
  for (let i = 0; i < matches.keys.length; i++) {
    if (keep !== undefined && !keep.has(matches.levels[i] as number)) continue;
    if (keepKey === undefined || keepKey(matches.keys[i] as number)) eligible.push(i);
  }
  // Floyd's algorithm: `limit` distinct ranks, each subset equally likely.
  const total = eligible.length;
  const ranks = new Set<number>();
  for (let j = total - Math.min(limit, total); j < total; j++) {
    const r = Math.floor(random() * (j + 1));
    ranks.add(ranks.has(r) ? j : r);
  }
  const picked = [...ranks].map((r) => eligible[r] as number).sort((a, b) => a - b);
  return { refs: picked.map((i) => refAt(matches, i)), totalCount: total, nextAfter: undefined };
}
