/** The closed vocabularies of the contract: CEFR levels, gloss languages, topics, match types. */

export const LEVELS = ["A1", "A2", "B1", "B2", "C1", "C2"] as const;
export type Level = (typeof LEVELS)[number];

export const GLOSSES = ["en", "es", "ja", "pt", "ru", "tr", "zh"] as const;
export type Gloss = (typeof GLOSSES)[number];

export const TOPICS = [
  "everyday",
  "food",
  "travel",
  "sport",
  "science",
  "business",
  "technology",
  "entertainment",
  "health",
  "learning",
  "other",
] as const;
export type Topic = (typeof TOPICS)[number];

export const MATCH_TYPES = ["exact", "forms", "fuzzy"] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

/** The longest clip the corpus holds, in seconds. */
export const MAX_CLIP_DURATION_S = 180;

/** Level as stored in the snapshot: its position in LEVELS (A1 = 0 … C2 = 5). */
export function levelIndex(level: Level): number {
  return LEVELS.indexOf(level);
}

export function levelAt(index: number): Level {
  const level = LEVELS[index];
  if (level === undefined) throw new RangeError(`no CEFR level at index ${index}`);
  return level;
}

export function isLevel(value: string): value is Level {
  return (LEVELS as readonly string[]).includes(value);
}

export function isGloss(value: string): value is Gloss {
  return (GLOSSES as readonly string[]).includes(value);
}

export function isTopic(value: string): value is Topic {
  return (TOPICS as readonly string[]).includes(value);
}
