/**
 * A clip's CEFR level from its vocabulary profile. The rule: the lowest level L such that at least 95% of
 * the catalogue tokens spoken in the clip are at L or below, because 95% lexical coverage is where
 * learners begin to follow a text with support (Laufer 1989; Nation 2006; Laufer & Ravenhorst-Kalovski
 * 2010); then one level up, capped at C2, when the speech is clearly fast, since the same words are harder
 * to catch at speed. A clip with too few catalogue tokens to judge gets a fixed middle level.
 */
import { LEVELS } from "../../domain.js";

/** Share of catalogue tokens, in percent, that must be at the clip's level or below. */
export const LEXICAL_COVERAGE_PERCENT = 95;

/**
 * Fewer catalogue tokens than this and the profile says too little: at 20 tokens one token is exactly
 * the 5% the coverage rule allows to be harder, below that a single rare word would decide the level.
 */
export const MIN_CATALOGUE_TOKENS = 20;

/**
 * Level of a clip too sparse to judge (B1, index 2): the middle of the scale, so a learner filtering for
 * the easiest or the hardest clips is not shown one nobody could rate.
 */
export const UNJUDGED_LEVEL_IDX = 2;

/**
 * Speech faster than this, in spoken words per second of clip, counts as fast. Conversational English
 * runs at about 2.5 words per second (150 words a minute); 3.3 (200 a minute) is auctioneer and
 * sports-commentary pace, where learners report losing words they know.
 */
export const FAST_SPEECH_WORDS_PER_S = 3.3;

/** Fewer spoken words than this and the speech rate is not judged: a short burst is not a pace. */
export const MIN_WORDS_FOR_SPEECH_RATE = 30;

const MAX_LEVEL_IDX = LEVELS.length - 1;

export interface LevelInput {
  /** Level index (0 = A1 … 5 = C2) of every catalogue token spoken, one entry per occurrence. */
  tokenLevels: readonly number[];
  /** Length of the clip, seconds. */
  durationS: number;
  /** Every spoken word, catalogue or not. */
  spokenWordCount: number;
}

/** True when the clip is long enough in words to judge its pace and faster than FAST_SPEECH_WORDS_PER_S. */
export function isFastSpeech(spokenWordCount: number, durationS: number): boolean {
  if (spokenWordCount < MIN_WORDS_FOR_SPEECH_RATE || durationS <= 0) return false;
  return spokenWordCount / durationS > FAST_SPEECH_WORDS_PER_S;
}

/** The lowest level that covers LEXICAL_COVERAGE_PERCENT of the tokens; undefined when there are too few. */
export function coverageLevel(tokenLevels: readonly number[]): number | undefined {
  const countAt = new Array<number>(LEVELS.length).fill(0);
  for (const level of tokenLevels) {
    if (!Number.isInteger(level) || level < 0 || level > MAX_LEVEL_IDX) {
      throw new RangeError(`token level must be an integer from 0 to ${MAX_LEVEL_IDX}, got ${level}`);
    }
    countAt[level] = (countAt[level] ?? 0) + 1;
  }
  const total = tokenLevels.length;
  if (total < MIN_CATALOGUE_TOKENS) return undefined;
  // Integer arithmetic: "exactly 95%" must not depend on how 0.95 rounds in binary.
  let covered = 0;
  for (let level = 0; level < MAX_LEVEL_IDX; level++) {
    covered += countAt[level] ?? 0;
    if (covered * 100 >= LEXICAL_COVERAGE_PERCENT * total) return level;
  }
  return MAX_LEVEL_IDX;
}

/** The clip's level index (0 = A1 … 5 = C2). */
export function screenLevel(input: LevelInput): number {
  const { tokenLevels, durationS, spokenWordCount } = input;
  if (!Number.isFinite(durationS) || durationS < 0) {
    throw new RangeError(`durationS must be a number of seconds from 0, got ${durationS}`);
  }
  if (!Number.isInteger(spokenWordCount) || spokenWordCount < 0) {
    throw new RangeError(`spokenWordCount must be a whole number from 0, got ${spokenWordCount}`);
  }
  const byCoverage = coverageLevel(tokenLevels);
  if (byCoverage === undefined) return UNJUDGED_LEVEL_IDX;
  const fast = isFastSpeech(spokenWordCount, durationS);
  return fast ? Math.min(byCoverage + 1, MAX_LEVEL_IDX) : byCoverage;
}
