/**
 * Realistic misspellings, one edit each, deterministic from a seed: the kinds of slip people make when
 * typing a word they know (adjacent letters swapped, a letter dropped or doubled, a vowel confused, a key
 * next to the right one). Used to measure how often a fuzzy lookup finds the word that was meant.
 */
import { SeededRandom } from "../random.js";

export const MISSPELLING_KINDS = ["transpose", "drop", "double", "vowel", "neighbour"] as const;
export type MisspellingKind = (typeof MISSPELLING_KINDS)[number];

export interface Misspelling {
  typo: string;
  intended: string;
  kind: MisspellingKind;
}

const VOWELS = "aeiou";

/** Letters next to each other on a QWERTY keyboard (same row and the rows above and below). */
export const QWERTY_NEIGHBOURS: Readonly<Record<string, string>> = {
  q: "wa",
  w: "qeas",
  e: "wrsd",
  r: "etdf",
  t: "ryfg",
  y: "tugh",
  u: "yihj",
  i: "uojk",
  o: "ipkl",
  p: "ol",
  a: "qwsz",
  s: "awedxz",
  d: "serfcx",
  f: "drtgvc",
  g: "ftyhbv",
  h: "gyujnb",
  j: "huikmn",
  k: "jiolm",
  l: "kop",
  z: "asx",
  x: "zsdc",
  c: "xdfv",
  v: "cfgb",
  b: "vghn",
  n: "bhjm",
  m: "njk",
};

/** Where an edit goes: a letter past the first (people rarely miss the first letter of a word). */
function position(random: SeededRandom, word: string): number {
  return random.int(1, Math.max(1, word.length - 1));
}

/** One edit of `kind`, or undefined when the word offers no place for it (no vowel, no pair to swap). */
export function applyMisspelling(
  word: string,
  kind: MisspellingKind,
  random: SeededRandom,
): string | undefined {
  switch (kind) {
    case "transpose": {
      const places: number[] = [];
      for (let i = 1; i + 1 < word.length; i++) if (word[i] !== word[i + 1]) places.push(i);
      if (places.length === 0) return undefined;
      const i = random.pick(places);
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    }
    case "drop": {
      const i = position(random, word);
      return word.slice(0, i) + word.slice(i + 1);
    }
    case "double": {
      const i = position(random, word);
      return word.slice(0, i + 1) + word[i] + word.slice(i + 1);
    }
    case "vowel": {
      const places: number[] = [];
      for (let i = 1; i < word.length; i++) if (VOWELS.includes(word[i] as string)) places.push(i);
      if (places.length === 0) return undefined;
      const i = random.pick(places);
      const other = random.pick([...VOWELS].filter((v) => v !== word[i]));
      return word.slice(0, i) + other + word.slice(i + 1);
    }
    case "neighbour": {
      const i = position(random, word);
      const near = QWERTY_NEIGHBOURS[word[i] as string];
      if (near === undefined) return undefined;
      return word.slice(0, i) + random.pick([...near]) + word.slice(i + 1);
    }
  }
}

export interface MisspellingOptions {
  seed: string;
  count: number;
  /** A typo that is itself a word (or a form of one) is not a misspelling: it is refused and redrawn. */
  isWord: (text: string) => boolean;
}

/**
 * `count` misspellings of distinct words drawn from `words` (lower-case letters only, 4 or more), each
 * with one edit of a kind drawn evenly. Fewer when the list runs out of usable words.
 */
export function generateMisspellings(words: readonly string[], options: MisspellingOptions): Misspelling[] {
  const random = new SeededRandom(options.seed, "misspellings");
  const usable = random.shuffled([...new Set(words)].filter((w) => /^[a-z]{4,}$/.test(w)).sort());
  const out: Misspelling[] = [];
  for (const intended of usable) {
    if (out.length >= options.count) break;
    for (let attempt = 0; attempt < 5; attempt++) {
      const kind = random.pick(MISSPELLING_KINDS);
      const typo = applyMisspelling(intended, kind, random);
      if (typo === undefined || typo === intended || options.isWord(typo)) continue;
      out.push({ typo, intended, kind });
      break;
    }
  }
  return out;
}
