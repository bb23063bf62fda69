/**
 * Misspellings by ear: a word written as it sounds, not as it is spelled. Each slip is a spelling rule of
 * English read backwards (`ph` and `f` sound alike, so `phone` may be written `fone`), applied at one place
 * in the word. The rules fall into five classes, reported separately by the benchmark.
 */
import type { SeededRandom } from "../random.js";

export const SOUND_SLIP_CLASSES = ["consonant", "doubling", "ending", "silent", "vowel"] as const;
export type SoundSlipClass = (typeof SOUND_SLIP_CLASSES)[number];

interface SoundRule {
  class: SoundSlipClass;
  /** Global, so every place the rule applies can be listed. */
  pattern: RegExp;
  /** The replacement of one match (`$1` refers to the pattern's first group). */
  by: string;
}

const rule = (cls: SoundSlipClass, pattern: RegExp, by: string): SoundRule => ({ class: cls, pattern, by });

/** Letters for the same consonant sound, one spelling for another. */
const CONSONANT: SoundRule[] = [
  rule("consonant", /ph/g, "f"),
  rule("consonant", /f/g, "ph"),
  rule("consonant", /c(?=[aoulr])/g, "k"),
  rule("consonant", /k(?=[aou])/g, "c"),
  rule("consonant", /ck/g, "k"),
  rule("consonant", /c(?=[eiy])/g, "s"),
  rule("consonant", /s(?=[eiy])/g, "c"),
  rule("consonant", /(?<=[aeiou])s(?=[aeiou])/g, "z"),
  rule("consonant", /z/g, "s"),
  rule("consonant", /x/g, "ks"),
  rule("consonant", /qu/g, "kw"),
  rule("consonant", /g(?=[ei])/g, "j"),
  rule("consonant", /(?<=[a-z])[ct]i(?=[aeo])/g, "sh"),
  rule("consonant", /tion/g, "sion"),
  rule("consonant", /sion/g, "tion"),
  rule("consonant", /gh(?=$)/g, "f"),
  rule("consonant", /ture$/g, "cher"),
];

/** A doubled consonant written once, or a single one between vowels doubled. */
const DOUBLING: SoundRule[] = [
  rule("doubling", /([bcdfgklmnprstz])\1/g, "$1"),
  rule("doubling", /(?<=[aeiou])([bcdfgklmnprt])(?=[aeiouy])/g, "$1$1"),
];

/** Endings that sound the same. */
const ENDING: SoundRule[] = [
  rule("ending", /ible$/g, "able"),
  rule("ending", /able$/g, "ible"),
  rule("ending", /ance$/g, "ence"),
  rule("ending", /ence$/g, "ance"),
  rule("ending", /ant$/g, "ent"),
  rule("ending", /ent$/g, "ant"),
  rule("ending", /ary$/g, "ery"),
  rule("ending", /ery$/g, "ary"),
  rule("ending", /(?<=[a-z]{2})or$/g, "er"),
  rule("ending", /(?<=[a-z]{2})er$/g, "or"),
  rule("ending", /ous$/g, "us"),
  rule("ending", /(?<=[a-z]{2})y$/g, "ie"),
  rule("ending", /(?<=[a-z]{2})ly$/g, "ley"),
];

/** Letters that are not heard, left out (or an unheard final e added). */
const SILENT: SoundRule[] = [
  rule("silent", /^kn/g, "n"),
  rule("silent", /^wr/g, "r"),
  rule("silent", /^wh/g, "w"),
  rule("silent", /(?<=w)h/g, ""),
  rule("silent", /mb$/g, "m"),
  rule("silent", /(?<=[aeiou])gn/g, "n"),
  rule("silent", /dge/g, "ge"),
  rule("silent", /tch/g, "ch"),
  rule("silent", /(?<=[aeiou])gh(?=t)/g, ""),
  rule("silent", /^ps/g, "s"),
  rule("silent", /sc(?=[eiy])/g, "s"),
  rule("silent", /rh/g, "r"),
  rule("silent", /(?<=[a-z]{2}[^aeiou])e$/g, ""),
  rule("silent", /(?<=[a-z]{2}[aeiou][bdgkmnpstv])$/g, "e"),
  rule("silent", /(?<=^g|[aeiou])h(?=[aeiou])/g, ""),
  rule("silent", /(?<=[aeiou])u(?=[aeiou])/g, ""),
];

/** Vowels as they sound: an unstressed vowel written as another, vowel pairs written by ear. */
const VOWEL: SoundRule[] = [
  rule("vowel", /(?<=[^aeiou][aeiou]+[^aeiou]+)a(?=[^aeiou])/g, "e"),
  rule("vowel", /(?<=[^aeiou][aeiou]+[^aeiou]+)e(?=[^aeiou])/g, "a"),
  rule("vowel", /(?<=[^aeiou][aeiou]+[^aeiou]+)e(?=[^aeiou])/g, "i"),
  rule("vowel", /(?<=[^aeiou][aeiou]+[^aeiou]+)i(?=[^aeiou])/g, "a"),
  rule("vowel", /(?<=[^aeiou][aeiou]+[^aeiou]+)i(?=[^aeiou])/g, "e"),
  rule("vowel", /(?<=[^aeiou][aeiou]+[^aeiou]+)o(?=[^aeiou])/g, "e"),
  rule("vowel", /(?<=[^aeiou][aeiou]+[^aeiou]+)u(?=[^aeiou])/g, "a"),
  rule("vowel", /ie/g, "ei"),
  rule("vowel", /ei/g, "ie"),
  rule("vowel", /ea/g, "e"),
  rule("vowel", /ea/g, "ee"),
  rule("vowel", /ee/g, "ea"),
  rule("vowel", /oo/g, "u"),
  rule("vowel", /ou/g, "o"),
  rule("vowel", /ou/g, "u"),
  rule("vowel", /ai/g, "ay"),
  rule("vowel", /ay/g, "ai"),
  rule("vowel", /(?<=[^aeiou])y(?=[^aeiou])/g, "i"),
];

export const SOUND_RULES: readonly SoundRule[] = [...CONSONANT, ...DOUBLING, ...ENDING, ...SILENT, ...VOWEL];

export interface SoundSlip {
  typo: string;
  class: SoundSlipClass;
}

/** Every word one rule makes of `word`, at one place, each once (the word itself left out). */
export function soundSlips(word: string): SoundSlip[] {
  const out = new Map<string, SoundSlipClass>();
  for (const { class: cls, pattern, by } of SOUND_RULES) {
    for (const match of word.matchAll(pattern)) {
      const at = match.index;
      const replaced = by.replaceAll("$1", match[1] ?? "");
      const typo = word.slice(0, at) + replaced + word.slice(at + match[0].length);
      if (typo !== word && typo !== "" && !out.has(typo)) out.set(typo, cls);
    }
  }
  return [...out].map(([typo, cls]) => ({ typo, class: cls }));
}

/** One slip by ear drawn evenly among the places and rules that apply, or undefined when none does. */
export function soundSlip(word: string, random: SeededRandom): SoundSlip | undefined {
  const slips = soundSlips(word);
  return slips.length === 0 ? undefined : random.pick(slips);
}
