import { describe, expect, it } from "vitest";
import { type CaptionEvent, eventsToTranscript } from "./events.js";
import { transcriptViolations } from "./invariants.js";

function event(
  startMs: number,
  durationMs: number | undefined,
  text: string | undefined,
  append = false,
): CaptionEvent {
  return {
    startMs,
    durationMs,
    hasSegments: text !== undefined,
    append,
    spans: text === undefined ? [] : [{ tMs: startMs, text }],
    where: `event at ${startMs}`,
  };
}

describe("eventsToTranscript", () => {
  it("ends a cue at its own end or where the next line-break or text event starts, whichever is first", () => {
    const transcript = eventsToTranscript(
      [
        event(0, 999_999, undefined),
        event(100, 5000, "first line"),
        event(900, undefined, undefined),
        event(1000, 2000, "\n", true),
        event(1010, 500, "second"),
        event(3000, 400, "third"),
      ],
      "exact",
      "test",
    );
    expect(transcriptViolations(transcript)).toEqual([]);
    expect(transcript.cues.map((cue) => [cue.t0Ms, cue.t1Ms, cue.text])).toEqual([
      [100, 1000, "first line"],
      [1010, 1510, "second"],
      [3000, 3400, "third"],
    ]);
  });

  it("lets an event without a duration last until the next event, and the last one no time at all", () => {
    const transcript = eventsToTranscript(
      [event(100, undefined, "a"), event(700, undefined, "b")],
      "interpolated",
      "test",
    );
    expect(transcript.cues.map((cue) => [cue.t0Ms, cue.t1Ms])).toEqual([
      [100, 700],
      [700, 700],
    ]);
    expect(transcript.wordTimes).toBe("interpolated");
  });

  it("names the event in errors", () => {
    expect(() =>
      eventsToTranscript([event(500, 10, "late"), event(100, 10, "early")], "exact", "json3"),
    ).toThrow("json3 event at 100: starts at 100 ms, before the previous cue (500 ms)");
  });
});
