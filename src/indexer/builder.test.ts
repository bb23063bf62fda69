/**
 * One real build (the shipped catalogue; the hand-written clips, the shipped fixtures and a few generated
 * clips) checked table by table against what the inputs say.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDir, openSnapshotDb } from "../../test/support/build-inputs.js";
import { type CueView, type PostingView, SnapshotRows } from "../../test/support/snapshot-rows.js";
import { TEST_CLIPS, writeTestClips } from "../../test/support/test-clips.js";
import { detectCaptionFormat, parseCaptions } from "../captions/parse.js";
import type { Transcript } from "../captions/transcript.js";
import { generateDemoCorpus } from "../demo/corpus.js";
import { demoFixturesDir, projectDataDir } from "../demo/project-data.js";
import { LEVELS, TOPICS } from "../domain.js";
import { type ClipDbRow, RECENT_KEY_CLIPS } from "../snapshot/schema.js";
import { tokeniseWords } from "../text/tokenise.js";
import { type BuildResult, buildSnapshot } from "./builder.js";
import { clipMetaFromInfo } from "./clip-meta.js";
import { clipIdOf } from "./ids.js";
import { pickCaptionFile, sourceJobs } from "./sources.js";

const BUILT_AT = new Date("2026-04-01T12:00:00.000Z");
const GENERATED = 60;

interface Source {
  info: Record<string, unknown>;
  transcript: Transcript;
  format: string;
}

let result: BuildResult;
let sources: string[];
let rows: SnapshotRows;
let db: ReturnType<typeof openSnapshotDb>;
let clips: ClipDbRow[];
let postings: PostingView[];
/** What each video's info.json and chosen caption file say, read here without the builder. */
const inputs = new Map<string, Source>();

function clipOf(videoId: string): ClipDbRow {
  const clip = clips.find((c) => c.video_id === videoId);
  if (!clip) throw new Error(`${videoId} is not in the snapshot`);
  return clip;
}

function wordId(norm: string): number {
  const id = db.prepare("SELECT word_id FROM words WHERE language = 'en' AND norm = ?").pluck().get(norm);
  if (typeof id !== "number") throw new Error(`no catalogue word ${norm}`);
  return id;
}

function postingOf(norm: string, videoId: string): PostingView | undefined {
  const id = wordId(norm);
  const { clip_no } = clipOf(videoId);
  return postings.find((p) => p.wordId === id && p.clipNo === clip_no);
}

/** Where a token is spoken: the cue and the time of the `n`th caption word that tokenises to `norm`. */
function spoken(videoId: string, norm: string): { tMs: number; cueIdx: number } {
  const { transcript } = inputs.get(videoId) as Source;
  const tokens = tokeniseWords(
    transcript.words.map((w) => w.token),
    "en",
  );
  const token = tokens.find((t) => t.norm === norm);
  if (!token) throw new Error(`${videoId} never says ${norm}`);
  const word = transcript.words[token.word];
  return { tMs: word?.tStartMs as number, cueIdx: word?.cueIdx as number };
}

beforeAll(async () => {
  const generated = path.join(freshDir("generated"), "clips");
  await generateDemoCorpus({ outDir: generated, clips: GENERATED, seed: "builder-test" });
  sources = [demoFixturesDir(), writeTestClips(freshDir("hand")), generated];
  const out = path.join(freshDir("out"), "index.sqlite");
  result = await buildSnapshot({
    catalogueDir: path.join(projectDataDir(), "catalogue"),
    clipSources: sources,
    outPath: out,
    workers: 0,
    builtAt: BUILT_AT,
  });
  for (const job of sourceJobs(sources)) {
    if (job.kind !== "info") continue;
    const info = JSON.parse(readFileSync(job.infoPath, "utf8")) as Record<string, unknown>;
    const picked = pickCaptionFile(job.captionPaths, "en");
    if (!picked) continue;
    const content = readFileSync(picked.file, "utf8");
    const format = detectCaptionFormat(picked.file, content) as NonNullable<
      ReturnType<typeof detectCaptionFormat>
    >;
    inputs.set(info.id as string, { info, transcript: parseCaptions(content, format), format });
  }
  db = openSnapshotDb(out);
  clips = db.prepare("SELECT * FROM clips ORDER BY clip_no").all() as ClipDbRow[];
  rows = new SnapshotRows(out);
  postings = rows.postings();
});

