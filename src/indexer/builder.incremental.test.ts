/**
 * `--from previous.sqlite`: every word id and clip of the previous snapshot is kept, new clips and words get
 * new ids, clips whose sources are gone are carried over from their stored transcripts, and dropped
 * catalogue words stay.
 */
import { copyFileSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type CatalogueLine,
  freshDir,
  infoFields,
  json3,
  MINI_CATALOGUE,
  openSnapshotDb,
  snapshotTables,
  writeCatalogue,
  writeClip,
} from "../../test/support/build-inputs.js";
import { SnapshotRows } from "../../test/support/snapshot-rows.js";
import { TEST_CLIPS, writeTestClips } from "../../test/support/test-clips.js";
import { type BuildResult, buildSnapshot } from "./builder.js";

const T1 = new Date("2026-03-20T00:00:00.000Z");
const T2 = new Date("2026-03-21T00:00:00.000Z");

interface WordRow {
  word_id: number;
  word: string;
  norm: string;
  level: number;
  meanings: string;
  clip_count: number;
}

interface ClipRow {
  clip_no: number;
  clip_id: string;
  video_id: string;
  title: string;
  indexed_at: string;
  level: number;
  topic: string;
}

interface Contents {
  words: Map<string, WordRow>;
  clips: Map<string, ClipRow>;
  spellings: Map<number, string[]>;
  /** video id → its postings as `word norm@tMs#cueIdx`, sorted. */
  postings: Map<string, string[]>;
  /** video id → its cues. */
  cues: Map<string, unknown>;
}

function contents(file: string): Contents {
  const db = openSnapshotDb(file);
  const words = db.prepare("SELECT * FROM words").all() as WordRow[];
  const clips = db.prepare("SELECT * FROM clips").all() as ClipRow[];
  const spellings = new Map<number, string[]>();
  for (const s of db.prepare("SELECT norm, word_id FROM spellings ORDER BY norm").all() as Array<{
    norm: string;
    word_id: number;
  }>)
    spellings.set(s.word_id, [...(spellings.get(s.word_id) ?? []), s.norm]);
  db.close();
  const rows = new SnapshotRows(file);
  const normOf = new Map(words.map((w) => [w.word_id, w.norm]));
  const videoOf = new Map(clips.map((c) => [c.clip_no, c.video_id]));
  const postings = new Map<string, string[]>();
  for (const p of rows.postings()) {
    const video = videoOf.get(p.clipNo) as string;
    postings.set(
      video,
      [...(postings.get(video) ?? []), `${normOf.get(p.wordId)}@${p.tMs}#${p.cueIdx}`].sort(),
    );
  }
  const cues = new Map(clips.map((c) => [c.video_id, rows.cues(c.clip_no)]));
  rows.close();
  return {
    words: new Map(words.map((w) => [w.norm, w])),
    clips: new Map(clips.map((c) => [c.video_id, c])),
    spellings,
    postings,
    cues,
  };
}

const GONE = "wctest-kids-02";
const NEW_WORDS: CatalogueLine[] = [
  { word: "van", level: "A2", pos: ["noun"], meanings: { en: "a vehicle" } },
  { word: "tomorrow", level: "A1", pos: ["adverb"], meanings: { en: "the day after today" } },
];
const NEW_LINES = ["Tomorrow the van will run to the kitchen.", "A child and a van."];

let before: Contents;
let after: Contents;
let previousPath: string;
let previousBytes: Buffer;
let second: BuildResult;
let secondOptions: Parameters<typeof buildSnapshot>[0];

beforeAll(async () => {
  previousPath = path.join(freshDir("previous"), "index.sqlite");
  await buildSnapshot({
    catalogueDir: writeCatalogue(freshDir("catalogue")),
    clipSources: [writeTestClips(freshDir("clips"))],
    outPath: previousPath,
    workers: 0,
    builtAt: T1,
  });
  previousBytes = readFileSync(previousPath);
  before = contents(previousPath);

  // The day after: one clip's files are gone, one clip's title changed, two new clips (one sorts first),
  // the catalogue dropped "vanilla" and gained "van" and "tomorrow".
  const clips = writeTestClips(
    freshDir("clips"),
    TEST_CLIPS.filter((c) => c.videoId !== GONE).map((c) =>
      c.videoId === "wctest-run-01" ? { ...c, title: "Why we run at dawn" } : c,
    ),
  );
  writeClip(clips, "aaa-new", { "en.json3": json3(NEW_LINES) });
  writeClip(
    clips,
    "zzz-new",
    { "en.json3": json3(NEW_LINES) },
    infoFields("zzz-new", { upload_date: "20250101" }),
  );
  const catalogue = [...MINI_CATALOGUE.filter((w) => w.word !== "vanilla"), ...NEW_WORDS];
  secondOptions = {
    catalogueDir: writeCatalogue(freshDir("catalogue"), catalogue),
    clipSources: [clips],
    outPath: path.join(freshDir("next"), "index.sqlite"),
    fromPath: previousPath,
    workers: 0,
    builtAt: T2,
  };
  second = await buildSnapshot(secondOptions);
  after = contents(second.report.snapshot);
});

