/**
 * YouTube json3 → Transcript: `events[]` with `tStartMs`, `dDurationMs` and `segs[]` of `utf8` text at
 * `tOffsetMs` from the event's start. `aAppend` events carry the line breaks; window and pen records carry
 * no segments. Speaker changes (`>>`, `isSpeakerChange`) stay in the text as their own word.
 */
import { type CaptionEvent, eventsToTranscript } from "./events.js";
import { CaptionError, type Transcript } from "./transcript.js";
import type { TextSpan } from "./transcript-builder.js";

const FORMAT = "json3";

export function parseJson3(content: string): Transcript {
  let root: unknown;
  try {
    root = JSON.parse(content);
  } catch (error) {
    throw new CaptionError(`${FORMAT}: not valid JSON (${(error as Error).message})`);
  }
  if (!isRecord(root) || !Array.isArray(root.events)) {
    throw new CaptionError(`${FORMAT}: expected an object with an "events" array`);
  }
  const events: CaptionEvent[] = [];
  let wordTimed = false;
  for (const [i, raw] of root.events.entries()) {
    if (!isRecord(raw))
      throw new CaptionError(`${FORMAT} event ${i}: expected an object, got ${JSON.stringify(raw)}`);
    const startMs = milliseconds(raw.tStartMs, `event ${i} tStartMs`);
    const durationMs =
      raw.dDurationMs === undefined ? undefined : milliseconds(raw.dDurationMs, `event ${i} dDurationMs`);
    const spans: TextSpan[] = [];
    if (raw.segs !== undefined) {
      if (!Array.isArray(raw.segs)) throw new CaptionError(`${FORMAT} event ${i}: "segs" must be an array`);
      for (const [s, seg] of raw.segs.entries()) {
        if (!isRecord(seg) || typeof seg.utf8 !== "string") {
          throw new CaptionError(
            `${FORMAT} event ${i} segment ${s}: expected an object with a "utf8" string`,
          );
        }
        const offsetMs =
          seg.tOffsetMs === undefined ? 0 : milliseconds(seg.tOffsetMs, `event ${i} segment ${s} tOffsetMs`);
        if (seg.tOffsetMs !== undefined) wordTimed = true;
        spans.push({ tMs: startMs + offsetMs, text: seg.utf8 });
      }
    }
    events.push({
      startMs,
      durationMs,
      hasSegments: raw.segs !== undefined,
      append: raw.aAppend !== undefined && raw.aAppend !== 0,
      spans,
      where: `event ${i}`,
    });
  }
  return eventsToTranscript(events, wordTimed ? "exact" : "interpolated", FORMAT);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function milliseconds(value: unknown, what: string): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw new CaptionError(
      `${FORMAT} ${what}: expected milliseconds (a number from 0), got ${JSON.stringify(value)}`,
    );
  }
  return Math.round(value);
}
