import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { transcriptViolations } from "./invariants.js";
import { CaptionError } from "./transcript.js";
import { TranscriptBuilder, wordsOfSpans } from "./transcript-builder.js";

function build(add: (builder: TranscriptBuilder) => void, wordTimes: "exact" | "interpolated" = "exact") {
  const builder = new TranscriptBuilder();
  add(builder);
  const transcript = builder.finish(wordTimes, "test");
  expect(transcriptViolations(transcript)).toEqual([]);
  return transcript;
}

describe("TranscriptBuilder", () => {
  it("gives each word its span's time and builds the cue text from the words", () => {
    const transcript = build((b) =>
      b.add(
        100,
        900,
        [
          { tMs: 100, text: "Hello" },
          { tMs: 400, text: "  big\n" },
          { tMs: 600, text: " world" },
        ],
        "cue 1",
      ),
    );
    expect(transcript.cues).toEqual([{ idx: 0, t0Ms: 100, t1Ms: 900, text: "Hello big world" }]);
    expect(transcript.words).toEqual([
      { token: "Hello", tStartMs: 100, cueIdx: 0 },
      { token: "big", tStartMs: 400, cueIdx: 0 },
      { token: "world", tStartMs: 600, cueIdx: 0 },
    ]);
    expect(transcript.wordTimes).toBe("exact");
  });

  it("keeps a word cut by a span boundary whole, at the time of the span it starts in", () => {
    const transcript = build((b) =>
      b.add(
        0,
        1000,
        [
          { tMs: 0, text: "bat" },
          { tMs: 300, text: "tery now" },
        ],
        "cue",
      ),
    );
    expect(transcript.words.map((word) => [word.token, word.tStartMs])).toEqual([
      ["battery", 0],
      ["now", 300],
    ]);
  });

  it("spreads the words of one span over it in proportion to their letters and digits", () => {
    const transcript = build(
      (b) => b.add(1000, 2000, [{ tMs: 1000, text: ">> Good morning." }], "cue"),
      "interpolated",
    );
    // ">>" weighs nothing, "Good" 4 and "morning" 7 of 11: morning starts 4/11 of the way.
    expect(transcript.words.map((word) => [word.token, word.tStartMs])).toEqual([
      [">>", 1000],
      ["Good", 1000],
      ["morning.", 1000 + Math.floor((1000 * 4) / 11)],
    ]);
  });

  it("clips a cue's end to the next cue's start and spreads its words over the clipped cue", () => {
    const transcript = build((b) => {
      b.add(0, 5000, [{ tMs: 0, text: "aaaa bbbb" }], "first");
      b.add(1000, 2000, [{ tMs: 1000, text: "next" }], "second");
    });
    expect(transcript.cues.map((cue) => [cue.t0Ms, cue.t1Ms])).toEqual([
      [0, 1000],
      [1000, 2000],
    ]);
    expect(transcript.words.map((word) => word.tStartMs)).toEqual([0, 500, 1000]);
  });

  it("clamps word times into their cue and keeps them from going backwards", () => {
    const transcript = build((b) => {
      b.add(
        100,
        500,
        [
          { tMs: 50, text: "early" },
          { tMs: 450, text: " late" },
          { tMs: 300, text: " back" },
          { tMs: 900, text: " beyond" },
        ],
        "first",
      );
      b.add(500, 500, [{ tMs: 700, text: "instant" }], "second");
    });
    expect(transcript.words.map((word) => word.tStartMs)).toEqual([100, 450, 450, 499, 500]);
    expect(transcript.cues[1]).toEqual({ idx: 1, t0Ms: 500, t1Ms: 500, text: "instant" });
  });

  it("ignores cues without words", () => {
    const transcript = build((b) => {
      b.add(0, 100, [{ tMs: 0, text: " \n " }], "blank");
      b.add(100, 200, [], "no spans");
      b.add(200, 300, [{ tMs: 200, text: "word" }], "word");
    });
    expect(transcript.cues).toEqual([{ idx: 0, t0Ms: 200, t1Ms: 300, text: "word" }]);
  });

  it("appends a cue that repeats the previous cue's text to it, as speech said twice", () => {
    const transcript = build((b) => {
      b.add(0, 1000, [{ tMs: 0, text: "no no" }], "first");
      b.add(1000, 2000, [{ tMs: 1000, text: "no no" }], "second");
      b.add(2000, 3000, [{ tMs: 2000, text: "yes" }], "third");
    });
    expect(transcript.cues).toEqual([
      { idx: 0, t0Ms: 0, t1Ms: 2000, text: "no no no no" },
      { idx: 1, t0Ms: 2000, t1Ms: 3000, text: "yes" },
    ]);
    expect(transcript.words.map((word) => [word.tStartMs, word.cueIdx])).toEqual([
      [0, 0],
      [500, 0],
      [1000, 0],
      [1500, 0],
      [2000, 1],
    ]);
  });

  it("refuses a cue that ends before it starts, naming it", () => {
    const builder = new TranscriptBuilder();
    expect(() => builder.add(2000, 1000, [{ tMs: 2000, text: "x" }], "cue at line 7")).toThrow(
      new CaptionError("cue at line 7: ends at 1000 ms, before it starts at 2000 ms"),
    );
  });

  it("refuses a cue that starts before the previous one", () => {
    const builder = new TranscriptBuilder();
    builder.add(5000, 6000, [{ tMs: 5000, text: "later" }], "cue A");
    expect(() => builder.add(4000, 4500, [{ tMs: 4000, text: "earlier" }], "cue B")).toThrow(
      "cue B: starts at 4000 ms, before the previous cue (5000 ms)",
    );
  });

  it("refuses to finish a transcript without any text", () => {
    const builder = new TranscriptBuilder();
    builder.add(0, 10, [{ tMs: 0, text: "   " }], "blank");
    expect(() => builder.finish("exact", "WebVTT")).toThrow(
      new CaptionError("WebVTT: the file holds no caption text"),
    );
  });
});

describe("wordsOfSpans", () => {
  it("finds the words of the spans joined, each in the span where it starts", () => {
    const unit = fc.constantFrom("a", "b", " ", "\u00a0", "\n", "é");
    const spans = fc.array(fc.string({ unit, maxLength: 6 }), { maxLength: 6 });
    fc.assert(
      fc.property(spans, (texts) => {
        const joined = texts.join("");
        const starts = texts.map((_, s) => texts.slice(0, s).join("").length);
        const expected = [...joined.matchAll(/\S+/g)].map((m) => ({
          token: m[0],
          span: starts.findLastIndex((start) => start <= m.index),
        }));
        const { tokens, spanOfToken } = wordsOfSpans(texts.map((text) => ({ tMs: 0, text })));
        expect(tokens.map((token, w) => ({ token, span: spanOfToken[w] }))).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
