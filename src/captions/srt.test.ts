import { describe, expect, it } from "vitest";
import { transcriptViolations } from "./invariants.js";
import { parseSrt } from "./srt.js";
import { CaptionError, type Transcript } from "./transcript.js";

function parsed(content: string): Transcript {
  const transcript = parseSrt(content);
  expect(transcriptViolations(transcript)).toEqual([]);
  return transcript;
}

describe("parseSrt", () => {
  it("reads numbered blocks, strips tags and joins a cue's lines with a space", () => {
    const content = [
      "1",
      "00:00:01,000 --> 00:00:04,000",
      "<i>Hello</i> <b>there</b>,",
      '<font color="#ffff00">my friend</font>',
      "",
      "2",
      "00:00:04,000 --> 00:00:05,500 X1:100 X2:200 Y1:10 Y2:20",
      "{\\an8}Up here & 1 < 2",
      "",
    ].join("\n");
    const transcript = parsed(content);
    expect(transcript.wordTimes).toBe("interpolated");
    expect(transcript.cues).toEqual([
      { idx: 0, t0Ms: 1000, t1Ms: 4000, text: "Hello there, my friend" },
      { idx: 1, t0Ms: 4000, t1Ms: 5500, text: "Up here & 1 < 2" },
    ]);
  });

  it("spreads words over the cue in proportion to their letters and digits", () => {
    const transcript = parsed("1\r\n00:00:10,000 --> 00:00:12,000\r\nab abcd ab\r\n");
    // Weights 2, 4, 2 of 8 over 2000 ms.
    expect(transcript.words.map((word) => [word.token, word.tStartMs])).toEqual([
      ["ab", 10000],
      ["abcd", 10500],
      ["ab", 11500],
    ]);
  });

  it("clips overlapping cues and drops the repeated line of SRT made from rolling captions", () => {
    const content = "1\n00:00:01,000 --> 00:00:03,000\none\n\n2\n00:00:02,000 --> 00:00:04,000\none\ntwo\n";
    expect(parsed(content).cues).toEqual([
      { idx: 0, t0Ms: 1000, t1Ms: 2000, text: "one" },
      { idx: 1, t0Ms: 2000, t1Ms: 4000, text: "two" },
    ]);
  });

  it("reads a file with a byte order mark and without a final blank line", () => {
    expect(parsed("\ufeff1\n00:00:00,500 --> 00:00:01,000\nok").cues).toEqual([
      { idx: 0, t0Ms: 500, t1Ms: 1000, text: "ok" },
    ]);
  });

  it("refuses empty input and garbage", () => {
    expect(() => parseSrt("")).toThrow(new CaptionError('SRT: the file holds no cue (no "-->" timing line)'));
    expect(() => parseSrt("just some words\nand more")).toThrow(CaptionError);
  });

  it("refuses a bad timing line, naming the line", () => {
    expect(() => parseSrt("1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:03 --> soon\nbad\n")).toThrow(
      new CaptionError('SRT line 6: cannot read the cue timing "00:00:03 --> soon"'),
    );
  });
});