describe("an incremental build (--from)", () => {
  it("keeps the id of every word of the previous snapshot", () => {
    expect(before.words.size).toBe(MINI_CATALOGUE.length);
    for (const [norm, word] of before.words) expect(after.words.get(norm)?.word_id, norm).toBe(word.word_id);
  });

  it("gives new catalogue words new ids, above every previous one", () => {
    const maxBefore = Math.max(...[...before.words.values()].map((w) => w.word_id));
    const ids = NEW_WORDS.map((w) => after.words.get(w.word)?.word_id as number);
    expect(ids.every((id) => id > maxBefore)).toBe(true);
    expect(new Set(ids).size).toBe(2);
    expect(after.words.size).toBe(before.words.size + 2);
  });

  it("keeps a word the catalogue dropped, with its definition and spellings, and still indexes it", () => {
    const kept = after.words.get("vanilla") as WordRow;
    const was = before.words.get("vanilla") as WordRow;
    expect(kept).toMatchObject({
      word_id: was.word_id,
      word: was.word,
      level: was.level,
      meanings: was.meanings,
    });
    expect(after.spellings.get(kept.word_id)).toEqual(before.spellings.get(was.word_id));
    expect(kept.clip_count).toBe(was.clip_count);
    expect(was.clip_count).toBeGreaterThan(0);
    expect(second.report.languages.en?.wordsKept).toBe(1);
  });

  it("keeps every previous clip's number, clip id and indexing time", () => {
    expect(after.clips.size).toBe(before.clips.size + 2);
    for (const [videoId, clip] of before.clips) {
      expect(after.clips.get(videoId), videoId).toMatchObject({
        clip_no: clip.clip_no,
        clip_id: clip.clip_id,
        indexed_at: T1.toISOString(),
      });
    }
  });

  it("re-reads a clip whose source is still there, so its metadata follows the source", () => {
    expect(after.clips.get("wctest-run-01")?.title).toBe("Why we run at dawn");
  });

  it("numbers new clips after the previous ones, in source order, indexed at this build's time", () => {
    const maxBefore = Math.max(...[...before.clips.values()].map((c) => c.clip_no));
    expect(after.clips.get("aaa-new")).toMatchObject({
      clip_no: maxBefore + 1,
      indexed_at: T2.toISOString(),
    });
    expect(after.clips.get("zzz-new")).toMatchObject({
      clip_no: maxBefore + 2,
      indexed_at: T2.toISOString(),
    });
  });

  it("carries over a clip whose source is gone, with the same transcript and row", () => {
    const was = before.clips.get(GONE) as ClipRow & { word_count: number };
    // One more catalogue word indexed in it: the new "van".
    expect(after.clips.get(GONE)).toEqual({ ...was, word_count: was.word_count + 1 });
    expect(after.cues.get(GONE)).toEqual(before.cues.get(GONE));
  });

  it("re-indexes a carried-over clip from its stored transcript against this build's catalogue", () => {
    const postings = after.postings.get(GONE) ?? [];
    // Everything it was indexed for before (the dropped vanilla included), and the new word it says.
    const van = postings.filter((p) => p.startsWith("van@"));
    expect(van).toHaveLength(1);
    expect(postings.filter((p) => !p.startsWith("van@"))).toEqual(before.postings.get(GONE));
    expect(postings).toContainEqual(expect.stringMatching(/^vanilla@/));
  });

  it("indexes the new words in the clips read from their sources", () => {
    expect(after.postings.get("wctest-run-01")).toContainEqual(expect.stringMatching(/^tomorrow@9000#3$/));
    expect(after.postings.get("aaa-new")).toEqual(
      expect.arrayContaining([expect.stringMatching(/^tomorrow@0#0$/), expect.stringMatching(/^van@800#0$/)]),
    );
  });

  it("reports what was carried over and where from, and leaves the previous snapshot untouched", () => {
    expect(second.report.clips).toEqual({ sources: 5, indexed: 5, carriedOver: 1, skipped: 0, total: 6 });
    expect(second.report.from).toBe(previousPath);
    expect(readFileSync(previousPath).equals(previousBytes)).toBe(true);
  });

  it("gives identical snapshots when run twice on the same inputs", async () => {
    const again = await buildSnapshot({
      ...secondOptions,
      outPath: path.join(freshDir("again"), "index.sqlite"),
    });
    expect(again.report.buildId).toBe(second.report.buildId);
    expect(snapshotTables(again.report.snapshot)).toEqual(snapshotTables(second.report.snapshot));
  });

  it("can replace the snapshot it starts from, keeping its ids", async () => {
    const inPlace = path.join(freshDir("in-place"), "index.sqlite");
    copyFileSync(previousPath, inPlace);
    const result = await buildSnapshot({
      ...secondOptions,
      outPath: inPlace,
      fromPath: inPlace,
    });
    expect(snapshotTables(result.report.snapshot)).toEqual(snapshotTables(second.report.snapshot));
  });
});
