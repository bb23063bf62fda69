/**
 * The form of a catalogue word as spoken in a clip, as a posting shows it: the caption word at the posting's
 * time, tokenised within the rest of its cue (`spokenForm`), and the same read from the clip's token stream
 * where that is sure to give the same, without tokenising the cue again (`ClipForms`).
 */
import type { TimedWord } from "../captions/transcript.js";
import { normalise } from "../text/normalise.js";
import { tokeniseWords } from "../text/tokenise.js";

/**
 * A cue's words as `spokenForm` reads them, prepared once for all the postings in the cue: each
 * single-space-separated word's whitespace-separated parts, and whether one of them opens (or holds) a
 * `[` once normalised.
 */
export interface CueWords {
  parts: string[][];
  bracket: boolean[];
}

/** Whitespace other than the space the cue's words are separated by. */
const OTHER_SPACE = /[^\S ]/;
/** Text without a `[` or `［`, nor anything that could normalise to one, outside plain ASCII. */
const NO_BRACKET = /^[^[\uff3b\u0080-\uffff]*$/;

export function cueWords(cueText: string): CueWords {
  const words = cueText.split(" ");
  const split = OTHER_SPACE.test(cueText);
  const parts: string[][] = new Array(words.length);
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    parts[i] = split ? word.split(/\s+/).filter((part) => part !== "") : word === "" ? [] : [word];
  }
  const bracket: boolean[] = new Array(words.length).fill(false);
  if (!NO_BRACKET.test(cueText)) {
    for (let i = 0; i < words.length; i++)
      bracket[i] = (parts[i] as string[]).some((part) => normalise(part).includes("["));
  }
  return { parts, bracket };
}

/**
 * The form spoken at `tStartMs` in the cue: the caption word with that time, tokenised, as many tokens as
 * the word's key has; undefined when it is the key itself (or cannot be found).
 */
export function spokenForm(
  cueText: string,
  wordMs: ArrayLike<number>,
  tStartMs: number,
  norm: string,
  language: string,
  words: CueWords = cueWords(cueText),
): string | undefined {
  let at = -1;
  for (let i = 0; i < wordMs.length; i++) {
    if (wordMs[i] === tStartMs) {
      at = i;
      break;
    }
  }
  if (at === -1) return undefined;
  let length = 1;
  for (let i = norm.indexOf(" "); i !== -1; i = norm.indexOf(" ", i + 1)) length++;
  const form = leadingTokens(words, at, length, language).join(" ");
  return form === norm || form === "" ? undefined : form;
}

/** The parts of words [from, to) of the cue, in order. */
function partsOf(words: CueWords, from: number, to: number): string[] {
  if (to - from === 1) return words.parts[from] as string[];
  const out: string[] = [];
  for (let i = from; i < to; i++) for (const part of words.parts[i] as string[]) out.push(part);
  return out;
}

/**
 * The first `count` tokens of the words from `at` on, as tokenising the whole rest of the cue gives them,
 * from as few words as it takes. A word's tokens depend on the words after it only through a `[` sound
 * annotation, so a window of words of which none holds a `[` tokenises as it does within the rest.
 */
function leadingTokens(words: CueWords, at: number, count: number, language: string): string[] {
  const length = words.parts.length;
  for (let end = Math.min(length, at + count); ; end = Math.min(length, at + (end - at) * 2)) {
    let bracket = false;
    for (let i = at; i < end && !bracket; i++) bracket = words.bracket[i] as boolean;
    if (end === length || bracket) {
      return tokeniseWords(partsOf(words, at, length), language)
        .slice(0, count)
        .map((token) => token.norm);
    }
    const tokens = tokeniseWords(partsOf(words, at, end), language);
    if (tokens.length >= count) return tokens.slice(0, count).map((token) => token.norm);
  }
}

/**
 * True when the cue's text is plain ASCII without brackets or whitespace but single spaces between the words
 * the transcript has for it, `words[first … first + count)`: its words then tokenise one by one, as they do
 * in the whole clip's token stream, where no sound annotation can be open across them.
 */