afterAll(() => {
  rows?.close();
  db?.close();
});

describe("the clips table", () => {
  it("holds every clip of at most 180 s with captions, numbered in source order", () => {
    const expected = [...inputs.values()]
      .filter(({ info }) => (info.duration as number) <= 180)
      .map(({ info }) => info.id);
    expect(expected).toHaveLength(1 + TEST_CLIPS.length + GENERATED);
    expect(clips.map((c) => c.video_id)).toEqual(expected);
    expect(clips.map((c) => c.clip_no)).toEqual(expected.map((_, i) => i + 1));
  });

  it("gives each clip the UUID v5 of its video id and stores its metadata as its info.json says", () => {
    for (const clip of clips) {
      const { info, format, transcript } = inputs.get(clip.video_id) as Source;
      const meta = clipMetaFromInfo(info);
      expect(clip).toMatchObject({
        clip_id: clipIdOf(clip.video_id),
        title: info.title,
        language: "en",
        duration_s: info.duration,
        channel_id: info.channel_id,
        channel_name: info.channel,
        published_day: meta.publishedDay,
        recent_key: meta.publishedDay * RECENT_KEY_CLIPS + clip.clip_no,
        indexed_at: BUILT_AT.toISOString(),
        generated: info.wordclip_generated === true ? 1 : 0,
        caption_format: format,
        word_times: transcript.wordTimes,
      });
      expect(LEVELS[clip.level]).toBeDefined();
      expect(TOPICS).toContain(clip.topic);
    }
  });

  it("counts in word_count the catalogue words indexed in each clip", () => {
    for (const clip of clips) {
      expect(clip.word_count).toBe(postings.filter((p) => p.clipNo === clip.clip_no).length);
    }
    expect(clips.every((c) => c.word_count > 0)).toBe(true);
  });
});

describe("the transcripts", () => {
  it("rebuild each clip's caption file: the same cues, and every word at the time the captions give", () => {
    for (const clip of clips) {
      const { transcript } = inputs.get(clip.video_id) as Source;
      const stored = rows.cues(clip.clip_no);
      const expected: CueView[] = transcript.cues.map((cue) => ({
        idx: cue.idx,
        t0Ms: cue.t0Ms,
        t1Ms: cue.t1Ms,
        text: cue.text,
        wordMs: transcript.words.filter((w) => w.cueIdx === cue.idx).map((w) => w.tStartMs),
      }));
      expect(stored, clip.video_id).toEqual(expected);
    }
  });
});

