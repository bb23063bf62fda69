/**
 * SRT → Transcript: numbered blocks with `00:00:01,000 --> 00:00:02,000` timings. Tags (`<i>`, `<font>`)
 * and ASS override codes (`{\an8}`) are stripped. SRT carries no word times: a cue's lines are joined
 * with a space and its words spread over the cue in proportion to their length in letters and digits.
 * SRT converted from rolling auto-captions repeats the previous line first; that repeat is dropped.
 */
import { scanCueBlocks } from "./cue-blocks.js";
import { addTextCues } from "./text-cues.js";
import { CaptionError, type Transcript } from "./transcript.js";
import { TranscriptBuilder } from "./transcript-builder.js";
import { splitLines } from "./whitespace.js";

const FORMAT = "SRT";
const ASS_OVERRIDE = /\{\\[^{}]*\}/g;

export function parseSrt(content: string): Transcript {
  const text = content.startsWith("\ufeff") ? content.slice(1) : content;
  const lines = splitLines(text).map((line) =>
    line.includes("{\\") ? line.replace(ASS_OVERRIDE, "") : line,
  );
  const rawCues = scanCueBlocks(lines, 0, { format: FORMAT, notes: false });
  if (rawCues.length === 0) throw new CaptionError(`${FORMAT}: the file holds no cue (no "-->" timing line)`);
  const builder = new TranscriptBuilder();
  addTextCues(rawCues, builder, false, FORMAT);
  return builder.finish("interpolated", FORMAT);
}