function isPlainCue(text: string, words: readonly TimedWord[], first: number, count: number): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7e || code === 0x5b || code === 0x5d) return false;
  }
  let at = 0;
  for (let w = first; w < first + count; w++) {
    const token = (words[w] as TimedWord).token;
    if (w > first) {
      if (text.charCodeAt(at) !== 0x20) return false;
      at++;
    }
    if (!text.startsWith(token, at)) return false;
    at += token.length;
  }
  return at === text.length;
}

/**
 * Per cue its first word, and at the end the word count, when every cue's words are together and in cue
 * order (as parsed and stored transcripts have them); undefined otherwise.
 */
export function cueStarts(words: readonly TimedWord[], cues: number): Int32Array | undefined {
  const first = new Int32Array(cues + 1).fill(-1);
  let previous = -1;
  for (let w = 0; w < words.length; w++) {
    const cueIdx = (words[w] as TimedWord).cueIdx;
    if (cueIdx === previous) continue;
    if (cueIdx < previous || cueIdx >= cues || !Number.isInteger(cueIdx)) return undefined;
    first[cueIdx] = w;
    previous = cueIdx;
  }
  // A cue without words starts where the next does.
  first[cues] = words.length;
  for (let c = cues - 1; c >= 0; c--) if (first[c] === -1) first[c] = first[c + 1] as number;
  return first;
}

/**
 * The clip's token stream against its cues, to read postings' forms from: which tokens `spokenForm` would
 * give for a posting, when the clip's own tokens are sure to be those.
 */
export class ClipForms {
  readonly #words: readonly TimedWord[];
  readonly #cueTexts: readonly string[];
  /** Every token's word. */
  readonly #tokenWord: Int32Array;
  readonly #cueFirst: Int32Array | undefined;
  /** Per cue: 1 when plain (`isPlainCue`), 0 when not, −1 until asked. */
  readonly #plain: Int8Array;

  constructor(words: readonly TimedWord[], cueTexts: readonly string[], tokenWord: Int32Array) {
    this.#words = words;
    this.#cueTexts = cueTexts;
    this.#tokenWord = tokenWord;
    this.#cueFirst = cueStarts(words, cueTexts.length);
    this.#plain = new Int8Array(cueTexts.length).fill(-1);
  }

  /** Per cue its first word, and at the end the word count (`cueStarts`). */
  get cueFirst(): Int32Array | undefined {
    return this.#cueFirst;
  }

  /**
   * Where the form `spokenForm` gives for a hit from token `start` lies in the clip's tokens: the first
   * `keyTokens` from `start`, when the hit's first token is the first of a word of a plain cue, that word
   * is the first of the cue spoken at its time, and the cue holds all those tokens; false when it is not
   * sure, and `spokenForm` must tokenise the cue.
   */
  formIsClipTokens(start: number, keyTokens: number): boolean {
    const tokenWord = this.#tokenWord;
    const cueFirst = this.#cueFirst;
    const words = this.#words;
    if (cueFirst === undefined) return false;
    const w = tokenWord[start] as number;
    if (start > 0 && tokenWord[start - 1] === w) return false;
    const word = words[w] as TimedWord;
    const cueIdx = word.cueIdx;
    const first = cueFirst[cueIdx] as number;
    let plain = this.#plain[cueIdx] as number;
    if (plain === -1) {
      const count = (cueFirst[cueIdx + 1] as number) - first;
      plain = isPlainCue(this.#cueTexts[cueIdx] as string, words, first, count) ? 1 : 0;
      this.#plain[cueIdx] = plain;
    }
    if (plain === 0) return false;
    for (let earlier = first; earlier < w; earlier++)
      if ((words[earlier] as TimedWord).tStartMs === word.tStartMs) return false;
    const last = start + keyTokens - 1;
    return last < tokenWord.length && (words[tokenWord[last] as number] as TimedWord).cueIdx === cueIdx;
  }
}