describe("the postings", () => {
  it("are, for every clip, the first time each catalogue word or one of its spellings is spoken", () => {
    // A naive reference: every run of tokens looked up among the snapshot's spellings.
    const spellings = new Map<string, number[]>();
    let longest = 1;
    for (const { norm, word_id } of db.prepare("SELECT norm, word_id FROM spellings").all() as Array<{
      norm: string;
      word_id: number;
    }>) {
      spellings.set(norm, [...(spellings.get(norm) ?? []), word_id]);
      longest = Math.max(longest, norm.split(" ").length);
    }
    for (const clip of clips) {
      const cues = rows.cues(clip.clip_no);
      const words = cues.flatMap((cue) =>
        cue.text.split(" ").map((token, i) => ({ token, tMs: cue.wordMs[i] as number, cueIdx: cue.idx })),
      );
      const tokens = tokeniseWords(
        words.map((w) => w.token),
        "en",
      );
      const first = new Map<number, { tMs: number; cueIdx: number }>();
      tokens.forEach((token, start) => {
        for (let length = 1; length <= longest && start + length <= tokens.length; length++) {
          const key = tokens
            .slice(start, start + length)
            .map((t) => t.norm)
            .join(" ");
          const at = words[token.word] as { tMs: number; cueIdx: number };
          for (const id of spellings.get(key) ?? [])
            if (!first.has(id)) first.set(id, { tMs: at.tMs, cueIdx: at.cueIdx });
        }
      });
      const actual = postings
        .filter((p) => p.clipNo === clip.clip_no)
        .map((p) => [p.wordId, { tMs: p.tMs, cueIdx: p.cueIdx }] as const);
      expect(new Map(actual), clip.video_id).toEqual(first);
      expect(actual.length, `${clip.video_id}: one posting per word`).toBe(first.size);
    }
  });

  it("are filed under the clip's level, and their time falls in the cue they name", () => {
    const byNo = new Map(clips.map((c) => [c.clip_no, { clip: c, cues: rows.cues(c.clip_no) }]));
    const wrong = postings.filter((p) => {
      const { clip, cues } = byNo.get(p.clipNo) ?? {};
      const cue = cues?.[p.cueIdx];
      return (
        clip === undefined ||
        cue === undefined ||
        p.level !== clip.level ||
        p.recentKey !== clip.recent_key ||
        p.tMs < cue.t0Ms ||
        p.tMs > cue.t1Ms ||
        !cue.wordMs.includes(p.tMs)
      );
    });
    expect(postings.length).toBeGreaterThan(clips.length);
    expect(wrong).toEqual([]);
  });

  it('put "run" where the hand-written clips first say one of its forms, in the cue that says it', () => {
    // "We run every morning", "The children ran to the van", "We are running out of paint".
    expect(postingOf("run", "wctest-run-01")).toMatchObject(spoken("wctest-run-01", "run"));
    expect(postingOf("run", "wctest-run-01")?.cueIdx).toBe(0);
    expect(postingOf("run", "wctest-kids-02")).toMatchObject(spoken("wctest-kids-02", "ran"));
    expect(postingOf("run", "wctest-kids-02")?.cueIdx).toBe(3);
    expect(postingOf("run", "wctest-paint-3")).toMatchObject(spoken("wctest-paint-3", "running"));
    expect(postingOf("run", "wctest-paint-3")?.cueIdx).toBe(3);
    // "Yesterday I ran five kilometres in the park": the plural leads to the catalogue's kilometer.
    expect(postingOf("kilometer", "wctest-run-01")).toMatchObject(spoken("wctest-run-01", "kilometres"));
    expect(postingOf("kilometer", "wctest-run-01")?.cueIdx).toBe(2);
    expect(postingOf("child", "wctest-kids-02")).toMatchObject({
      ...spoken("wctest-kids-02", "children"),
      cueIdx: 0,
    });
    expect(postingOf("ice cream", "wctest-kids-02")).toMatchObject({
      ...spoken("wctest-kids-02", "ice"),
      cueIdx: 1,
    });
    // "What colour should we paint the kitchen?": the British spelling is a variant of color.
    expect(postingOf("color", "wctest-paint-3")).toMatchObject({
      ...spoken("wctest-paint-3", "colour"),
      cueIdx: 0,
    });
    expect(postingOf("kitchen", "wctest-run-01")).toBeUndefined();
  });
});

describe("the words and spellings", () => {
  it("hold one row per catalogue word, each with clip counts that add up its postings by level", () => {
    const words = db.prepare("SELECT word_id, norm, clip_count, clips_by_level FROM words").all() as Array<{
      word_id: number;
      norm: string;
      clip_count: number;
      clips_by_level: string;
    }>;
    expect(words).toHaveLength(result.report.languages.en?.words as number);
    expect(new Set(words.map((w) => w.norm)).size).toBe(words.length);
    const byWord = new Map<number, PostingView[]>();
    for (const p of postings) byWord.set(p.wordId, [...(byWord.get(p.wordId) ?? []), p]);
    const counted = words.map((w) => {
      const own = byWord.get(w.word_id) ?? [];
      return {
        norm: w.norm,
        clipCount: own.length,
        clipsByLevel: JSON.stringify(LEVELS.map((_, level) => own.filter((p) => p.level === level).length)),
      };
    });
    expect(
      words.map((w) => ({ norm: w.norm, clipCount: w.clip_count, clipsByLevel: w.clips_by_level })),
    ).toEqual(counted);
    expect(counted.some((w) => w.clipCount > 1)).toBe(true);
  });

  it("lead every form and variant to its word, and every headword to itself", () => {
    const lead = (norm: string): Array<[string, number]> =>
      (
        db
          .prepare(
            "SELECT w.norm, s.kind FROM spellings s JOIN words w USING (word_id) WHERE s.norm = ? ORDER BY w.norm",
          )
          .all(norm) as Array<{ norm: string; kind: number }>
      ).map((r) => [r.norm, r.kind]);
    expect(lead("ran")).toContainEqual(["run", 2]);
    expect(lead("running")).toContainEqual(["run", 2]);
    expect(lead("children")).toEqual([["child", 2]]);
    expect(lead("kilometres")).toContainEqual(["kilometer", 2]);
    expect(lead("ice creams")).toEqual([["ice cream", 2]]);
    expect(lead("run")).toContainEqual(["run", 0]);
    const headless = db
      .prepare(
        "SELECT COUNT(*) FROM words w WHERE NOT EXISTS (SELECT 1 FROM spellings s WHERE s.word_id = w.word_id AND s.norm = w.norm AND s.kind = 0)",
      )
      .pluck()
      .get();
    expect(headless).toBe(0);
  });
});

