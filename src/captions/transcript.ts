/** The shape every caption parser produces: clean cues and timed words, times in integer milliseconds. */

/** One caption line as a viewer reads it: de-duplicated, in order, never overlapping the next. */
export interface Cue {
  /** Position in the transcript, from 0. Stable: cue 7 stays cue 7. */
  idx: number;
  /** Start, milliseconds from the start of the clip. */
  t0Ms: number;
  /** End, milliseconds from the start of the clip; never later than the next cue's t0Ms. */
  t1Ms: number;
  /** Clean text: tags stripped, entities decoded, whitespace collapsed; `>>` speaker markers kept. */
  text: string;
}

/** One word as the captions carry it (before tokenising): the raw text and when it is spoken. */
export interface TimedWord {
  /** The word as written in the captions, trimmed (may carry punctuation: `battery?`). */
  token: string;
  /** Milliseconds from the start of the clip. */
  tStartMs: number;
  /** The cue whose text holds this word. */
  cueIdx: number;
}

export interface Transcript {
  cues: Cue[];
  /** Every spoken word in order; `tStartMs` never decreases. */
  words: TimedWord[];
  /** `exact` when the captions carry per-word times; `interpolated` when they were spread over the cue. */
  wordTimes: "exact" | "interpolated";
}

export type CaptionFormat = "vtt" | "json3" | "srv3" | "srt";

/** A caption file that cannot be read. The message names what is wrong and where. */
export class CaptionError extends Error {
  override name = "CaptionError";
}
