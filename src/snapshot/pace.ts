/**
 * Speech pace classes of the `pace` filter, from a clip's words per minute. The thresholds split the
 * demo corpus (median 155 wpm, a third below 147, a third above 164) into a slow fifth, a medium
 * three fifths and a fast fifth, and put the real caption fixtures where listeners would: a calm talk
 * (145 to 161 wpm) medium, quick conversation (178 to 259 wpm) fast.
 */

/** A gap between two words' starts at least this long is a pause, not speech (see indexer/speech-pace.ts). */
export const PAUSE_MS = 2000;

export const PACES = ["slow", "medium", "fast"] as const;
export type Pace = (typeof PACES)[number];

/** Slow is below this many words per minute. */
export const SLOW_BELOW_WPM = 140;
/** Fast is this many words per minute or more; medium lies between. */
export const FAST_FROM_WPM = 170;

/** The pace class of a clip (0 slow, 1 medium, 2 fast), or -1 for a clip without measurable speech. */
export function paceOf(wordsPerMinute: number): number {
  if (wordsPerMinute <= 0) return -1;
  if (wordsPerMinute < SLOW_BELOW_WPM) return 0;
  return wordsPerMinute < FAST_FROM_WPM ? 1 : 2;
}

/** The class index of a `pace` parameter already validated by its schema; -1 when absent (any pace). */
export function paceIndex(pace: string | undefined): number {
  return pace === undefined ? -1 : PACES.indexOf(pace as Pace);
}
