/**
 * YouTube srv3 (timedtext XML, format 3) → Transcript: `<p t d a>` paragraphs holding `<s t>` word spans,
 * span times relative to the paragraph, `a="1"` paragraphs for line breaks. Read with a small tag scanner:
 * the format is flat, and malformed markup is refused with the line where it breaks.
 */
import { decodeEntities } from "./entities.js";
import { type CaptionEvent, eventsToTranscript } from "./events.js";
import { CaptionError, type Transcript } from "./transcript.js";
import { isWhitespace } from "./whitespace.js";

const FORMAT = "srv3";
const TAG_NAME = /^\/?([A-Za-z_:][-\w:.]*)/;
const INTEGER = /^\d+$/;

export function parseSrv3(content: string): Transcript {
  if (!content.includes("<timedtext")) {
    throw new CaptionError(`${FORMAT}: not a srv3 file, it has no <timedtext> element`);
  }
  const lines = new LineCounter(content);
  const events: CaptionEvent[] = [];
  let paragraph: CaptionEvent | undefined;
  let wordTimed = false;
  const addText = (text: string): void => {
    if (paragraph === undefined || text === "") return;
    const span = paragraph.spans.at(-1);
    if (span === undefined) paragraph.spans.push({ tMs: paragraph.startMs, text });
    else span.text += text;
  };
  let pos = 0;
  while (pos < content.length) {
    const open = content.indexOf("<", pos);
    addText(decodeEntities(content.slice(pos, open < 0 ? content.length : open)));
    if (open < 0) break;
    if (content.startsWith("<!--", open)) {
      pos = skipPast(content, open, "-->", "comment", lines);
      continue;
    }
    if (content.startsWith("<![CDATA[", open)) {
      const end = skipPast(content, open, "]]>", "CDATA section", lines);
      addText(content.slice(open + 9, end - 3));
      pos = end;
      continue;
    }
    if (content.startsWith("<?", open) || content.startsWith("<!", open)) {
      pos = skipPast(content, open, ">", "declaration", lines);
      continue;
    }
    const close = content.indexOf(">", open);
    if (close < 0) throw new CaptionError(`${FORMAT} line ${lines.at(open)}: a tag is never closed with ">"`);
    const tag = content.slice(open + 1, close);
    const name = TAG_NAME.exec(tag)?.[1];
    if (name === undefined)
      throw new CaptionError(`${FORMAT} line ${lines.at(open)}: cannot read the tag <${tag}>`);
    const closing = tag.startsWith("/");
    const selfClosing = tag.endsWith("/");
    pos = close + 1;
    if (name === "p") {
      if (closing) {
        if (paragraph === undefined)
          throw new CaptionError(`${FORMAT} line ${lines.at(open)}: </p> without an open <p>`);
        events.push(paragraph);
        paragraph = undefined;
        continue;
      }
      if (paragraph !== undefined) {
        throw new CaptionError(`${FORMAT} line ${lines.at(open)}: <p> inside the <p> of ${paragraph.where}`);
      }
      const attributes = readAttributes(tag);
      const where = `<p> at line ${lines.at(open)}`;
      const start = attributes.get("t");
      if (start === undefined) throw new CaptionError(`${FORMAT} ${where}: has no t (start) attribute`);
      const duration = attributes.get("d");
      paragraph = {
        startMs: milliseconds(start, "t", where),
        durationMs: duration === undefined ? undefined : milliseconds(duration, "d", where),
        hasSegments: true,
        append: (attributes.get("a") ?? "0") !== "0",
        spans: [],
        where,
      };
      if (selfClosing) {
        events.push(paragraph);
        paragraph = undefined;
      }
    } else if (name === "s" && !closing) {
      if (paragraph === undefined)
        throw new CaptionError(`${FORMAT} line ${lines.at(open)}: <s> outside a <p>`);
      const offset = readAttributes(tag).get("t");
      if (offset !== undefined) {
        wordTimed = true;
        paragraph.spans.push({
          tMs: paragraph.startMs + milliseconds(offset, "t", `<s> at line ${lines.at(open)}`),
          text: "",
        });
      }
    } else if (name === "br") {
      addText("\n");
    }
  }
  if (paragraph !== undefined) throw new CaptionError(`${FORMAT} ${paragraph.where}: never closed with </p>`);
  return eventsToTranscript(events, wordTimed ? "exact" : "interpolated", FORMAT);
}

/** `name="value"` pairs of a tag, scanned by hand: linear however long or broken the tag is. */
function readAttributes(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  let i = 0;
  const skipSpaces = (): void => {
    while (i < tag.length && isWhitespace(tag.charCodeAt(i))) i++;
  };
  const endsName = (code: number): boolean =>
    isWhitespace(code) || code === 0x3d || code === 0x2f || code === 0x3e;
  while (i < tag.length) {
    skipSpaces();
    const nameStart = i;
    while (i < tag.length && !endsName(tag.charCodeAt(i))) i++;
    const name = tag.slice(nameStart, i);
    skipSpaces();
    if (tag.charAt(i) !== "=") {
      if (i === nameStart) i++;
      continue;
    }
    i++;
    skipSpaces();
    const quote = tag.charAt(i);
    if (quote !== '"' && quote !== "'") continue;
    const valueEnd = tag.indexOf(quote, i + 1);
    if (valueEnd < 0) break;
    attributes.set(name, decodeEntities(tag.slice(i + 1, valueEnd)));
    i = valueEnd + 1;
  }
  return attributes;
}

function milliseconds(value: string, name: string, where: string): number {
  if (!INTEGER.test(value)) {
    throw new CaptionError(`${FORMAT} ${where}: ${name}="${value}" is not a time in milliseconds`);
  }
  return Number.parseInt(value, 10);
}

function skipPast(
  content: string,
  open: number,
  terminator: string,
  what: string,
  lines: LineCounter,
): number {
  const end = content.indexOf(terminator, open);
  if (end < 0) throw new CaptionError(`${FORMAT} line ${lines.at(open)}: a ${what} is never closed`);
  return end + terminator.length;
}

/** Line numbers for positions visited in increasing order, counting each character once. */
class LineCounter {
  #position = 0;
  #line = 1;
  constructor(readonly content: string) {}

  at(index: number): number {
    if (index < this.#position) return this.#countFromStart(index);
    for (let i = this.#position; i < index; i++) if (this.content.charCodeAt(i) === 0x0a) this.#line++;
    this.#position = index;
    return this.#line;
  }

  #countFromStart(index: number): number {
    let line = 1;
    for (let i = 0; i < index; i++) if (this.content.charCodeAt(i) === 0x0a) line++;
    return line;
  }
}
