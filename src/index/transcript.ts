/** A clip's timed transcript, and the catalogue words spoken in it, as the builder stored them. */
import { decodeCueTexts, decodeSpokenWords } from "../snapshot/transcript-blob.js";
import type { ClipRecord } from "./clips.js";
import type { Snapshot } from "./snapshot.js";
import type { WordEntry } from "./word-catalog.js";

export interface TranscriptView {
  cues: Array<{ idx: number; t0Ms: number; t1Ms: number; text: string }>;
  /**
   * Every catalogue-word token spoken, in order, with the form spoken as JSON when it differs from the
   * word's key; undefined when not asked for.
   */
  words: Array<{ entry: WordEntry; tStartMs: number; formJson: string | undefined }> | undefined;
}

/**
 * The clip's transcript decoded into objects. The transcript answer is written from the stored bytes
 * instead (`writeTranscript` in api/routes/transcript.ts), to the same JSON.
 */
export function clipTranscript(snapshot: Snapshot, clip: ClipRecord, withWords: boolean): TranscriptView {
  const blob = snapshot.clips.transcript(clip.clipNo);
  const cues = blob ? decodeCueTexts(blob) : [];
  if (!withWords) return { cues, words: undefined };
  const catalog = snapshot.language(clip.language)?.catalog;
  if (catalog === undefined || blob === undefined) return { cues, words: [] };
  const words: NonNullable<TranscriptView["words"]> = [];
  for (const spoken of decodeSpokenWords(blob)) {
    const entry = catalog.byId(spoken.wordId);
    if (entry !== undefined) words.push({ entry, tStartMs: spoken.tStartMs, formJson: spoken.formJson });
  }
  return { cues, words };
}
