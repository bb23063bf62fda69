import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cueCount, decodeCue, decodeTranscript, encodeTranscript } from "./transcript-blob.js";

const word = fc.stringMatching(/^[a-zA-Zéü'’>?.,0-9]{1,8}$/);
const cue = fc
  .tuple(fc.nat(10_000_000), fc.nat(10_000), fc.array(word, { maxLength: 12 }))
  .map(([t0Ms, length, words]) => ({
    t0Ms,
    t1Ms: t0Ms + length,
    text: words.join(" "),
    wordMs: words.map((_, i) => t0Ms + i * 10),
  }));

describe("transcript blob", () => {
  it("gives back every cue, by index, as encoded", () => {
    fc.assert(
      fc.property(fc.array(cue, { maxLength: 30 }), (cues) => {
        const blob = encodeTranscript(cues);
        expect(cueCount(blob)).toBe(cues.length);
        cues.forEach((c, idx) => {
          expect(decodeCue(blob, idx)).toEqual({
            idx,
            t0Ms: c.t0Ms,
            t1Ms: c.t1Ms,
            text: c.text,
            wordMs: c.wordMs,
          });
        });
        expect(decodeCue(blob, cues.length)).toBeUndefined();
        expect(decodeCue(blob, -1)).toBeUndefined();
      }),
    );
  });

  it("rebuilds the timed words of the transcript from cue texts and word times", () => {
    const blob = encodeTranscript([
      { t0Ms: 240, t1Ms: 3750, text: "Does fast charging", wordMs: [240, 560, 800] },
      { t0Ms: 3760, t1Ms: 6789, text: ">> We tested", wordMs: [3760, 3760, 4000] },
    ]);
    const transcript = decodeTranscript(blob, "exact");
    expect(transcript.cues.map((c) => c.text)).toEqual(["Does fast charging", ">> We tested"]);
    expect(transcript.words).toEqual([
      { token: "Does", tStartMs: 240, cueIdx: 0 },
      { token: "fast", tStartMs: 560, cueIdx: 0 },
      { token: "charging", tStartMs: 800, cueIdx: 0 },
      { token: ">>", tStartMs: 3760, cueIdx: 1 },
      { token: "We", tStartMs: 3760, cueIdx: 1 },
      { token: "tested", tStartMs: 4000, cueIdx: 1 },
    ]);
  });
});