describe("the statistics", () => {
  it("count clips by topic and level for every topic and level, zeros included", () => {
    const stats = db
      .prepare("SELECT topic, level, clips FROM topic_stats WHERE language = 'en'")
      .all() as Array<{
      topic: string;
      level: number;
      clips: number;
    }>;
    expect(stats).toHaveLength(TOPICS.length * LEVELS.length);
    for (const topic of TOPICS) {
      LEVELS.forEach((_, level) => {
        const row = stats.find((s) => s.topic === topic && s.level === level);
        expect(row?.clips, `${topic} ${level}`).toBe(
          clips.filter((c) => c.topic === topic && c.level === level).length,
        );
      });
    }
  });

  it("give the corpus its clips, channels, words, words covered and build time", () => {
    const corpus = db.prepare("SELECT * FROM corpus_stats").all();
    const words = db.prepare("SELECT COUNT(*) FROM words").pluck().get() as number;
    const covered = db.prepare("SELECT COUNT(*) FROM words WHERE clip_count > 0").pluck().get() as number;
    expect(corpus).toEqual([
      {
        language: "en",
        clips: clips.length,
        channels: new Set(clips.map((c) => c.channel_id)).size,
        words,
        words_covered: covered,
        updated_at: BUILT_AT.toISOString(),
      },
    ]);
    expect(rows.snapshot.corpus).toEqual([
      {
        language: "en",
        clips: clips.length,
        channels: expect.any(Number),
        words,
        wordsCovered: covered,
        coverage: covered / words,
      },
    ]);
  });

  it("record the build id and time in the snapshot", () => {
    const meta = Object.fromEntries(
      db.prepare("SELECT key, value FROM meta").raw().all() as Array<[string, string]>,
    );
    expect(meta).toMatchObject({ build_id: result.report.buildId, built_at: BUILT_AT.toISOString() });
    expect(result.report.buildId).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe("the report", () => {
  it("counts the clips, lists each skipped one with its reason, and is written beside the snapshot", () => {
    const { report, reportPath } = result;
    expect(reportPath).toBe(report.snapshot.replace(/\.sqlite$/, ".report.json"));
    expect(JSON.parse(readFileSync(reportPath, "utf8"))).toEqual(report);
    expect(report.clips).toEqual({
      sources: clips.length + 1,
      indexed: clips.length,
      carriedOver: 0,
      skipped: 1,
      total: clips.length,
    });
    expect(report.postings).toBe(postings.length);
    expect(report.skipped).toEqual([
      {
        origin: path.join(demoFixturesDir(), "1VqKUrxR2C8.info.json"),
        videoId: "1VqKUrxR2C8",
        reason: "too-long",
        detail: expect.stringMatching(/^longer than 180 s \(\d+ s\)$/),
      },
    ]);
    expect(report.skippedByReason).toEqual({ "too-long": 1 });
    expect(report.languages.en).toMatchObject({ clips: clips.length, wordsKept: 0 });
    expect(report).toMatchObject({ builtAt: BUILT_AT.toISOString(), from: null, workers: 0 });
  });
});
