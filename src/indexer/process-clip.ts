/**
 * One clip, from metadata and a parsed transcript to what the snapshot stores: cues with word times,
 * the first occurrence of every catalogue word, the clip's level and topic. Pure: no files, no database.
 */
import type { Transcript } from "../captions/transcript.js";
import type { CatalogueMatcher } from "../catalogue/matcher.js";
import { firstOccurrences, spokenWords } from "../catalogue/spoken.js";
import type { Topic } from "../domain.js";
import { encodeTranscript } from "../snapshot/transcript-blob.js";
import type { ClipMeta } from "./clip-meta.js";
import { screenLevel } from "./screening/level.js";
import { screenTopic } from "./screening/topic.js";

/** What the builder knows of one clip language's catalogue. */
export interface LanguageIndex {
  matcher: CatalogueMatcher;
  /** Level of each catalogue word (0 = A1 … 5 = C2), by word index. */
  levels: Uint8Array;
}

export interface StoredCue {
  t0Ms: number;
  t1Ms: number;
  text: string;
  /** Start of each space-separated word of `text`, in milliseconds. */
  wordMs: Uint32Array;
}

export interface ProcessedClip {
  meta: ClipMeta & { language: string };
  captionFormat: string;
  wordTimes: "exact" | "interpolated";
  /** The transcript as the snapshot stores it (see `transcript-blob.ts`). */
  transcript: Uint8Array;
  /** Postings as triples (word index, tMs, cueIdx), one per catalogue word spoken, by first time spoken. */
  postings: Int32Array;
  level: number;
  topic: Topic;
  /** Catalogue words indexed in the clip. */
  wordCount: number;
}

/** Words and cue texts disagree: the transcript cannot be stored faithfully. */
export class TranscriptShapeError extends Error {
  override name = "TranscriptShapeError";
}

export function storedCues(transcript: Transcript): StoredCue[] {
  const times: number[][] = transcript.cues.map(() => []);
  for (const word of transcript.words) times[word.cueIdx]?.push(word.tStartMs);
  return transcript.cues.map((cue, i) => {
    const wordMs = Uint32Array.from(times[i] as number[]);
    const count = cue.text === "" ? 0 : cue.text.split(" ").length;
    if (count !== wordMs.length) {
      throw new TranscriptShapeError(
        `cue ${i} has ${count} words in its text but ${wordMs.length} word times`,
      );
    }
    return { t0Ms: cue.t0Ms, t1Ms: cue.t1Ms, text: cue.text, wordMs };
  });
}

export function processClip(
  meta: ClipMeta & { language: string },
  transcript: Transcript,
  captionFormat: string,
  index: LanguageIndex,
): ProcessedClip {
  const encoded = encodeTranscript(storedCues(transcript));
  const spoken = spokenWords(transcript.words, meta.language, index.matcher);
  const first = firstOccurrences(spoken.hits);
  const postings = new Int32Array(first.size * 3);
  let i = 0;
  for (const hit of first.values()) {
    postings[i++] = hit.word;
    postings[i++] = hit.tStartMs;
    postings[i++] = hit.cueIdx;
  }
  // The level profile counts tokens, not words: each catalogue token at the easiest level it can be read at.
  const tokenLevels = new Map<number, number>();
  for (const hit of spoken.hits) {
    if (hit.length !== 1) continue;
    const level = index.levels[hit.word] as number;
    const seen = tokenLevels.get(hit.token);
    if (seen === undefined || level < seen) tokenLevels.set(hit.token, level);
  }
  const level = screenLevel({
    tokenLevels: [...tokenLevels.values()],
    durationS: meta.durationS,
    spokenWordCount: transcript.words.length,
  });
  const topic = screenTopic({
    categories: meta.categories,
    title: meta.title,
    tags: meta.tags,
    transcriptTokens: spoken.tokens,
  });
  return {
    meta,
    captionFormat,
    wordTimes: transcript.wordTimes,
    transcript: encoded,
    postings,
    level,
    topic,
    wordCount: first.size,
  };
}
