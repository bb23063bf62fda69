/**
 * Where playback is in a transcript: the cue at a time, and each cue's words with the time each is spoken,
 * so a player can light the word being said and mark the word searched for. Pure functions over the
 * transcript the API returns.
 */
import type { Cue, TimedWord } from "../types.js";

/** A piece of a cue's text: a word (with the time it is spoken) or the spaces and marks between words. */
export interface Token {
  text: string;
  isWord: boolean;
  /** Seconds; set on every word token once `timeTokens` has run. */
  tStartS?: number;
  /** The catalogue word this token was indexed as, when it was. */
  wordId?: number;
}

/** The cue playing at `tS`: the last one started by then; -1 before the first. */
export function cueIndexAt(cues: readonly Cue[], tS: number): number {
  let lo = 0;
  let hi = cues.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((cues[mid] as Cue).t0 <= tS) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

/** Lower case, accents folded, outer punctuation dropped: how a spoken token is compared with a word. */
export function foldWord(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
}

const TOKEN = /[\p{L}\p{N}][\p{L}\p{N}'’-]*|[^\p{L}\p{N}]+/gu;

export function tokenize(text: string): Token[] {
  return (text.match(TOKEN) ?? []).map((piece) => ({ text: piece, isWord: /[\p{L}\p{N}]/u.test(piece) }));
}

/**
 * The cue's tokens, each word with the time it is spoken: the indexed words (`words`, in time order) are
 * matched to tokens in order, by the form spoken or the word; the words between them (names, numbers,
 * words outside the catalogue) are spread evenly between their neighbours, and the cue's start and end.
 */
export function timeTokens(cue: Cue, words: readonly TimedWord[]): Token[] {
  const tokens = tokenize(cue.text);
  const inCue = words.filter((w) => w.tStart >= cue.t0 && w.tStart < cue.t1);
  let from = 0;
  for (const word of inCue) {
    const wanted = foldWord((word.form ?? word.word).split(/\s+/)[0] ?? "");
    for (let i = from; i < tokens.length; i++) {
      const token = tokens[i] as Token;
      if (token.isWord && foldWord(token.text) === wanted) {
        token.tStartS = word.tStart;
        token.wordId = word.wordId;
        from = i + 1;
        break;
      }
    }
  }
  const wordTokens = tokens.filter((t) => t.isWord);
  let i = 0;
  while (i < wordTokens.length) {
    if ((wordTokens[i] as Token).tStartS !== undefined) {
      i++;
      continue;
    }
    let j = i;
    while (j < wordTokens.length && (wordTokens[j] as Token).tStartS === undefined) j++;
    const before = i === 0 ? cue.t0 : ((wordTokens[i - 1] as Token).tStartS as number);
    const after = j === wordTokens.length ? cue.t1 : ((wordTokens[j] as Token).tStartS as number);
    // After a timed word the run starts one step past it; at the cue's start, on it.
    const offset = i === 0 ? 0 : 1;
    const steps = j - i + offset;
    for (let k = i; k < j; k++) {
      (wordTokens[k] as Token).tStartS = before + ((after - before) * (k - i + offset)) / steps;
    }
    i = j;
  }
  return tokens;
}

/** The word token being spoken at `tS`: the last one started by then; -1 before the first. */
export function spokenTokenAt(tokens: readonly Token[], tS: number): number {
  let found = -1;
  tokens.forEach((token, i) => {
    if (token.isWord && token.tStartS !== undefined && token.tStartS <= tS) found = i;
  });
  return found;
}

/** `m:ss`. */
export function clock(tS: number): string {
  const whole = Math.max(0, Math.floor(tS));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
