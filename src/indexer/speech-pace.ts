/**
 * A clip's speech pace: words per minute over the time speech is actually present. Pauses (music, a
 * silence between speakers, the end of the clip) would make a fast speaker look slow, so the time is not
 * the clip's length: it is the sum of the gaps between consecutive spoken words' start times, leaving out
 * every gap of PAUSE_MS or more. Each gap kept is one word spoken; pace = gaps kept / their total time.
 */
import type { TimedWord } from "../captions/transcript.js";
import { PAUSE_MS } from "../snapshot/pace.js";

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const SOUND_TAG = /^[[(].*[\])]$/;

/** A caption word that is spoken: it has a letter or a digit, and is not a bracketed sound tag ([Music]). */
export function isSpoken(token: string): boolean {
  // Printable ASCII (most caption words) is read by hand: a letter or digit there is [A-Za-z0-9], and no
  // character of it ends a line, which `.` in the tag's pattern would not cross.
  let letterOrDigit = false;
  for (let i = 0; i < token.length; i++) {
    const code = token.charCodeAt(i);
    if (code < 0x20 || code > 0x7e) return LETTER_OR_DIGIT.test(token) && !SOUND_TAG.test(token);
    if (!letterOrDigit)
      letterOrDigit = ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a) || (code >= 0x30 && code <= 0x39);
  }
  if (!letterOrDigit) return false;
  const open = token.charCodeAt(0);
  const close = token.charCodeAt(token.length - 1);
  return !((open === 0x5b || open === 0x28) && (close === 0x5d || close === 0x29) && token.length >= 2);
}

/** Words per minute while speaking, rounded to an integer; 0 when the clip has no two words close enough. */
export function wordsPerMinute(words: readonly Pick<TimedWord, "token" | "tStartMs">[]): number {
  let gaps = 0;
  let speakingMs = 0;
  let previous: number | undefined;
  for (const word of words) {
    if (!isSpoken(word.token)) continue;
    if (previous !== undefined) {
      const gap = word.tStartMs - previous;
      if (gap > 0 && gap < PAUSE_MS) {
        gaps++;
        speakingMs += gap;
      }
    }
    previous = word.tStartMs;
  }
  return speakingMs === 0 ? 0 : Math.round((gaps * 60_000) / speakingMs);
}
