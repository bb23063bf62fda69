/**
 * WebVTT → Transcript: YouTube auto-captions as yt-dlp and youtube-dl write them (rolling two-line cues,
 * inline word times, 10 ms hold cues, `Style:` headers, colour-class spans) and plain WebVTT.
 *
 * Word times: with inline times (`<00:00:01.234><c> word</c>`) each word takes its own time and the first
 * word of a line the cue's start (`wordTimes: "exact"`). Plain WebVTT has none: a cue's lines are joined
 * with a space and its words are spread over the cue in proportion to their length in letters and digits
 * (`wordTimes: "interpolated"`), so a long word takes longer to say than a short one.
 */
import { scanCueBlocks } from "./cue-blocks.js";
import { addTextCues } from "./text-cues.js";
import { CaptionError, type Transcript } from "./transcript.js";
import { TranscriptBuilder } from "./transcript-builder.js";
import { splitLines } from "./whitespace.js";

const FORMAT = "WebVTT";
const SIGNATURE = /^\ufeff?WEBVTT(?:[ \t]|$)/;

export function parseVtt(content: string): Transcript {
  const lines = splitLines(content);
  const first = lines[0] ?? "";
  if (!SIGNATURE.test(first)) {
    throw new CaptionError(
      `${FORMAT}: not a WebVTT file, the first line must start with "WEBVTT", got ${JSON.stringify(first.slice(0, 40))}`,
    );
  }
  // The header (`Kind:`, `Language:`, youtube-dl's `Style:` rules) runs to the first blank line.
  let body = 1;
  while (body < lines.length && (lines[body] ?? "").trim() !== "" && !(lines[body] ?? "").includes("-->"))
    body++;
  const rawCues = scanCueBlocks(lines, body, { format: FORMAT, notes: true });
  if (rawCues.length === 0) throw new CaptionError(`${FORMAT}: the file holds no cue (no "-->" timing line)`);
  const builder = new TranscriptBuilder();
  const timed = addTextCues(rawCues, builder, true, FORMAT);
  return builder.finish(timed ? "exact" : "interpolated", FORMAT);
}
