/**
 * A clip's speech pace: words per minute over the time speech is actually present. Pauses (music, a
 * silence between speakers, the end of the clip) would make a fast speaker look slow, so the time is not
 * the clip's length: it is the sum of the gaps between consecutive spoken words' start times, leaving out
 * every gap of PAUSE_MS or more. Each gap kept is one word spoken; pace = gaps kept / their total time.
 */
import type { TimedWord } from "../captions/transcript.js";
import { PAUSE_MS } from "../snapshot/pace.js";

/** A caption word that is spoken: it has a letter or a digit, and is not a bracketed sound tag ([Music]). */
function isSpoken(token: string): boolean {
  return /[\p{L}\p{N}]/u.test(token) && !/^[[(].*[\])]$/.test(token);
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
