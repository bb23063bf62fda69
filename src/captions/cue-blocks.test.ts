import { describe, expect, it } from "vitest";
import { scanCueBlocks } from "./cue-blocks.js";
import { CaptionError } from "./transcript.js";

const VTT = { format: "WebVTT", notes: true };
const SRT = { format: "SRT", notes: false };

describe("scanCueBlocks", () => {
  it("gives a cue the text after a blank line that follows its timing (whitespace lines stripped)", () => {
    const lines = [
      "00:00:00.240 --> 00:00:03.750 align:start position:0%",
      "",
      "Does<00:00:00.560><c> fast</c>",
      "",
      "",
    ];
    expect(scanCueBlocks(lines, 0, VTT)).toEqual([
      { t0Ms: 240, t1Ms: 3750, lines: ["Does<00:00:00.560><c> fast</c>"], lineNo: 1 },
    ]);
  });

  it("keeps a text line that runs straight into the next timing line", () => {
    const lines = [
      "00:01.000 --> 00:02.000",
      "yeah",
      "<c.colorCCCCCC>what</c>",
      "00:02.000 --> 00:03.000",
      "next",
    ];
    expect(scanCueBlocks(lines, 0, VTT).map((cue) => cue.lines)).toEqual([
      ["yeah", "<c.colorCCCCCC>what</c>"],
      ["next"],
    ]);
  });

  it("skips cue identifiers: numbers, and a line after a blank when the cue already has text", () => {
    const lines = [
      "1",
      "00:01.000 --> 00:02.000",
      "one",
      "",
      "intro",
      "00:02.000 --> 00:03.000",
      "two",
      "",
      "3",
      "00:03.000 --> 00:04.000",
      "three",
    ];
    expect(scanCueBlocks(lines, 0, VTT).map((cue) => cue.lines)).toEqual([["one"], ["two"], ["three"]]);
  });

  it("skips WebVTT NOTE blocks but reads NOTE as text in SRT", () => {
    const lines = ["00:01.000 --> 00:02.000", "one", "", "NOTE a comment", "over two lines", "", "after"];
    expect(scanCueBlocks(lines, 0, VTT)[0]?.lines).toEqual(["one", "after"]);
    expect(scanCueBlocks(lines, 0, SRT)[0]?.lines).toEqual([
      "one",
      "NOTE a comment",
      "over two lines",
      "after",
    ]);
  });

  it("ignores text before the first cue and starts at the given line", () => {
    const lines = [
      "00:09.000 --> 00:10.000",
      "skipped",
      "",
      "STYLE",
      "::cue { color: red }",
      "",
      "00:01.000 --> 00:02.000",
      "one",
    ];
    expect(scanCueBlocks(lines, 2, VTT)).toEqual([{ t0Ms: 1000, t1Ms: 2000, lines: ["one"], lineNo: 7 }]);
  });

  it("refuses a timing line it cannot read, naming the line", () => {
    expect(() => scanCueBlocks(["", "00:01,000 --> later", "x"], 0, SRT)).toThrow(
      new CaptionError('SRT line 2: cannot read the cue timing "00:01,000 --> later"'),
    );
  });
});
