/** Turns timed caption text into a Transcript that keeps every invariant, whatever the source format. */
import { CaptionError, type Cue, type TimedWord, type Transcript } from "./transcript.js";
import { wordEnd, wordStart } from "./whitespace.js";

/** Caption text that starts at a known time and runs until the next span, or the end of its cue. */
export interface TextSpan {
  tMs: number;
  text: string;
}

interface PendingCue {
  t0Ms: number;
  t1Ms: number;
  tokens: string[];
  /** For each token, the span it starts in. */
  spanOfToken: number[];
  spanTimesMs: number[];
}

// Tested one UTF-16 unit at a time: a lone surrogate is neither, so an astral letter does not count.
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Collects cues in order and finishes them into a Transcript:
 * - a cue's end is clipped to the next cue's start, so cues never overlap;
 * - a word takes its span's time; several words in one span are spread over the span in proportion to
 *   their letters and digits (so `>>` or `-` take no time and the first spoken word keeps the start);
 * - word times are clamped into their (clipped) cue and never decrease;
 * - a cue that repeats the text of the cue before it is speech said twice: it is appended to that cue,
 *   so consecutive cues never repeat the same line.
 */
export class TranscriptBuilder {
  readonly #cues: PendingCue[] = [];

  /** Adds a cue; one without any word is ignored. `where` names it in errors (`cue at line 12`). */
  add(t0Ms: number, t1Ms: number, spans: readonly TextSpan[], where: string): void {
    if (t1Ms < t0Ms) throw new CaptionError(`${where}: ends at ${t1Ms} ms, before it starts at ${t0Ms} ms`);
    const spanTimesMs = spans.map((span) => span.tMs);
    const { tokens, spanOfToken } = wordsOfSpans(spans);
    if (tokens.length === 0) return;
    const previous = this.#cues.at(-1);
    if (previous !== undefined && t0Ms < previous.t0Ms) {
      throw new CaptionError(`${where}: starts at ${t0Ms} ms, before the previous cue (${previous.t0Ms} ms)`);
    }
    this.#cues.push({ t0Ms, t1Ms, tokens, spanOfToken, spanTimesMs });
  }

  /** The finished transcript; throws when no cue had any text. */
  finish(wordTimes: Transcript["wordTimes"], format: string): Transcript {
    if (this.#cues.length === 0) throw new CaptionError(`${format}: the file holds no caption text`);
    const cues: Cue[] = [];
    const words: TimedWord[] = [];
    let lastWordMs = 0;
    const pendingCues = this.#cues;
    for (let i = 0; i < pendingCues.length; i++) {
      const pending = pendingCues[i] as PendingCue;
      const t0Ms = pending.t0Ms;
      const t1Ms = Math.min(pending.t1Ms, pendingCues[i + 1]?.t0Ms ?? pending.t1Ms);
      const times = wordTimesOf(pending, t0Ms, t1Ms);
      const text = pending.tokens.join(" ");
      const previous = cues[cues.length - 1];
      const merge = previous !== undefined && previous.text === text;
      const cueIdx = merge ? previous.idx : cues.length;
      const tokens = pending.tokens;
      for (let w = 0; w < tokens.length; w++) {
        const ms = times[w] ?? t0Ms;
        if (ms > lastWordMs) lastWordMs = ms;
        words.push({ token: tokens[w] ?? "", tStartMs: lastWordMs, cueIdx });
      }
      if (merge) {
        previous.text = `${previous.text} ${text}`;
        previous.t1Ms = t1Ms;
      } else {
        cues.push({ idx: cueIdx, t0Ms, t1Ms, text });
      }
    }
    return { cues, words, wordTimes };
  }
}

/** Each word's start: its span's start, spread by letters within the span, clamped into the cue. */
function wordTimesOf(cue: PendingCue, t0Ms: number, t1Ms: number): number[] {
  const lastMs = t1Ms > t0Ms ? t1Ms - 1 : t0Ms;
  const clamp = (ms: number): number => Math.min(Math.max(ms, t0Ms), lastMs);
  const times: number[] = [];
  let first = 0;
  while (first < cue.tokens.length) {
    const span = cue.spanOfToken[first] ?? 0;
    let end = first + 1;
    while (end < cue.tokens.length && cue.spanOfToken[end] === span) end++;
    const startMs = clamp(cue.spanTimesMs[span] ?? t0Ms);
    if (end - first === 1) {
      times.push(startMs);
    } else {
      const nextSpan = cue.spanOfToken[end];
      const endMs = Math.max(
        startMs,
        nextSpan === undefined ? t1Ms : clamp(cue.spanTimesMs[nextSpan] ?? t1Ms),
      );
      spread(cue.tokens, first, end, startMs, endMs, times);
    }
    first = end;
  }
  return times;
}

/** Appends the times of words `first` to `end` (exclusive), spread over [startMs, endMs) by their letters. */
function spread(
  tokens: readonly string[],
  first: number,
  end: number,
  startMs: number,
  endMs: number,
  times: number[],
): void {
  const weights: number[] = [];
  let total = 0;
  for (let w = first; w < end; w++) {
    const weight = letterCount(tokens[w] ?? "");
    weights.push(weight);
    total += weight;
  }
  let before = 0;
  for (let w = first; w < end; w++) {
    times.push(total === 0 ? startMs : startMs + Math.floor(((endMs - startMs) * before) / total));
    before += weights[w - first] ?? 0;
  }
}

/** Letters and digits in a word (UTF-16 units), the measure of how long it takes to say. */
function letterCount(word: string): number {
  let count = 0;
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    if (code < 0x80) {
      if ((code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39))
        count++;
    } else if (LETTER_OR_DIGIT.test(word.charAt(i))) {
      count++;
    }
  }
  return count;
}

/**
 * A cue's words and, for each, the span it starts in. Words are runs of anything but whitespace (`\S+`);
 * a word cut by a span boundary (`bat` + `tery`) stays whole and belongs to the span where it starts.
 * The spans are read one by one: joining them first made a string of many parts, which the scan then
 * copied into one.
 */
export function wordsOfSpans(spans: readonly TextSpan[]): { tokens: string[]; spanOfToken: number[] } {
  const tokens: string[] = [];
  const spanOfToken: number[] = [];
  let open = "";
  let openSpan = 0;
  for (let s = 0; s < spans.length; s++) {
    const text = (spans[s] as TextSpan).text;
    let start = 0;
    if (open !== "") {
      start = wordEnd(text, 0);
      open += text.slice(0, start);
      if (start === text.length) continue;
      tokens.push(open);
      spanOfToken.push(openSpan);
      open = "";
    }
    for (start = wordStart(text, start); start < text.length; start = wordStart(text, start)) {
      const end = wordEnd(text, start);
      if (end === text.length) {
        open = text.slice(start);
        openSpan = s;
        break;
      }
      tokens.push(text.slice(start, end));
      spanOfToken.push(s);
      start = end;
    }
  }
  if (open !== "") {
    tokens.push(open);
    spanOfToken.push(openSpan);
  }
  return { tokens, spanOfToken };
}
