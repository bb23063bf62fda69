import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RawCue } from "./cue-blocks.js";
import { readCueLine } from "./cue-line.js";
import { transcriptViolations } from "./invariants.js";
import { addTextCues, cueLines } from "./text-cues.js";
import type { Transcript } from "./transcript.js";
import { TranscriptBuilder } from "./transcript-builder.js";

function cue(t0Ms: number, t1Ms: number, ...lines: string[]): RawCue {
  return { t0Ms, t1Ms, lines, lineNo: 1 };
}

function build(rawCues: RawCue[], timestamps: boolean): { timed: boolean; transcript: Transcript } {
  const builder = new TranscriptBuilder();
  const timed = addTextCues(rawCues, builder, timestamps, "test");
  const transcript = builder.finish(timed ? "exact" : "interpolated", "test");
  expect(transcriptViolations(transcript)).toEqual([]);
  return { timed, transcript };
}

describe("addTextCues", () => {
  it("takes only the timed line of a rolling cue and skips the hold cue that repeats it", () => {
    const { timed, transcript } = build(
      [
        cue(0, 990, " ", "one<00:00:00.500><c> two</c>"),
        cue(990, 1000, "one two"),
        cue(1000, 2000, "one two", "three<00:00:01.400><c> four</c>"),
      ],
      true,
    );
    expect(timed).toBe(true);
    expect(transcript.cues.map((c) => c.text)).toEqual(["one two", "three four"]);
    expect(transcript.words.map((w) => w.tStartMs)).toEqual([0, 500, 1000, 1400]);
  });

  it("keeps a repeated single-word line that follows its own repeat as new speech", () => {
    const { transcript } = build(
      [cue(0, 990, "no"), cue(990, 1000, "no"), cue(1000, 2000, "no", "no")],
      true,
    );
    expect(transcript.cues).toEqual([{ idx: 0, t0Ms: 0, t1Ms: 2000, text: "no no" }]);
  });

  it("treats untimed lines before a timed line as the repeated context", () => {
    const { transcript } = build([cue(0, 1000, "not repeated before", "abc<00:00:00.800><c> d</c>")], true);
    expect(transcript.cues.map((c) => c.text)).toEqual(["abc d"]);
  });

  it("joins the new lines of a cue with a space and spreads untimed text to the cue's end", () => {
    const { timed, transcript } = build([cue(0, 1000, "abc<00:00:00.800><c> d</c>", "ef")], true);
    expect(timed).toBe(true);
    // "d ef" share the last span, 800..1000 ms: "ef" starts after d's one letter of three.
    expect(transcript.words.map((w) => [w.token, w.tStartMs])).toEqual([
      ["abc", 0],
      ["d", 800],
      ["ef", 800 + Math.floor(200 / 3)],
    ]);
    const plain = build([cue(0, 1000, "ab", "abc")], false);
    expect(plain.timed).toBe(false);
    expect(plain.transcript.words.map((w) => [w.token, w.tStartMs])).toEqual([
      ["ab", 0],
      ["abc", 400],
    ]);
  });

  it("does not fuse the last word of a line with the first of the next", () => {
    const { transcript } = build([cue(0, 1000, "one<00:00:00.200><c> end</c>", "<00:00:00.500>start")], true);
    expect(transcript.cues[0]?.text).toBe("one end start");
    expect(transcript.words.map((w) => w.tStartMs)).toEqual([0, 200, 500]);
  });

  it("reads a cue's lines as reading every line and keeping those from the first timed one on does", () => {
    // Timed lines, their plain repeats, blank lines, tags that carry no time, a time that carries no text.
    const line = fc.constantFrom(
      "one<00:00:00.500><c> two</c>",
      "three<00:00:01.400><c> four</c>",
      "one two",
      " ",
      "",
      "<i>five</i> six",
      "<00:00:01.000>",
      "seven &amp; <c>eight</c>",
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 4 }), fc.boolean(), (raw, timestamps) => {
        const every = raw.map((text) => readCueLine(text, timestamps)).filter((read) => read.text !== "");
        const firstTimed = every.findIndex((read) => read.timed);
        expect(cueLines(raw, timestamps)).toEqual(
          firstTimed >= 0 ? { lines: every.slice(firstTimed), timed: true } : { lines: every, timed: false },
        );
      }),
    );
  });
});
