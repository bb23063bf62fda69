import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { transcriptViolations } from "./invariants.js";
import { parseSrv3 } from "./srv3.js";
import { CaptionError, type Transcript } from "./transcript.js";

function fixture(path: string): string {
  return readFileSync(new URL(`../../test/fixtures/captions/${path}`, import.meta.url), "utf8");
}

function parsed(content: string): Transcript {
  const transcript = parseSrv3(content);
  expect(transcriptViolations(transcript)).toEqual([]);
  return transcript;
}

function document(body: string): string {
  return `<?xml version="1.0" encoding="utf-8" ?><timedtext format="3">\n<body>\n${body}\n</body>\n</timedtext>`;
}

describe("parseSrv3 on YouTube auto-captions", () => {
  const transcript = parsed(fixture("auto/srv3/DoesFastChargingHurttheBatteryRaw.srv3"));

  it("gives one cue per paragraph with text, ending where the next line-break paragraph starts", () => {
    expect(transcript.wordTimes).toBe("exact");
    expect(transcript.cues).toHaveLength(19);
    expect(transcript.cues[0]).toEqual({
      idx: 0,
      t0Ms: 240,
      t1Ms: 3750,
      text: "Does fast charging hurt the battery?",
    });
    // Its own end (22800 + 4520) comes before the next paragraph at 43590.
    expect(transcript.cues[10]).toEqual({
      idx: 10,
      t0Ms: 22800,
      t1Ms: 27320,
      text: "passing, we planted some plants.",
    });
  });

  it("adds each span's offset to its paragraph's start and decodes entities", () => {
    expect(transcript.words.slice(0, 3).map((word) => [word.token, word.tStartMs])).toEqual([
      ["Does", 240],
      ["fast", 560],
      ["charging", 800],
    ]);
    expect(transcript.words.filter((word) => word.token === "didn't").map((word) => word.tStartMs)).toEqual([
      45840, 64559,
    ]);
  });
});

describe("parseSrv3 on hand-written input", () => {
  it("reads paragraphs without spans, line breaks, comments and CDATA", () => {
    const transcript = parsed(
      document(
        '<!-- a comment with <p> in it --><p t="1000" d="2000">Tom &amp; Jerry<br/>run</p>\n<p t="3000" d="500"><![CDATA[a < b]]></p>',
      ),
    );
    expect(transcript.wordTimes).toBe("interpolated");
    expect(transcript.cues).toEqual([
      { idx: 0, t0Ms: 1000, t1Ms: 3000, text: "Tom & Jerry run" },
      { idx: 1, t0Ms: 3000, t1Ms: 3500, text: "a < b" },
    ]);
  });

  it("continues the last span with text outside spans and with spans without a time", () => {
    const transcript = parsed(
      document('<p t="100" d="900"><s>one</s> two<s t="400"> three</s><s> four</s></p>'),
    );
    expect(transcript.words.map((word) => [word.token, word.tStartMs])).toEqual([
      ["one", 100],
      ["two", 100 + Math.floor((400 * 3) / 6)],
      ["three", 500],
      ["four", 500 + Math.floor((500 * 5) / 9)],
    ]);
  });

  it("refuses input that is not srv3", () => {
    expect(() => parseSrv3("")).toThrow(
      new CaptionError("srv3: not a srv3 file, it has no <timedtext> element"),
    );
    expect(() => parseSrv3("<transcript><text start='1'>hi</text></transcript>")).toThrow(CaptionError);
  });

  it("refuses malformed markup, naming the line", () => {
    expect(() => parseSrv3(document("stray</p>"))).toThrow(
      new CaptionError("srv3 line 3: </p> without an open <p>"),
    );
    expect(() => parseSrv3('<timedtext>\n<p t="1" d="2">never closed')).toThrow(
      new CaptionError("srv3 <p> at line 2: never closed with </p>"),
    );
    expect(() => parseSrv3(document('<p t="1"><p t="2">x</p></p>'))).toThrow(
      "srv3 line 3: <p> inside the <p> of <p> at line 3",
    );
    expect(() => parseSrv3(document("<s>stray</s>"))).toThrow("srv3 line 3: <s> outside a <p>");
    expect(() => parseSrv3('<timedtext>\n<p t="1" d="2">text</p\n')).toThrow(
      'srv3 line 2: a tag is never closed with ">"',
    );
    expect(() => parseSrv3("<timedtext><!-- unterminated")).toThrow("srv3 line 1: a comment is never closed");
    expect(() => parseSrv3("<timedtext>< p>")).toThrow("srv3 line 1: cannot read the tag < p>");
  });

  it("refuses times that are not milliseconds", () => {
    expect(() => parseSrv3(document('<p t="abc" d="2">x</p>'))).toThrow(
      new CaptionError('srv3 <p> at line 3: t="abc" is not a time in milliseconds'),
    );
    expect(() => parseSrv3(document('<p d="2">x</p>'))).toThrow(
      "srv3 <p> at line 3: has no t (start) attribute",
    );
    expect(() => parseSrv3(document('<p t="0" d="9"><s t="-4">x</s></p>'))).toThrow(
      'srv3 <s> at line 3: t="-4" is not a time in milliseconds',
    );
  });

  it("refuses a document without any caption text", () => {
    expect(() => parseSrv3(document('<p t="0" d="10" a="1">\n</p>'))).toThrow(
      new CaptionError("srv3: the file holds no caption text"),
    );
  });
});
