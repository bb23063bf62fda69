/**
 * The primary query: the clips that contain a word, each with the first time the word is spoken, the cue
 * that holds that time and the form spoken. `recent` pages newest first by keyset; `random` samples.
 */
import { LEVELS } from "../domain.js";
import { ALL_LEVELS } from "../snapshot/schema.js";
import { decodeCue } from "../snapshot/transcript-blob.js";
import { tokenise } from "../text/tokenise.js";
import { type ClipRecord, clipNoOf, type Posting } from "./clips.js";
import type { Snapshot } from "./snapshot.js";
import type { WordEntry } from "./word-catalog.js";

export interface ClipHit {
  clip: ClipRecord;
  tStartMs: number;
  cueIdx: number;
  cueText: string;
  /** The tokens spoken, when they differ from the catalogue word (`ran` for `run`). */
  form: string | undefined;
}

export interface ClipPage {
  hits: ClipHit[];
  totalCount: number;
  /** recent_key of the last hit, when another page follows. */
  nextAfter: number | undefined;
}

/** The postings lists to read for a level filter: the all-levels list when nothing is filtered out. */
function listsFor(levels: readonly number[]): readonly number[] {
  return levels.length === 0 || levels.length === LEVELS.length ? [ALL_LEVELS] : levels;
}

/** The form spoken at `tStartMs` in the cue: the caption word with that time, tokenised, as many tokens as the word has. */
function spokenForm(
  cueText: string,
  wordMs: readonly number[],
  tStartMs: number,
  entry: WordEntry,
  language: string,
): string | undefined {
  const at = wordMs.indexOf(tStartMs);
  if (at === -1) return undefined;
  const tokens = tokenise(cueText.split(" ").slice(at).join(" "), language);
  const length = entry.norm.split(" ").length;
  const form = tokens.slice(0, length).join(" ");
  return form === entry.norm || form === "" ? undefined : form;
}

function hydrate(
  snapshot: Snapshot,
  entry: WordEntry,
  postings: readonly Posting[],
  language: string,
): ClipHit[] {
  const hits: ClipHit[] = [];
  const clipNos = postings.map((p) => clipNoOf(p.recentKey));
  const transcripts = snapshot.clips.transcripts(clipNos);
  const clips = new Map(snapshot.clips.clips(clipNos).map((clip) => [clip.clipNo, clip]));
  for (const posting of postings) {
    const clipNo = clipNoOf(posting.recentKey);
    const clip = clips.get(clipNo);
    const transcript = transcripts.get(clipNo);
    if (clip === undefined || transcript === undefined) continue;
    const cue = decodeCue(transcript, posting.cueIdx);
    hits.push({
      clip,
      tStartMs: posting.tMs,
      cueIdx: posting.cueIdx,
      cueText: cue?.text ?? "",
      form: cue && spokenForm(cue.text, cue.wordMs, posting.tMs, entry, language),
    });
  }
  return hits;
}

export function recentClips(
  snapshot: Snapshot,
  language: string,
  entry: WordEntry,
  levels: readonly number[],
  after: number | undefined,
  limit: number,
): ClipPage {
  const postings = snapshot.clips.postings(entry.wordId, listsFor(levels), after, limit + 1);
  const more = postings.length > limit;
  const page = more ? postings.slice(0, limit) : postings;
  return {
    hits: hydrate(snapshot, entry, page, language),
    totalCount: countAt(entry, levels),
    nextAfter: more ? (page[page.length - 1] as Posting).recentKey : undefined,
  };
}

/** A uniform sample of `limit` of the word's clips (all of them when fewer), newest first. */
export function randomClips(
  snapshot: Snapshot,
  language: string,
  entry: WordEntry,
  levels: readonly number[],
  limit: number,
  random: () => number,
): ClipPage {
  const wanted = listsFor(levels);
  const total = countAt(entry, levels);
  // Floyd's algorithm: `limit` distinct ranks out of `total`, each subset equally likely.
  const ranks = new Set<number>();
  for (let j = total - Math.min(limit, total); j < total; j++) {
    const r = Math.floor(random() * (j + 1));
    ranks.add(ranks.has(r) ? j : r);
  }
  const postings: Posting[] = [];
  for (const rank of ranks) {
    // Ranks count through the levels in order; each level's postings are a contiguous range.
    let rest = rank;
    for (const level of wanted) {
      const n = level === ALL_LEVELS ? total : (entry.clipsByLevel[level] ?? 0);
      if (rest < n) {
        const posting = snapshot.clips.postingAt(entry.wordId, level, rest);
        if (posting) postings.push(posting);
        break;
      }
      rest -= n;
    }
  }
  postings.sort((a, b) => b.recentKey - a.recentKey);
  return { hits: hydrate(snapshot, entry, postings, language), totalCount: total, nextAfter: undefined };
}

function countAt(entry: WordEntry, levels: readonly number[]): number {
  if (levels.length === 0) return entry.clipCount;
  let n = 0;
  for (const level of levels) n += entry.clipsByLevel[level] ?? 0;
  return n;
}
