/** Reads one line of WebVTT or SRT cue text: tags stripped, entities decoded, inline word times kept. */
import { parseClockMs } from "./clock.js";
import { decodeEntities } from "./entities.js";
import { collapseWhitespace } from "./whitespace.js";

/** Text from an inline time on (`undefined`: no time of its own, it continues what came before). */
export interface LineSpan {
  tMs: number | undefined;
  text: string;
}

export interface CueLine {
  /** The line as a viewer reads it: no tags, entities decoded, whitespace collapsed, trimmed. */
  text: string;
  spans: LineSpan[];
  /** True when the line carries at least one inline word time (`<00:00:01.234>`). */
  timed: boolean;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function isTagStart(code: number, timestamps: boolean): boolean {
  const letter = (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
  return letter || code === 0x2f || (timestamps && isDigit(code));
}

/**
 * Splits a cue line at its inline timestamps (when `timestamps` is set, as in WebVTT) and strips every
 * other tag (`<c>`, `<c.colorE5E5E5>`, `<i>`, `<v Speaker>`, `<font …>`). A `<` that starts no tag is text.
 */
export function readCueLine(line: string, timestamps: boolean): CueLine {
  if (!line.includes("<")) {
    // Plain captions: most lines carry no tag at all.
    const text = decodeEntities(line);
    return { text: collapseWhitespace(text), spans: [{ tMs: undefined, text }], timed: false };
  }
  const spans: LineSpan[] = [];
  let spanMs: number | undefined;
  let spanText = "";
  let whole = "";
  let timed = false;
  let pos = 0;
  // Once no `>` follows, no later `<` can open a tag either: the rest is text, found in one scan.
  let tagsPossible = true;
  const append = (text: string): void => {
    const decoded = decodeEntities(text);
    spanText += decoded;
    whole += decoded;
  };
  while (pos < line.length) {
    const open = tagsPossible ? line.indexOf("<", pos) : -1;
    if (open < 0) {
      append(line.slice(pos));
      break;
    }
    if (!isTagStart(line.charCodeAt(open + 1), timestamps)) {
      append(line.slice(pos, open + 1));
      pos = open + 1;
      continue;
    }
    const close = line.indexOf(">", open + 2);
    if (close < 0) {
      tagsPossible = false;
      continue;
    }
    append(line.slice(pos, open));
    if (isDigit(line.charCodeAt(open + 1))) {
      const tMs = parseClockMs(line, open + 1, close);
      if (tMs !== undefined) {
        if (spanText !== "" || spanMs !== undefined) spans.push({ tMs: spanMs, text: spanText });
        spanMs = tMs;
        spanText = "";
        timed = true;
      }
    }
    pos = close + 1;
  }
  if (spanText !== "" || spanMs !== undefined) spans.push({ tMs: spanMs, text: spanText });
  return { text: collapseWhitespace(whole), spans, timed };
}
