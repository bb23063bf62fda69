/**
 * A CEFR level estimated from how common a word is: five cut points on its commonness (the logarithm of
 * its spoken frequency; for a word the spoken list lacks, its SCOWL size class), fitted on the words
 * whose level the CEFR lists give (the cut points that place the most of them at their own level, each
 * level weighted alike so that the largest level, B2, does not swallow the rare words; levels in order:
 * more common, lower level). Its accuracy is measured by cross-validation: fitted on four fifths of the
 * labelled words, tested on the fifth left out.
 */

/** The commonness given to every listed word spoken less than once per hundred million words. */
const LISTED_FLOOR = -2;

/**
 * A word's commonness: log10 of its occurrences per million in the spoken list (the list's rarest word
 * is near −0.9) when the list has it; else below every listed word, in the order of SCOWL's size
 * classes, −2 − class / 100 (−2.1 for class 10 … −2.5 for class 50); −3 when none of the classes read
 * lists it. Only the order of the values matters to the rule.
 */
export function commonness(perMillion: number, scowlSize: number | undefined): number {
  if (perMillion > 0) return Math.max(LISTED_FLOOR, Math.log10(perMillion));
  return scowlSize === undefined ? LISTED_FLOOR - 1 : LISTED_FLOOR - scowlSize / 100;
}

export interface LabelledWord {
  /** The word's commonness (`commonness`). */
  commonness: number;
  /** 0 = A1 … 5 = C2. */
  level: number;
}

export interface LevelRule {
  /** Five cut points on commonness, descending: a word at or above `cuts[0]` is A1, below `cuts[4]` C2. */
  cuts: number[];
}

const LEVEL_COUNT = 6;

/** The cut points that place the most words at their own level (dynamic programme over sorted words). */
export function fitLevelRule(words: readonly LabelledWord[]): LevelRule {
  // Distinct frequencies, most frequent first, with the count of words of each level at each.
  const perLevel = new Array<number>(LEVEL_COUNT).fill(0);
  for (const w of words) perLevel[w.level] = (perLevel[w.level] ?? 0) + 1;
  const byValue = new Map<number, number[]>();
  for (const w of words) {
    const counts = byValue.get(w.commonness) ?? new Array<number>(LEVEL_COUNT).fill(0);
    counts[w.level] = (counts[w.level] ?? 0) + 1 / (perLevel[w.level] as number);
    byValue.set(w.commonness, counts);
  }
  const values = [...byValue.keys()].sort((a, b) => b - a);
  const n = values.length;
  // best[i][l]: most words right among the first i values when value i-1 is given level l.
  const best = Array.from({ length: n + 1 }, () => new Array<number>(LEVEL_COUNT).fill(0));
  const from = Array.from({ length: n + 1 }, () => new Array<number>(LEVEL_COUNT).fill(0));
  for (let i = 1; i <= n; i++) {
    const counts = byValue.get(values[i - 1] as number) as number[];
    let runningBest = Number.NEGATIVE_INFINITY;
    let runningLevel = 0;
    for (let l = 0; l < LEVEL_COUNT; l++) {
      const previous = (best[i - 1] as number[])[l] as number;
      if (previous > runningBest) {
        runningBest = previous;
        runningLevel = l;
      }
      (best[i] as number[])[l] = runningBest + ((counts[l] as number) ?? 0);
      (from[i] as number[])[l] = runningLevel;
    }
  }
  // Walk back: the level of each value, then a cut between values where the level rises.
  const levels = new Array<number>(n).fill(0);
  let level = (best[n] as number[]).indexOf(Math.max(...(best[n] as number[])));
  for (let i = n; i >= 1; i--) {
    levels[i - 1] = level;
    level = (from[i] as number[])[level] as number;
  }
  const cuts: number[] = [];
  for (let l = 1; l < LEVEL_COUNT; l++) {
    const first = levels.findIndex((x) => x >= l);
    if (first <= 0) cuts.push(first === 0 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY);
    else cuts.push(((values[first - 1] as number) + (values[first] as number)) / 2);
  }
  return { cuts };
}

export function estimateLevel(rule: LevelRule, commonness: number): number {
  let level = 0;
  while (level < rule.cuts.length && commonness < (rule.cuts[level] as number)) level++;
  return level;
}

export interface LevelRuleAccuracy {
  /** Share of held-out words given their own level. */
  exact: number;
  /** Share of held-out words given their level or a neighbouring one. */
  withinOne: number;
  folds: number;
}

/** k-fold cross-validation; a word's fold is fixed by its position (callers pass words in a fixed order). */
export function crossValidate(words: readonly LabelledWord[], folds = 5): LevelRuleAccuracy {
  let exact = 0;
  let withinOne = 0;
  for (let fold = 0; fold < folds; fold++) {
    const rule = fitLevelRule(words.filter((_, i) => i % folds !== fold));
    words.forEach((w, i) => {
      if (i % folds !== fold) return;
      const off = Math.abs(estimateLevel(rule, w.commonness) - w.level);
      if (off === 0) exact++;
      if (off <= 1) withinOne++;
    });
  }
  return { exact: exact / words.length, withinOne: withinOne / words.length, folds };
}
