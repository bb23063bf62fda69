import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { transcriptViolations } from "./invariants.js";
import { parseJson3 } from "./json3.js";
import { CaptionError, type Transcript } from "./transcript.js";

function fixture(path: string): string {
  return readFileSync(new URL(`../../test/fixtures/captions/${path}`, import.meta.url), "utf8");
}

function parsed(content: string): Transcript {
  const transcript = parseJson3(content);
  expect(transcriptViolations(transcript)).toEqual([]);
  return transcript;
}

describe("parseJson3 on YouTube auto-captions", () => {
  it("gives one cue per text event, ending where the next line-break event starts", () => {
    const transcript = parsed(fixture("auto/json3/a16z_sample.json3"));
    expect(transcript.wordTimes).toBe("exact");
    expect(transcript.cues).toHaveLength(11);
    expect(transcript.cues[0]).toEqual({
      idx: 0,
      t0Ms: 80,
      t1Ms: 2550,
      text: "The diffusion of AI capability is going",
    });
    expect(transcript.cues[10]).toEqual({
      idx: 10,
      t0Ms: 17279,
      t1Ms: 20560,
      text: "wild one in the next couple years.",
    });
    expect(transcript.words.slice(0, 3).map((word) => [word.token, word.tStartMs])).toEqual([
      ["The", 80],
      ["diffusion", 320],
      ["of", 1040],
    ]);
  });

  it("keeps >> speaker markers as words at the start of their segment", () => {
    const transcript = parsed(fixture("auto/json3/a16z_sample.json3"));
    expect(transcript.cues[3]).toEqual({
      idx: 3,
      t0Ms: 4640,
      t1Ms: 6309,
      text: ">> It's just absurd to think you're going",
    });
    expect(
      transcript.words.filter((word) => word.token === ">>").map((word) => [word.tStartMs, word.cueIdx]),
    ).toEqual([
      [4640, 3],
      [13519, 8],
    ]);
    expect(transcript.words.find((word) => word.token === "It's")?.tStartMs).toBe(4640);
  });

  it("reads the compact yt-dlp form with isSpeakerChange segments", () => {
    const transcript = parsed(fixture("auto/json3/1VqKUrxR2C8.en.sliced.json3"));
    expect(transcript.cues).toHaveLength(50);
    expect(transcript.cues[0]).toEqual({
      idx: 0,
      t0Ms: 331600,
      t1Ms: 334870,
      text: "doing. And it's very easy to just one to",
    });
    const like = transcript.cues.find((cue) => cue.t0Ms === 348800);
    expect(like?.text.startsWith(">> Like a Frankenstein.")).toBe(true);
    expect(transcript.cues.at(-1)).toEqual({
      idx: 49,
      t0Ms: 424319,
      t1Ms: 428319,
      text: "beginning of how you know before AI",
    });
  });
});

describe("parseJson3 on hand-written input", () => {
  it("spreads the words of events without word times (human captions) over the event", () => {
    const content = JSON.stringify({
      events: [
        { tStartMs: 1000, dDurationMs: 2000, segs: [{ utf8: "Hello world\nagain" }] },
        { tStartMs: 2500, dDurationMs: 1000, segs: [{ utf8: "bye" }] },
      ],
    });
    const transcript = parsed(content);
    expect(transcript.wordTimes).toBe("interpolated");
    expect(transcript.cues).toEqual([
      { idx: 0, t0Ms: 1000, t1Ms: 2500, text: "Hello world again" },
      { idx: 1, t0Ms: 2500, t1Ms: 3500, text: "bye" },
    ]);
    expect(transcript.words.map((word) => word.tStartMs)).toEqual([1000, 1000 + 500, 1000 + 1000, 2500]);
  });

  it("lets window records without segments not end a cue, and reads a missing duration as lasting to the next event", () => {
    const content = JSON.stringify({
      events: [
        { tStartMs: 0, dDurationMs: 999999, id: 1, wpWinPosId: 1 },
        { tStartMs: 100, segs: [{ utf8: "first" }] },
        { tStartMs: 500, id: 2 },
        { tStartMs: 900, dDurationMs: 100, segs: [{ utf8: "second" }] },
      ],
    });
    expect(parsed(content).cues).toEqual([
      { idx: 0, t0Ms: 100, t1Ms: 900, text: "first" },
      { idx: 1, t0Ms: 900, t1Ms: 1000, text: "second" },
    ]);
  });

  it("refuses invalid or truncated JSON", () => {
    expect(() => parseJson3("")).toThrow(CaptionError);
    expect(() => parseJson3('{"events":[{"tStartMs":0')).toThrow(/^json3: not valid JSON \(/);
  });

  it("refuses JSON that is not a json3 document, naming the event", () => {
    expect(() => parseJson3('{"foo":1}')).toThrow(
      new CaptionError('json3: expected an object with an "events" array'),
    );
    expect(() => parseJson3("[]")).toThrow('json3: expected an object with an "events" array');
    expect(() => parseJson3('{"events":[1]}')).toThrow("json3 event 0: expected an object, got 1");
    expect(() => parseJson3('{"events":[{"tStartMs":"abc"}]}')).toThrow(
      'json3 event 0 tStartMs: expected milliseconds (a number from 0), got "abc"',
    );
    expect(() => parseJson3('{"events":[{"tStartMs":0,"dDurationMs":-5}]}')).toThrow(
      "json3 event 0 dDurationMs: expected milliseconds (a number from 0), got -5",
    );
    expect(() => parseJson3('{"events":[{"tStartMs":0,"segs":{}}]}')).toThrow(
      'json3 event 0: "segs" must be an array',
    );
    expect(() => parseJson3('{"events":[{"tStartMs":0,"segs":[{"text":"x"}]}]}')).toThrow(
      'json3 event 0 segment 0: expected an object with a "utf8" string',
    );
  });

  it("refuses a document without any caption text", () => {
    expect(() => parseJson3('{"wireMagic":"pb3","events":[{"tStartMs":0,"dDurationMs":10,"id":1}]}')).toThrow(
      new CaptionError("json3: the file holds no caption text"),
    );
  });
});
