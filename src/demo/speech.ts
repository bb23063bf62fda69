/**
 * When each generated word is spoken, and how the words fall into caption lines the way YouTube's
 * automatic captions roll them: lines of up to about 40 characters, each on screen for 2 to 5 seconds.
 */
import type { Random } from "./random.js";

export interface DemoWord {
  /** As captioned, punctuation included (`battery?`). */
  text: string;
  /** Milliseconds from the start of the clip. */
  tStartMs: number;
}

/** One caption line; it appears when its first word is spoken. */
export interface CaptionLine {
  words: DemoWord[];
}

/** Word starts fall on this grid, as in real automatic captions (0.240, 0.560, 0.800 …). */
export const WORD_GRID_MS = 40;
/** A line takes words while it is no longer than this many characters. */
export const MAX_LINE_CHARS = 42;
/** A line takes no word that starts this long after the line's first word (keeps cues under 5 s). */
export const MAX_LINE_SPAN_MS = 4_400;

/** Speaking pace: the interval from one word's start to the next's, before the word-length factor. */
export interface Pace {
  msPerWord: number;
}

/** A sentence as spoken: its timed words and when its last word ends. */
export interface SpokenSentence {
  words: DemoWord[];
  endMs: number;
}

/** Words spoken from `startMs`: pace varies with word length and a little at random, on the grid. */
export function timeSentence(
  words: readonly string[],
  startMs: number,
  pace: Pace,
  random: Random,
): SpokenSentence {
  const timed: DemoWord[] = [];
  let t = startMs;
  for (const text of words) {
    // Real automatic-caption times sit on the grid or one millisecond before it.
    const onGrid = Math.round(t / WORD_GRID_MS) * WORD_GRID_MS;
    const tStartMs = onGrid > 0 && random.chance(0.35) ? onGrid - 1 : onGrid;
    timed.push({ text, tStartMs });
    t = onGrid + wordMs(text, pace, random);
  }
  return { words: timed, endMs: t };
}

function letterCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i) | 0x20; // lower-cases ASCII letters; digits keep their codes
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39)) count++;
  }
  return count;
}

/** How long a word takes, in whole milliseconds: longer words longer, around the pace's mean. */
export function wordMs(text: string, pace: Pace, random: Random): number {
  // Mean word here is about 4.5 letters; the factor spans roughly 0.65 (`a`) to 1.6 (`pharmaceuticals`).
  const lengthFactor = Math.min(1.6, 0.55 + (0.45 * letterCount(text)) / 4.5);
  return Math.max(WORD_GRID_MS * 3, Math.round(pace.msPerWord * lengthFactor * random.between(0.8, 1.2)));
}

/** Rolls timed words into caption lines. */
export function breakLines(words: readonly DemoWord[]): CaptionLine[] {
  const lines: CaptionLine[] = [];
  let current: DemoWord[] = [];
  let chars = 0;
  for (const word of words) {
    const first = current[0];
    const tooLong = chars + 1 + word.text.length > MAX_LINE_CHARS;
    const tooSlow = first !== undefined && word.tStartMs - first.tStartMs > MAX_LINE_SPAN_MS;
    if (first !== undefined && (tooLong || tooSlow)) {
      lines.push({ words: current });
      current = [];
      chars = 0;
    }
    chars += (current.length === 0 ? 0 : 1) + word.text.length;
    current.push(word);
  }
  if (current.length > 0) lines.push({ words: current });
  return lines;
}

/** The start of a line: its first word. */
export function lineStartMs(line: CaptionLine): number {
  return (line.words[0] as DemoWord).tStartMs;
}

/** YouTube's rolling captions start the next line's hold this long before the line itself. */
export const HOLD_MS = 10;
