import { describe, expect, it } from "vitest";
import type { ClipRecord } from "../../index/clips.js";
import type { Snapshot } from "../../index/snapshot.js";
import type { WordEntry } from "../../index/word-catalog.js";
import { encodeTranscript } from "../../snapshot/transcript-blob.js";
import { transcriptBytes } from "./transcript.js";

const entries = new Map<number, Partial<WordEntry>>([
  [7, { wordId: 7, word: "run", level: 0 }],
  [9, { wordId: 9, word: 'say "hi"', level: 5 }],
]);

/** Just what the transcript answer reads of a snapshot. */
function fakeSnapshot(blob: Uint8Array | undefined, withCatalog = true): Snapshot {
  return {
    clips: { transcript: () => (blob === undefined ? undefined : Buffer.from(blob)) },
    language: () => (withCatalog ? { catalog: { byId: (id: number) => entries.get(id) } } : undefined),
  } as unknown as Snapshot;
}

const clip = {
  clipNo: 1,
  clipId: "00000000-0000-4000-8000-000000000001",
  videoId: 'v"\\id',
  language: "en",
  wordTimes: "interpolated",
} as ClipRecord;

const head = `{"clipId":"${clip.clipId}","videoId":${JSON.stringify(clip.videoId)},"language":"en","source":"auto-captions","wordTimes":"interpolated","cues":`;

describe("transcriptBytes", () => {
  it("writes texts that need escaping, non-ASCII text, forms, and leaves out words not in the catalogue", () => {
    const blob = encodeTranscript(
      [
        { t0Ms: 0, t1Ms: 1500, text: 'he said "run"\\', wordMs: [0, 100, 200] },
        { t0Ms: 1500, t1Ms: 29400, text: "déjà vu\u2028😀 \u0001", wordMs: [1500, 1600, 1700] },
      ],
      [
        { word: 7, tStartMs: 200, formJson: JSON.stringify("ran") },
        { word: 8, tStartMs: 300, formJson: undefined },
        { word: 9, tStartMs: 147960, formJson: undefined },
        { word: 7, tStartMs: 5, formJson: JSON.stringify("rün\n") },
      ],
    );
    const cues =
      '[{"idx":0,"t0":0,"t1":1.5,"text":"he said \\"run\\"\\\\"},{"idx":1,"t0":1.5,"t1":29.4,"text":"déjà vu\u2028😀 \\u0001"}]';
    const words =
      '[{"wordId":7,"word":"run","level":"A1","tStart":0.2,"form":"ran"},' +
      '{"wordId":9,"word":"say \\"hi\\"","level":"C2","tStart":147.96},' +
      '{"wordId":7,"word":"run","level":"A1","tStart":0.005,"form":"rün\\n"}]';
    const snapshot = fakeSnapshot(blob);
    expect(transcriptBytes(snapshot, clip, true).toString("utf8")).toBe(`${head}${cues},"words":${words}}`);
    expect(transcriptBytes(snapshot, clip, false).toString("utf8")).toBe(`${head}${cues}}`);
    expect(transcriptBytes(fakeSnapshot(blob, false), clip, true).toString("utf8")).toBe(
      `${head}${cues},"words":[]}`,
    );
  });

  it("writes the clip's word times as stored", () => {
    const odd = { ...clip, wordTimes: "exact" } as ClipRecord;
    expect(transcriptBytes(fakeSnapshot(undefined), odd, false).toString("utf8")).toBe(
      `${head.replace('"interpolated"', '"exact"')}[]}`,
    );
  });

  it("answers no cues and no words for a clip without a stored transcript, or without cues", () => {
    expect(transcriptBytes(fakeSnapshot(undefined), clip, true).toString("utf8")).toBe(
      `${head}[],"words":[]}`,
    );
    expect(transcriptBytes(fakeSnapshot(undefined), clip, false).toString("utf8")).toBe(`${head}[]}`);
    const empty = encodeTranscript([], [{ word: 8, tStartMs: 0, formJson: undefined }]);
    expect(transcriptBytes(fakeSnapshot(empty), clip, true).toString("utf8")).toBe(`${head}[],"words":[]}`);
  });
});
