/**
 * Every time a catalogue word (or one of its forms) is spoken in a clip, in order, read from the stored
 * transcript: what `occurrences=all` lists, where the postings keep only the first time.
 */
import { spokenWords } from "../catalogue/spoken.js";
import { decodeTranscript } from "../snapshot/transcript-blob.js";
import type { ClipRecord } from "./clips.js";
import type { Snapshot } from "./snapshot.js";
import type { WordEntry } from "./word-catalog.js";
import type { ClipHit } from "./word-clips.js";

export interface WordOccurrence {
  tStartMs: number;
  cueIdx: number;
  cueText: string;
  /** The tokens spoken, when they differ from the catalogue word. */
  form: string | undefined;
}

export function wordOccurrences(snapshot: Snapshot, clip: ClipRecord, entry: WordEntry): WordOccurrence[] {
  const catalog = snapshot.language(clip.language)?.catalog;
  const blob = snapshot.clips.transcript(clip.clipNo);
  if (catalog === undefined || blob === undefined) return [];
  const transcript = decodeTranscript(blob, clip.wordTimes);
  return spokenWords(transcript.words, clip.language, catalog.matcher)
    .hits.filter((hit) => hit.word === entry.index)
    .map((hit) => ({
      tStartMs: hit.tStartMs,
      cueIdx: hit.cueIdx,
      cueText: transcript.cues[hit.cueIdx]?.text ?? "",
      form: hit.form === entry.norm ? undefined : hit.form,
    }));
}

/** The hits of a page, each with every occurrence when `all` (the first alone otherwise). */
export function withEveryOccurrence(
  snapshot: Snapshot,
  entry: WordEntry,
  hits: readonly ClipHit[],
  all: boolean,
): Array<{ hit: ClipHit; every?: WordOccurrence[] }> {
  if (!all) return hits.map((hit) => ({ hit }));
  return hits.map((hit) => {
    // A page's clips are columns in memory; the clip's row (language, word times) is read only here.
    const record = snapshot.clips.clip(hit.clip.clipNo);
    const every = record === undefined ? [] : wordOccurrences(snapshot, record, entry);
    return every.length > 0 ? { hit, every } : { hit };
  });
}
