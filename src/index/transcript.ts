/** A clip's timed transcript, and the catalogue words spoken in it, rebuilt from the stored cues. */
import { spokenWords } from "../catalogue/spoken.js";
import { decodeTranscript } from "../snapshot/transcript-blob.js";
import type { ClipRecord } from "./clips.js";
import type { Snapshot } from "./snapshot.js";
import type { WordEntry } from "./word-catalog.js";

export interface TranscriptView {
  cues: Array<{ idx: number; t0Ms: number; t1Ms: number; text: string }>;
  /** Every catalogue-word token spoken, in order; undefined when not asked for. */
  words: Array<{ entry: WordEntry; tStartMs: number; form: string }> | undefined;
}

export function clipTranscript(snapshot: Snapshot, clip: ClipRecord, withWords: boolean): TranscriptView {
  const blob = snapshot.clips.transcript(clip.clipNo);
  const transcript = blob
    ? decodeTranscript(blob, clip.wordTimes)
    : { cues: [], words: [], wordTimes: clip.wordTimes };
  if (!withWords) return { cues: transcript.cues, words: undefined };
  const catalog = snapshot.language(clip.language)?.catalog;
  if (catalog === undefined) return { cues: transcript.cues, words: [] };
  const { hits } = spokenWords(transcript.words, clip.language, catalog.matcher);
  return {
    cues: transcript.cues,
    words: hits.map((hit) => ({
      entry: catalog.words[hit.word] as WordEntry,
      tStartMs: hit.tStartMs,
      form: hit.form,
    })),
  };
}
