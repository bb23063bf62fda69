/** The promises every Transcript keeps, as a check that lists each broken one (empty when all hold). */
import type { Transcript } from "./transcript.js";

/**
 * Describes every broken invariant: cue idx 0..n-1 in order; `t0Ms <= t1Ms`; cues never overlap; no empty
 * cue text; consecutive cues never repeat a line; integer times; words in non-decreasing time; each word
 * inside its cue (`t0Ms <= tStartMs < t1Ms`, or `== t0Ms` for a zero-length cue); and each cue's text is
 * its words' tokens joined by single spaces, so a transcript can be rebuilt from cue texts and word times.
 */
export function transcriptViolations(transcript: Transcript): string[] {
  const problems: string[] = [];
  const { cues, words } = transcript;
  for (const [i, cue] of cues.entries()) {
    const where = `cue ${i} (${JSON.stringify(cue.text)})`;
    if (cue.idx !== i) problems.push(`${where} has idx ${cue.idx}`);
    if (!Number.isInteger(cue.t0Ms) || !Number.isInteger(cue.t1Ms) || cue.t0Ms < 0) {
      problems.push(`${where} has times ${cue.t0Ms}..${cue.t1Ms}, not non-negative integers`);
    }
    if (cue.t0Ms > cue.t1Ms)
      problems.push(`${where} ends at ${cue.t1Ms} ms before it starts at ${cue.t0Ms} ms`);
    if (cue.text === "" || cue.text.trim() !== cue.text)
      problems.push(`${where} has empty or untrimmed text`);
    const next = cues[i + 1];
    if (next !== undefined && cue.t1Ms > next.t0Ms) {
      problems.push(`${where} ends at ${cue.t1Ms} ms, after the next cue starts at ${next.t0Ms} ms`);
    }
    if (next !== undefined && next.text === cue.text) problems.push(`${where} is repeated by the next cue`);
  }
  const tokensOfCue: string[][] = cues.map(() => []);
  let previousMs = 0;
  let previousCue = 0;
  for (const [w, word] of words.entries()) {
    const where = `word ${w} (${JSON.stringify(word.token)} at ${word.tStartMs} ms)`;
    if (!Number.isInteger(word.tStartMs)) problems.push(`${where} has a time that is not an integer`);
    if (word.tStartMs < previousMs)
      problems.push(`${where} is earlier than the word before (${previousMs} ms)`);
    previousMs = word.tStartMs;
    if (word.cueIdx < previousCue)
      problems.push(`${where} belongs to cue ${word.cueIdx}, after a word of cue ${previousCue}`);
    previousCue = word.cueIdx;
    if (word.token === "" || /\s/.test(word.token)) problems.push(`${where} is empty or holds whitespace`);
    const cue = cues[word.cueIdx];
    if (cue === undefined) {
      problems.push(`${where} points to cue ${word.cueIdx}, which does not exist`);
      continue;
    }
    tokensOfCue[word.cueIdx]?.push(word.token);
    const inside =
      cue.t0Ms === cue.t1Ms
        ? word.tStartMs === cue.t0Ms
        : cue.t0Ms <= word.tStartMs && word.tStartMs < cue.t1Ms;
    if (!inside) problems.push(`${where} lies outside its cue ${cue.idx} (${cue.t0Ms}..${cue.t1Ms} ms)`);
  }
  for (const [i, cue] of cues.entries()) {
    const rebuilt = (tokensOfCue[i] ?? []).join(" ");
    if (rebuilt !== cue.text) {
      problems.push(
        `cue ${i} reads ${JSON.stringify(cue.text)} but its words give ${JSON.stringify(rebuilt)}`,
      );
    }
  }
  return problems;
}
