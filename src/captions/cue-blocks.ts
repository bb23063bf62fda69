/** Finds the cues of a WebVTT body or an SRT file: timing lines and the text lines that follow them. */
import { parseClockMs } from "./clock.js";
import { CaptionError } from "./transcript.js";

/** A cue as written: its timing and its raw text lines (blank lines dropped). */
export interface RawCue {
  t0Ms: number;
  t1Ms: number;
  lines: string[];
  /** 1-based line number of the timing line, for messages. */
  lineNo: number;
}

export interface BlockOptions {
  /** `WebVTT` or `SRT`, for messages. */
  format: string;
  /** WebVTT `NOTE` comment blocks are skipped. */
  notes: boolean;
}

const ARROW = "-->";
const DIGITS = /^\d+$/;
const NOTE = /^NOTE(?:[ \t]|$)/;

/**
 * Every cue from `lines[first]` on. A timing line starts a cue and every text line up to the next timing
 * line belongs to it, blank lines included: yt-dlp files whose whitespace-only lines were stripped put a
 * blank line between a timing line and its text. A line just before a timing line is that cue's
 * identifier when it follows a blank line and the current cue already has text, or when it is a number.
 */
export function scanCueBlocks(lines: readonly string[], first: number, options: BlockOptions): RawCue[] {
  const cues: RawCue[] = [];
  let current: RawCue | undefined;
  let previousBlank = true;
  let inNote = false;
  for (let i = first; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (line.includes(ARROW)) {
      current = readTiming(line, i + 1, options.format);
      cues.push(current);
      previousBlank = false;
      inNote = false;
      continue;
    }
    const blank = line.trim() === "";
    if (blank) {
      previousBlank = true;
      inNote = false;
      continue;
    }
    const wasBlank = previousBlank;
    previousBlank = false;
    if (inNote) continue;
    if (options.notes && wasBlank && NOTE.test(line)) {
      inNote = true;
      continue;
    }
    if (current === undefined) continue;
    const beforeTiming = (lines[i + 1] ?? "").includes(ARROW);
    if (beforeTiming && (DIGITS.test(line.trim()) || (wasBlank && current.lines.length > 0))) continue;
    current.lines.push(line);
  }
  return cues;
}

function readTiming(line: string, lineNo: number, format: string): RawCue {
  const arrow = line.indexOf(ARROW);
  const startText = line.slice(0, arrow).trim();
  const rest = line.slice(arrow + ARROW.length).trim();
  const space = rest.search(/[ \t]/);
  const endText = space < 0 ? rest : rest.slice(0, space);
  const t0Ms = parseClockMs(startText);
  const t1Ms = parseClockMs(endText);
  if (t0Ms === undefined || t1Ms === undefined) {
    throw new CaptionError(`${format} line ${lineNo}: cannot read the cue timing ${JSON.stringify(line)}`);
  }
  return { t0Ms, t1Ms, lines: [], lineNo };
}
