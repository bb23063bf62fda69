import { describe, expect, it } from "vitest";
import { transcriptViolations } from "./invariants.js";
import type { Transcript } from "./transcript.js";

function valid(): Transcript {
  return {
    cues: [
      { idx: 0, t0Ms: 0, t1Ms: 1000, text: "Hello there" },
      { idx: 1, t0Ms: 1000, t1Ms: 1000, text: ">> Hi" },
      { idx: 2, t0Ms: 1500, t1Ms: 2000, text: "bye" },
    ],
    words: [
      { token: "Hello", tStartMs: 0, cueIdx: 0 },
      { token: "there", tStartMs: 400, cueIdx: 0 },
      { token: ">>", tStartMs: 1000, cueIdx: 1 },
      { token: "Hi", tStartMs: 1000, cueIdx: 1 },
      { token: "bye", tStartMs: 1999, cueIdx: 2 },
    ],
    wordTimes: "exact",
  };
}

describe("transcriptViolations", () => {
  it("finds nothing wrong with a transcript that keeps every invariant", () => {
    expect(transcriptViolations(valid())).toEqual([]);
  });

  it("reports cue numbering, reversed times, overlaps, empty and repeated text", () => {
    const transcript = valid();
    transcript.cues[0] = { idx: 5, t0Ms: 0, t1Ms: 1200, text: "Hello there" };
    transcript.cues[2] = { idx: 2, t0Ms: 2000, t1Ms: 1500, text: "bye" };
    expect(transcriptViolations(transcript)).toEqual([
      'cue 0 ("Hello there") has idx 5',
      'cue 0 ("Hello there") ends at 1200 ms, after the next cue starts at 1000 ms',
      'cue 2 ("bye") ends at 1500 ms before it starts at 2000 ms',
      'word 4 ("bye" at 1999 ms) lies outside its cue 2 (2000..1500 ms)',
    ]);
    const repeated = valid();
    repeated.cues[1] = { idx: 1, t0Ms: 1000, t1Ms: 1000, text: "Hello there" };
    repeated.cues[2] = { idx: 2, t0Ms: 1500, t1Ms: 2000, text: " " };
    expect(transcriptViolations(repeated)).toEqual([
      'cue 0 ("Hello there") is repeated by the next cue',
      'cue 2 (" ") has empty or untrimmed text',
      'cue 1 reads "Hello there" but its words give ">> Hi"',
      'cue 2 reads " " but its words give "bye"',
    ]);
  });

  it("reports words out of order, outside their cue, or pointing nowhere", () => {
    const transcript = valid();
    transcript.words[1] = { token: "there", tStartMs: 1000, cueIdx: 0 };
    transcript.words[3] = { token: "Hi", tStartMs: 999, cueIdx: 1 };
    transcript.words.push({ token: "ghost", tStartMs: 3000, cueIdx: 9 });
    expect(transcriptViolations(transcript)).toEqual([
      'word 1 ("there" at 1000 ms) lies outside its cue 0 (0..1000 ms)',
      'word 3 ("Hi" at 999 ms) is earlier than the word before (1000 ms)',
      'word 3 ("Hi" at 999 ms) lies outside its cue 1 (1000..1000 ms)',
      'word 5 ("ghost" at 3000 ms) points to cue 9, which does not exist',
    ]);
  });

  it("reports a cue whose text its words do not rebuild", () => {
    const transcript = valid();
    transcript.words[1] = { token: "there!", tStartMs: 400, cueIdx: 0 };
    expect(transcriptViolations(transcript)).toEqual([
      'cue 0 reads "Hello there" but its words give "Hello there!"',
    ]);
  });

  it("reports words of different cues interleaved, whitespace in tokens and fractional times", () => {
    const transcript = valid();
    transcript.words[1] = { token: "the re", tStartMs: 400.5, cueIdx: 0 };
    transcript.words.splice(4, 0, { token: "x", tStartMs: 1000, cueIdx: 1 });
    transcript.words.splice(3, 0, { token: "y", tStartMs: 1000, cueIdx: 0 });
    expect(transcriptViolations(transcript)).toEqual([
      'word 1 ("the re" at 400.5 ms) has a time that is not an integer',
      'word 1 ("the re" at 400.5 ms) is empty or holds whitespace',
      'word 3 ("y" at 1000 ms) belongs to cue 0, after a word of cue 1',
      'word 3 ("y" at 1000 ms) lies outside its cue 0 (0..1000 ms)',
      'cue 0 reads "Hello there" but its words give "Hello the re y"',
      'cue 1 reads ">> Hi" but its words give ">> Hi x"',
    ]);
  });
});
