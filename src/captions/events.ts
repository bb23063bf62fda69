/** The cue rule shared by YouTube's event formats (json3 and srv3), whose events are lines, not rolls. */
import type { Transcript } from "./transcript.js";
import { type TextSpan, TranscriptBuilder } from "./transcript-builder.js";

/** One json3 event or srv3 paragraph, with its spans at absolute times. */
export interface CaptionEvent {
  startMs: number;
  /** Absent in some files: the event then lasts until the next one starts. */
  durationMs: number | undefined;
  /** Carries text segments (json3 `segs`, every srv3 `<p>`), even if only a line break. */
  hasSegments: boolean;
  /** A line-break event (json3 `aAppend`, srv3 `a="1"`). */
  append: boolean;
  spans: TextSpan[];
  /** Names the event in messages (`event 12`, `<p> at line 40`). */
  where: string;
}

/**
 * One cue per event with text. It ends at its own end or, if sooner, where the next event that has
 * segments or appends a line break starts: that is when YouTube replaces or scrolls the line. Window and
 * pen records (no segments) do not end a cue.
 */
export function eventsToTranscript(
  events: readonly CaptionEvent[],
  wordTimes: Transcript["wordTimes"],
  format: string,
): Transcript {
  const builder = new TranscriptBuilder();
  let nextBoundaryMs: number | undefined;
  const endsMs: number[] = new Array(events.length);
  // Walk backwards so each event knows the start of the next boundary event in one pass.
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i];
    if (event === undefined) continue;
    const ownEndMs = event.durationMs === undefined ? undefined : event.startMs + event.durationMs;
    const candidates = [ownEndMs, nextBoundaryMs].filter((ms): ms is number => ms !== undefined);
    endsMs[i] = candidates.length === 0 ? event.startMs : Math.max(event.startMs, Math.min(...candidates));
    if (event.hasSegments || event.append) nextBoundaryMs = event.startMs;
  }
  for (const [i, event] of events.entries()) {
    builder.add(event.startMs, endsMs[i] ?? event.startMs, event.spans, `${format} ${event.where}`);
  }
  return builder.finish(wordTimes, format);
}
