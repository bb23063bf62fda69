/**
 * GET /v1/clips/{clipId}/transcript's answer written from the stored bytes (`transcriptBytes`) is, byte for
 * byte, what the answer was when built from decoded objects: JSON.stringify of the objects
 * `clipTranscript` decodes, in the response schema's key order, for every clip of the test snapshot, with
 * and without the words.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transcriptBytes, transcriptJson } from "../src/api/routes/transcript.js";
import { levelAt } from "../src/domain.js";
import type { ClipRecord } from "../src/index/clips.js";
import { Snapshot } from "../src/index/snapshot.js";
import { clipTranscript } from "../src/index/transcript.js";
import { SLOW_TESTS } from "./support/api-checks.js";
import { openSnapshotDb } from "./support/build-inputs.js";
import { sharedTestSnapshot } from "./support/snapshot.js";

let snapshot: Snapshot;
let clips: ClipRecord[];

beforeAll(async () => {
  const file = (await sharedTestSnapshot()).path;
  const db = openSnapshotDb(file);
  const clipNos = db.prepare("SELECT clip_no FROM clips ORDER BY clip_no").pluck().all() as number[];
  db.close();
  snapshot = new Snapshot(file);
  clips = clipNos.map((clipNo) => snapshot.clips.clip(clipNo) as ClipRecord);
}, SLOW_TESTS.timeout);

afterAll(() => {
  snapshot?.close();
});

/** The answer as it was built before: from the decoded objects, in the schema's key order. */
function fromObjects(clip: ClipRecord, withWords: boolean): string {
  const view = clipTranscript(snapshot, clip, withWords);
  return JSON.stringify({
    clipId: clip.clipId,
    videoId: clip.videoId,
    language: clip.language,
    source: "auto-captions",
    wordTimes: clip.wordTimes,
    cues: view.cues.map((c) => ({ idx: c.idx, t0: c.t0Ms / 1000, t1: c.t1Ms / 1000, text: c.text })),
    words: view.words?.map((w) => ({
      wordId: w.entry.wordId,
      word: w.entry.word,
      level: levelAt(w.entry.level),
      tStart: w.tStartMs / 1000,
      ...(w.formJson === undefined ? {} : { form: JSON.parse(w.formJson) as string }),
    })),
  });
}

describe("the transcript answer written from the stored bytes", SLOW_TESTS, () => {
  it("is byte for byte the answer built from the decoded objects, for every clip", () => {
    expect(clips.length).toBeGreaterThan(300);
    let words = 0;
    let forms = 0;
    const wordTimes = new Set<string>();
    for (const clip of clips) {
      for (const withWords of [true, false]) {
        const expected = fromObjects(clip, withWords);
        const bytes = transcriptBytes(snapshot, clip, withWords);
        if (!bytes.equals(Buffer.from(expected, "utf8"))) {
          expect(bytes.toString("utf8"), `${clip.clipId} words=${withWords}`).toBe(expected);
        }
        expect(transcriptJson(snapshot, clip, withWords)).toBe(expected);
      }
      const view = clipTranscript(snapshot, clip, true);
      wordTimes.add(clip.wordTimes);
      words += view.words?.length ?? 0;
      forms += view.words?.filter((w) => w.formJson !== undefined).length ?? 0;
    }
    // The snapshot exercises the words array, its forms and both kinds of word times.
    expect(words).toBeGreaterThan(1000);
    expect(forms).toBeGreaterThan(0);
    expect([...wordTimes].sort()).toEqual(["exact", "interpolated"]);
  });

  it("keeps an answer of its own: the next answer does not overwrite it", () => {
    const [a, b] = clips as [ClipRecord, ClipRecord];
    const first = transcriptBytes(snapshot, a, true);
    const copy = Buffer.from(first);
    transcriptBytes(snapshot, b, true);
    expect(first.equals(copy)).toBe(true);
  });
});
