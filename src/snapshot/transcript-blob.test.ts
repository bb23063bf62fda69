import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JsonBytes } from "../text/json-bytes.js";
import {
  cueCount,
  decodeCue,
  decodeCueTexts,
  decodeSpokenWords,
  decodeTranscript,
  encodeTranscript,
  forEachSpokenWord,
  writeCuesJson,
} from "./transcript-blob.js";

const word = fc.stringMatching(/^[a-zA-Zéü'’>?.,0-9]{1,8}$/);
const cue = fc
  .tuple(fc.nat(10_000_000), fc.nat(10_000), fc.array(word, { maxLength: 12 }))
  .map(([t0Ms, length, words]) => ({
    t0Ms,
    t1Ms: t0Ms + length,
    text: words.join(" "),
    wordMs: words.map((_, i) => t0Ms + i * 10),
  }));

/** A catalogue word spoken: any word index, a time, and a form that is absent, a word or any text. */
const spokenWord = fc.record({
  word: fc.nat(),
  tStartMs: fc.nat(10_000_000),
  formJson: fc.option(
    fc
      .oneof(word, fc.string({ unit: "grapheme", minLength: 1, maxLength: 10 }))
      .map((w) => JSON.stringify(w)),
    { nil: undefined },
  ),
});

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

  it("lays a transcript out as schema 5 stores it, byte for byte", () => {
    const blob = encodeTranscript(
      [
        { t0Ms: 240, t1Ms: 3750, text: "Does fast charging", wordMs: [240, 560, 800] },
        { t0Ms: 3760, t1Ms: 6789, text: ">> Wé tested", wordMs: [3760, 3760, 4000] },
      ],
      [
        { word: 7, tStartMs: 560, formJson: undefined },
        { word: 3, tStartMs: 4000, formJson: JSON.stringify("tested") },
      ],
    );
    expect(Buffer.from(blob).toString("hex")).toBe(
      "0200000006000000f0000000a60e0000000000001200000000000000b00e0000851a0000120000001f000000" +
        "03000000f00000003002000020030000b00e0000b00e0000a00f0000446f65732066617374206368617267696e67" +
        "3e3e2057c3a920746573746564020000000700000030020000000003000000a00f000008002274657374656422",
    );
  });

  it("gives back the words spoken with their forms, whatever the text and forms hold", () => {
    fc.assert(
      fc.property(
        fc.array(cue, { maxLength: 10 }),
        fc.array(spokenWord, { maxLength: 20 }),
        (cues, spoken) => {
          const blob = encodeTranscript(cues, spoken);
          expect(decodeSpokenWords(blob)).toEqual(
            spoken.map((w) => ({ wordId: w.word, tStartMs: w.tStartMs, formJson: w.formJson })),
          );
          cues.forEach((c, idx) => {
            expect(decodeCue(blob, idx)?.text).toBe(c.text);
          });
        },
      ),
    );
  });

  it("encodes each cue's text on its own, so lone surrogates at the ends of two cues stay apart", () => {
    const blob = encodeTranscript([
      { t0Ms: 0, t1Ms: 10, text: "a\ud800", wordMs: [0] },
      { t0Ms: 10, t1Ms: 20, text: "\udc00b", wordMs: [10] },
    ]);
    expect(decodeCue(blob, 0)?.text).toBe("a\ufffd");
    expect(decodeCue(blob, 1)?.text).toBe("\ufffdb");
  });

  it("writes the cues array as JSON.stringify writes the decoded cues, times in seconds", () => {
    // Any text: quotes, backslashes and control characters take the escaping path.
    const anyCue = fc
      .tuple(
        fc.nat({ max: 2 ** 32 - 20_001 }),
        fc.nat(20_000),
        fc.string({
          unit: fc.oneof(
            fc.constantFrom('"', "\\", "\n", "\t", "\u2028"),
            fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
          ),
          maxLength: 30,
        }),
      )
      .map(([t0Ms, length, text]) => ({ t0Ms, t1Ms: t0Ms + length, text, wordMs: [] }));
    fc.assert(
      fc.property(fc.array(fc.oneof(cue, anyCue), { maxLength: 20 }), (cues) => {
        const blob = encodeTranscript(cues);
        const out = new JsonBytes(16);
        writeCuesJson(out, blob);
        const expected = JSON.stringify(
          decodeCueTexts(blob).map((c) => ({
            idx: c.idx,
            t0: c.t0Ms / 1000,
            t1: c.t1Ms / 1000,
            text: c.text,
          })),
        );
        expect(out.done().equals(Buffer.from(expected, "utf8"))).toBe(true);
      }),
    );
  });

  it("walks the words spoken as decodeSpokenWords decodes them", () => {
    fc.assert(
      fc.property(
        fc.array(cue, { maxLength: 5 }),
        fc.array(spokenWord, { maxLength: 20 }),
        (cues, spoken) => {
          const blob = encodeTranscript(cues, spoken);
          const walked: ReturnType<typeof decodeSpokenWords> = [];
          forEachSpokenWord(blob, (wordId, tStartMs, buf, formStart, formEnd) => {
            walked.push({
              wordId,
              tStartMs,
              formJson: formEnd === formStart ? undefined : buf.toString("utf8", formStart, formEnd),
            });
          });
          expect(walked).toEqual(decodeSpokenWords(blob));
        },
      ),
    );
  });

  it("walks no words spoken in a transcript stored without them", () => {
    const blob = encodeTranscript([{ t0Ms: 0, t1Ms: 10, text: "a", wordMs: [0] }]);
    const calls: number[] = [];
    forEachSpokenWord(blob.subarray(0, blob.length - 4), (wordId) => calls.push(wordId));
    forEachSpokenWord(blob, (wordId) => calls.push(wordId));
    expect(calls).toEqual([]);
  });
});
