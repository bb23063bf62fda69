/**
 * The primary query: the clips that contain a word, each with the first time the word is spoken, the cue
 * that holds that time and the form spoken. `recent` pages newest first by keyset; `random` samples.
 */

import { paceOf } from "../snapshot/pace.js";
import type { BlockOccurrences } from "../snapshot/posting-block.js";
import type { JsonBytes } from "../text/json-bytes.js";
import type { ClipFragments } from "./clip-fragments.js";
import { clipNoOf, type PagePosting, type PostingFilter } from "./clips.js";
import type { Snapshot } from "./snapshot.js";
import type { WordEntry } from "./word-catalog.js";

/** A clip of a page: its number and its row in the in-memory clip columns (`Snapshot.fragments`). */
export class ClipRef {
  readonly clipNo: number;
  readonly row: number;
  readonly #fragments: ClipFragments;

  constructor(fragments: ClipFragments, clipNo: number, row: number) {
    this.#fragments = fragments;
    this.clipNo = clipNo;
    this.row = row;
  }

  get clipId(): string {
    return this.#fragments.clipId(this.row);
  }
}

/**
 * A clip of a page and the word's first occurrence in it. The cue text and the form stay in the posting
 * block, JSON-encoded, until asked for: a page writes them from there as bytes (`writeCue`, `writeForm`).
 */
export class ClipHit {
  readonly clip: ClipRef;
  readonly tStartMs: number;
  readonly cueIdx: number;
  readonly #occurrences: BlockOccurrences;
  readonly #at: number;

  constructor(clip: ClipRef, tStartMs: number, cueIdx: number, occurrences: BlockOccurrences, at: number) {
    this.clip = clip;
    this.tStartMs = tStartMs;
    this.cueIdx = cueIdx;
    this.#occurrences = occurrences;
    this.#at = at;
  }

  /** The cue's text as a JSON string. */
  get cueJson(): string {
    return this.#occurrences.textJson(this.#at);
  }

  /** The tokens spoken as a JSON string, when they differ from the catalogue word. */
  get formJson(): string | undefined {
    return this.#occurrences.formJson(this.#at);
  }

  get cueText(): string {
    return JSON.parse(this.cueJson) as string;
  }

  /** The tokens spoken, when they differ from the catalogue word (`ran` for `run`). */
  get form(): string | undefined {
    const json = this.formJson;
    return json === undefined ? undefined : (JSON.parse(json) as string);
  }

  /** Writes the cue's text as JSON. */
  writeCue(out: JsonBytes): void {
    this.#occurrences.writeText(this.#at, out);
  }

  get hasForm(): boolean {
    return this.#occurrences.hasForm(this.#at);
  }

  /** Writes the form spoken as JSON (nothing when it is the word itself). */
  writeForm(out: JsonBytes): void {
    this.#occurrences.writeForm(this.#at, out);
  }
}

export interface ClipPage {
  hits: ClipHit[];
  totalCount: number;
  /** recent_key of the last hit, when another page follows. */
  nextAfter: number | undefined;
}

function hydrate(snapshot: Snapshot, postings: readonly PagePosting[]): ClipHit[] {
  const hits: ClipHit[] = [];
  const fragments = snapshot.fragments;
  for (const posting of postings) {
    const clipNo = clipNoOf(posting.recentKey);
    const row = fragments.row(clipNo);
    if (row === -1) continue;
    const { occurrences, at } = posting;
    hits.push(new ClipHit(new ClipRef(fragments, clipNo, row), posting.tMs, posting.cueIdx, occurrences, at));
  }
  return hits;
}

/**
 * Keeps the clips of a pace class (by recent_key, from the clip columns in memory); undefined for -1, any
 * pace. Also used by phrase lookups.
 */
export function paceFilter(snapshot: Snapshot, pace: number): PostingFilter | undefined {
  if (pace === -1) return undefined;
  const fragments = snapshot.fragments;
  return (key) => {
    const row = fragments.row(clipNoOf(key));
    return row !== -1 && paceOf(fragments.wordsPerMinute(row)) === pace;
  };
}

export function recentClips(
  snapshot: Snapshot,
  _language: string,
  entry: WordEntry,
  levels: readonly number[],
  after: number | undefined,
  limit: number,
  pace = -1,
): ClipPage {
  const keep = paceFilter(snapshot, pace);
  const postings = snapshot.clips.postings(entry.wordId, levels, after, limit + 1, keep);
  const more = postings.length > limit;
  const page = more ? postings.slice(0, limit) : postings;
  return {
    hits: hydrate(snapshot, page),
    totalCount: countAt(snapshot, entry, levels, pace),
    nextAfter: more ? (page[page.length - 1] as PagePosting).recentKey : undefined,
  };
}

/** A uniform sample of `limit` of the word's clips (all of them when fewer), newest first. */
export function randomClips(
  snapshot: Snapshot,
  _language: string,
  entry: WordEntry,
  levels: readonly number[],
  limit: number,
  random: () => number,
  pace = -1,
): ClipPage {
  const total = countAt(snapshot, entry, levels, pace);
  // Floyd's algorithm: `limit` distinct ranks out of `total`, each subset equally likely.
  const ranks = new Set<number>();
  for (let j = total - Math.min(limit, total); j < total; j++) {
    const r = Math.floor(random() * (j + 1));
    ranks.add(ranks.has(r) ? j : r);
  }
  const keep = paceFilter(snapshot, pace);
  const postings: PagePosting[] = [];
  if (keep !== undefined)
    postings.push(...snapshot.clips.postingsAtRanks(entry.wordId, levels, [...ranks], keep));
  else {
    for (const rank of ranks) {
      const posting = snapshot.clips.postingAtRank(entry.wordId, levels, rank);
      if (posting) postings.push(posting);
    }
  }
  postings.sort((a, b) => b.recentKey - a.recentKey);
  return { hits: hydrate(snapshot, postings), totalCount: total, nextAfter: undefined };
}

/** The word's clips at the levels (none: all) and of the pace class (-1: any), from stored counts. */
function countAt(snapshot: Snapshot, entry: WordEntry, levels: readonly number[], pace: number): number {
  if (pace !== -1) {
    const counts = snapshot.clips.paceCounts(entry.wordId);
    let n = 0;
    for (let level = 0; level < counts.length / 3; level++) {
      if (levels.length === 0 || levels.includes(level)) n += counts[level * 3 + pace] ?? 0;
    }
    return n;
  }
  if (levels.length === 0) return entry.clipCount;
  let n = 0;
  for (const level of levels) n += entry.clipsByLevel[level] ?? 0;
  return n;
}
