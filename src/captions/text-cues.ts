/** From WebVTT and SRT cue blocks to transcript cues: rolling-caption de-duplication and word spans. */
import type { RawCue } from "./cue-blocks.js";
import { type CueLine, readCueLine } from "./cue-line.js";
import type { TextSpan, TranscriptBuilder } from "./transcript-builder.js";

/**
 * Adds the new text of each cue to the builder; returns true when some line carried inline word times.
 *
 * YouTube's rolling captions show two lines: the line before (repeated, untimed) and the new line (timed
 * word by word); between them come 10 ms "hold" cues that repeat the new line alone. So in a cue with a
 * timed line, the lines before the first timed one are the repeated context. In a cue without timed lines
 * (single-word lines, plain captions, SRT), a first line equal to the previous cue's last new line is a
 * repeat. A cue left without new text is a hold and adds nothing. The new lines of a cue are joined with a
 * space; untimed text starts at the cue's start and runs until the next inline time or the cue's end.
 */
export function addTextCues(
  rawCues: readonly RawCue[],
  builder: TranscriptBuilder,
  timestamps: boolean,
  format: string,
): boolean {
  let anyTimed = false;
  let lastLine = "";
  for (const raw of rawCues) {
    const { lines, timed } = cueLines(raw.lines, timestamps);
    const fresh = timed ? lines : lines[0]?.text === lastLine ? lines.slice(1) : lines;
    const last = fresh.at(-1);
    if (last === undefined) continue;
    anyTimed ||= timed;
    lastLine = last.text;
    const spans: TextSpan[] = [];
    for (const line of fresh) {
      const previous = spans.at(-1);
      // Lines are separate words even where the text has no space at the line break.
      if (previous !== undefined) previous.text += " ";
      for (const span of line.spans) {
        const open = spans.at(-1);
        if (span.tMs === undefined && open !== undefined) open.text += span.text;
        else spans.push({ tMs: span.tMs ?? raw.t0Ms, text: span.text });
      }
    }
    builder.add(raw.t0Ms, raw.t1Ms, spans, `${format} cue at line ${raw.lineNo}`);
  }
  return anyTimed;
}

/**
 * A cue's lines read, without those of no text: from its first line with an inline word time on (`timed`),
 * or every line when none has one. The lines before a timed one, the repeated context, are left unread
 * when they hold no `<` (no tag, so no time): in YouTube's rolling captions, the first line of every cue
 * with a timed line.
 */
export function cueLines(raw: readonly string[], timestamps: boolean): { lines: CueLine[]; timed: boolean } {
  const read: Array<CueLine | undefined> = new Array(raw.length);
  for (let k = 0; k < raw.length; k++) {
    const text = raw[k] as string;
    if (!text.includes("<")) continue;
    const line = readCueLine(text, timestamps);
    read[k] = line;
    if (!line.timed || line.text === "") continue;
    const lines = [line];
    for (let j = k + 1; j < raw.length; j++) {
      const after = readCueLine(raw[j] as string, timestamps);
      if (after.text !== "") lines.push(after);
    }
    return { lines, timed: true };
  }
  const lines: CueLine[] = [];
  for (let k = 0; k < raw.length; k++) {
    const line = read[k] ?? readCueLine(raw[k] as string, timestamps);
    if (line.text !== "") lines.push(line);
  }
  return { lines, timed: false };
}
