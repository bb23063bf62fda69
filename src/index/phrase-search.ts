/**
 * Phrase matching over the positional index: the clips in which tokens are spoken one after the other,
 * cue boundaries included (positions count through the whole clip). Each place of the phrase may be
 * any of several tokens (a word and its forms). The rarest place is read whole; every other place, from
 * the rarest on, only in the blocks that hold a clip still in the running, and the positions checked.
 * Results are kept per phrase (a small LRU), so the pages of one phrase read the index once.
 */
import { LEVELS } from "../domain.js";
import type { PhraseIndex, SpokenToken, TokenCursor } from "./phrase-index.js";

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

/** A growable array of 32-bit integers. */
class Int32Buffer {
  data = new Int32Array(256);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
}

/**
 * Clips still in the running, newest first, in flat arrays: clip `i` is `keys[i]` at `levels[i]`, and its
 * phrase starts are `starts.data[at[i] … at[i + 1])`, ascending.
 */
interface Candidates {
  keys: number[];
  levels: number[];
  at: number[];
  starts: Int32Buffer;
}

function noCandidates(): Candidates {
  return { keys: [], levels: [], at: [0], starts: new Int32Buffer() };
}

/** Ends candidate `key` if any start was pushed for it since the last one ended; else takes them back. */
function close(out: Candidates, key: number, level: number): void {
  const from = out.at[out.at.length - 1] as number;
  if (out.starts.length === from) return;
  out.keys.push(key);
  out.levels.push(level);
  out.at.push(out.starts.length);
}

/** The rarest place's clips, every token of it merged, with the phrase starts its positions imply. */
function driverCandidates(index: PhraseIndex, place: readonly SpokenToken[], offset: number): Candidates {
  const out = noCandidates();
  if (place.length === 1) {
    // One token: its blocks are newest first already, and its positions are the starts, less the offset.
    for (const block of index.blocks((place[0] as SpokenToken).tokenId)) {
      const { keys, levels, starts, positions } = block;
      for (let i = 0; i < keys.length; i++) {
        for (let p = starts[i] as number; p < (starts[i + 1] as number); p++) {
          const start = (positions[p] as number) - offset;
          if (start >= 0) out.starts.push(start);
        }
        close(out, keys[i] as number, levels[i] as number);
      }
    }
    return out;
  }
  // Several tokens (a word and its forms): each clip's positions gathered from all of them.
  const byKey = new Map<number, { level: number; positions: number[] }>();
  for (const token of place) {
    for (const block of index.blocks(token.tokenId)) {
      const { keys, levels, starts, positions } = block;
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i] as number;
        let seen = byKey.get(key);
        if (seen === undefined) {
          seen = { level: levels[i] as number, positions: [] };
          byKey.set(key, seen);
        }
        for (let p = starts[i] as number; p < (starts[i + 1] as number); p++)
          seen.positions.push(positions[p] as number);
      }
    }
  }
  const keys = [...byKey.keys()].sort((a, b) => b - a);
  for (const key of keys) {
    const { level, positions } = byKey.get(key) as { level: number; positions: number[] };
    // Two tokens are never at one position, so the positions need no de-duplication.
    positions.sort((a, b) => a - b);
    for (const position of positions) if (position >= offset) out.starts.push(position - offset);
    close(out, key, level);
  }
  return out;
}

/** Keeps the candidates' starts that have a token of `place` at `start + offset`. */
function narrow(
  index: PhraseIndex,
  candidates: Candidates,
  place: readonly SpokenToken[],
  offset: number,
): Candidates {
  const cursors = place.map((token) => index.cursor(token.tokenId));
  const found = new Int32Array(cursors.length);
  const next = new Int32Array(cursors.length);
  const out = noCandidates();
  const starts = candidates.starts.data;
  for (let c = 0; c < candidates.keys.length; c++) {
    const key = candidates.keys[c] as number;
    let any = false;
    for (let t = 0; t < cursors.length; t++) {
      const i = (cursors[t] as TokenCursor).find(key);
      found[t] = i;
      if (i !== -1) {
        any = true;
        next[t] = (cursors[t] as TokenCursor).list.starts[i] as number;
      }
    }
    if (!any) continue;
    // Starts ascend, so each token's positions are walked once, alongside them.
    for (let s = candidates.at[c] as number; s < (candidates.at[c + 1] as number); s++) {
      const target = (starts[s] as number) + offset;
      for (let t = 0; t < cursors.length; t++) {
        const i = found[t] as number;
        if (i === -1) continue;
        const list = (cursors[t] as TokenCursor).list;
        const end = list.starts[i + 1] as number;
        let p = next[t] as number;
        while (p < end && (list.positions[p] as number) < target) p++;
        next[t] = p;
        if (p < end && list.positions[p] === target) {
          out.starts.push(starts[s] as number);
          break;
        }
      }
    }
    close(out, key, candidates.levels[c] as number);
  }
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
  const byLevel = new Int32Array(LEVELS.length);
  for (const level of candidates.levels) byLevel[level] = (byLevel[level] as number) + 1;
  return {
    keys: Float64Array.from(candidates.keys),
    levels: Uint8Array.from(candidates.levels),
    offsets: Int32Array.from(candidates.at),
    starts: candidates.starts.data.slice(0, candidates.starts.length),
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
