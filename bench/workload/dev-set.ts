/**
 * The development set of misspellings the near-spelling ranking is measured on: frequent catalogue words,
 * drawn by how often they are spoken, each misspelt by a keyboard slip, by ear, or both. Deterministic
 * from a seed. It is made here, not taken from a published list of common misspellings, so that the
 * held-out real misspellings stay unseen while the ranking is tuned.
 */
import { SeededRandom } from "../random.js";
import { applyMisspelling, QWERTY_NEIGHBOURS } from "./misspell.js";
import { type SoundSlipClass, soundSlip } from "./sound-slips.js";

export const KEYBOARD_SLIPS = ["transpose", "drop", "double", "neighbour", "insert"] as const;
export type KeyboardSlip = (typeof KEYBOARD_SLIPS)[number];

/** Shares of the set: a keyboard slip, a slip by ear, or one of each in the same word. */
export const DEV_SET_MIX = { keyboard: 0.45, sound: 0.45, both: 0.1 } as const;
export type DevGroup = keyof typeof DEV_SET_MIX;

export interface DevMisspelling {
  typo: string;
  /** The catalogue word that was meant. */
  intended: string;
  group: DevGroup;
  /** `keyboard:<slip>`, `sound:<class>`, or `both`. */
  kind: string;
}

export interface SpokenWord {
  word: string;
  /** Occurrences per million words of spoken English. */
  frequency: number;
}

export interface DevSetOptions {
  seed: string;
  count: number;
  /** A typo that is a word (of the catalogue, or of English) is not a misspelling: it is redrawn. */
  isWord: (text: string) => boolean;
}

/** A neighbouring key pressed with the intended one: inserted before or after it. */
export function insertNeighbour(word: string, random: SeededRandom): string | undefined {
  const i = random.int(0, word.length - 1);
  const near = QWERTY_NEIGHBOURS[word[i] as string];
  if (near === undefined) return undefined;
  const at = random.next() < 0.5 ? i : i + 1;
  return word.slice(0, at) + random.pick([...near]) + word.slice(at);
}

function keyboardSlip(word: string, random: SeededRandom): { typo: string; slip: KeyboardSlip } | undefined {
  const slip = random.pick(KEYBOARD_SLIPS);
  const typo = slip === "insert" ? insertNeighbour(word, random) : applyMisspelling(word, slip, random);
  return typo === undefined ? undefined : { typo, slip };
}

function misspell(word: string, group: DevGroup, random: SeededRandom): DevMisspelling | undefined {
  if (group === "keyboard") {
    const made = keyboardSlip(word, random);
    return made && { typo: made.typo, intended: word, group, kind: `keyboard:${made.slip}` };
  }
  const sound = soundSlip(word, random);
  if (sound === undefined) return undefined;
  if (group === "sound") {
    return { typo: sound.typo, intended: word, group, kind: `sound:${sound.class satisfies SoundSlipClass}` };
  }
  const made = keyboardSlip(sound.typo, random);
  return made && { typo: made.typo, intended: word, group, kind: "both" };
}

/**
 * Words drawn without replacement with probability proportional to the square root of their spoken
 * frequency (Efraimidis–Spirakis keys): frequent words dominate, as in what people look up, without the
 * set being only the commonest few hundred.
 */
export function drawBySpokenFrequency(words: readonly SpokenWord[], random: SeededRandom): string[] {
  return [...words]
    .filter((w) => w.frequency > 0)
    .sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
    .map((w) => ({ word: w.word, key: Math.log(1 - random.next()) / Math.sqrt(w.frequency) }))
    .sort((a, b) => b.key - a.key || (a.word < b.word ? -1 : 1))
    .map((w) => w.word);
}

/**
 * `count` misspellings of distinct single words of four or more lower-case letters. Each word's group is
 * drawn by DEV_SET_MIX; a word with no place for a slip of that group, or whose slips keep making words,
 * is passed over.
 */
export function developmentSet(words: readonly SpokenWord[], options: DevSetOptions): DevMisspelling[] {
  const random = new SeededRandom(options.seed, "development-set");
  const usable = words.filter((w) => /^[a-z]{4,}$/.test(w.word));
  const out: DevMisspelling[] = [];
  for (const word of drawBySpokenFrequency(usable, random)) {
    if (out.length >= options.count) break;
    const r = random.next();
    const group: DevGroup =
      r < DEV_SET_MIX.keyboard ? "keyboard" : r < DEV_SET_MIX.keyboard + DEV_SET_MIX.sound ? "sound" : "both";
    for (let attempt = 0; attempt < 5; attempt++) {
      const made = misspell(word, group, random);
      if (made === undefined || made.typo === word || options.isWord(made.typo)) continue;
      out.push(made);
      break;
    }
  }
  return out;
}
