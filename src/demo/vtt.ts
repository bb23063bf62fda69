/**
 * WebVTT as `yt-dlp --write-auto-subs --sub-format vtt` saves YouTube's automatic captions: each line
 * appears under the previous one with inline `<hh:mm:ss.mmm><c> word</c>` times, then a 10 ms cue holds
 * it alone before it scrolls up, and the first cue's upper line is a single space.
 */
import { type CaptionLine, HOLD_MS, lineStartMs } from "./speech.js";

/** `00:01:02.345`. */
export function vttTimestamp(ms: number): string {
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  const milli = ms % 1000;
  // Written out rather than padStart: this runs for every word of every generated clip.
  return `${h < 10 ? "0" : ""}${h}:${m < 10 ? "0" : ""}${m}:${s < 10 ? "0" : ""}${s}.${milli < 10 ? "00" : milli < 100 ? "0" : ""}${milli}`;
}

function plain(line: CaptionLine): string {
  return line.words.map((w) => w.text).join(" ");
}

function timed(line: CaptionLine): string {
  return line.words
    .map((w, i) => (i === 0 ? w.text : `<${vttTimestamp(w.tStartMs)}><c> ${w.text}</c>`))
    .join("");
}

function cueHeader(startMs: number, endMs: number): string {
  return `${vttTimestamp(startMs)} --> ${vttTimestamp(endMs)} align:start position:0%`;
}

export function renderVtt(lines: readonly CaptionLine[], captionsEndMs: number): string {
  const parts = ["WEBVTT\nKind: captions\nLanguage: en\n"];
  lines.forEach((line, i) => {
    const next = lines[i + 1];
    const startMs = lineStartMs(line);
    const upper = i === 0 ? " " : plain(lines[i - 1] as CaptionLine);
    if (next === undefined) {
      parts.push(`\n${cueHeader(startMs, captionsEndMs)}\n${upper}\n${timed(line)}\n`);
      return;
    }
    const holdMs = lineStartMs(next) - HOLD_MS;
    parts.push(`\n${cueHeader(startMs, holdMs)}\n${upper}\n${timed(line)}\n`);
    parts.push(`\n${cueHeader(holdMs, lineStartMs(next))}\n${plain(line)}\n \n`);
  });
  return parts.join("");
}
