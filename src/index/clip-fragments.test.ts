import Database from "better-sqlite3";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedTestSnapshot } from "../../test/support/snapshot.js";
import { presentClip } from "../api/present.js";
import { ClipWithOccurrences, FeedClip } from "../api/schemas.js";
import { decodeClipColumns, encodeClipColumnsFromDb } from "../snapshot/clip-columns.js";
import { SNAPSHOT_DDL } from "../snapshot/schema.js";
import { ClipFragments } from "./clip-fragments.js";
import type { ClipRecord } from "./clips.js";
import { Snapshot } from "./snapshot.js";

/** What the response schema's serialiser writes for a clip summary: the bytes the fragments must equal. */
async function serialiser(): Promise<(clip: ClipRecord) => Promise<string>> {
  let current: ClipRecord | undefined;
  const app = Fastify({ logger: false });
  app.get("/clip", { schema: { response: { 200: FeedClip } } }, async () =>
    presentClip(current as ClipRecord),
  );
  await app.ready();
  return async (clip) => {
    current = clip;
    return (await app.inject({ method: "GET", url: "/clip" })).body;
  };
}

/**
 * What the lookup result's serialiser writes for a clip whose embed starts at `startS`, with no
 * occurrences: the bytes `open(row, startS)` must equal once the occurrences are added and closed.
 */
async function resultSerialiser(): Promise<(clip: ClipRecord, startS: number) => Promise<string>> {
  let current: [ClipRecord, number] | undefined;
  const app = Fastify({ logger: false });
  app.get("/clip", { schema: { response: { 200: ClipWithOccurrences } } }, async () => {
    const [clip, startS] = current as [ClipRecord, number];
    return { ...presentClip(clip, startS), occurrences: [] };
  });
  await app.ready();
  return async (clip, startS) => {
    current = [clip, startS];
    return (await app.inject({ method: "GET", url: "/clip" })).body;
  };
}

describe("clip fragments", () => {
  let snapshot: Snapshot;
  beforeAll(async () => {
    snapshot = new Snapshot((await sharedTestSnapshot()).path);
  });
  afterAll(() => snapshot?.close());

  it("write every clip of a snapshot as the response schema serialises it", async () => {
    const serialise = await serialiser();
    const { fragments } = snapshot;
    expect(fragments.size).toBeGreaterThan(0);
    for (let row = 0; row < fragments.size; row++) {
      const clip = snapshot.clips.find(fragments.clipId(row)) as ClipRecord;
      expect(fragments.row(clip.clipNo)).toBe(row);
      expect(fragments.open(row) + fragments.close(row)).toBe(await serialise(clip));
    }
    expect(fragments.row(-5)).toBe(-1);
  });

  it("write a lookup result's clip, its embed starting at a second, as the result schema serialises it", async () => {
    const serialise = await resultSerialiser();
    const { fragments } = snapshot;
    for (let row = 0; row < fragments.size; row++) {
      const clip = snapshot.clips.find(fragments.clipId(row)) as ClipRecord;
      const startS = (row * 37) % 181;
      const text = `${fragments.open(row, startS)},"occurrences":[]${fragments.close(row)}`;
      expect(text).toBe(await serialise(clip, startS));
      expect(JSON.parse(text).embedUrl).toMatch(new RegExp(`\\?start=${startS}$`));
    }
  });

  it("write the same bytes from the summary arena when rows take each other's slots", async () => {
    const serialise = await resultSerialiser();
    // Twelve rows share two slots: a visit may find its row held or replace the one held.
    const fragments = new ClipFragments(snapshot.fragments.columns, { summarySlots: 2 });
    const rows = Array.from({ length: Math.min(fragments.size, 12) }, (_, row) => row);
    for (const row of [...rows, ...rows.reverse(), ...rows]) {
      const clip = snapshot.clips.find(fragments.clipId(row)) as ClipRecord;
      const startS = row % 2 === 0 ? (row * 13) % 181 : undefined;
      const text = `${fragments.open(row, startS)},"occurrences":[]${fragments.close(row)}`;
      if (startS !== undefined) expect(text).toBe(await serialise(clip, startS));
      else
        expect(text).toBe(`${snapshot.fragments.open(row)},"occurrences":[]${snapshot.fragments.close(row)}`);
    }
  });

  it("keep quotes, backslashes, control characters, line separators and non-Latin text byte for byte", async () => {
    const db = new Database(":memory:");
    db.exec(SNAPSHOT_DDL);
    const insert = db.prepare(
      `INSERT INTO clips (clip_no, clip_id, video_id, title, language, level, topic, duration_s, channel_id,
        channel_name, published_day, recent_key, indexed_at, word_count, words_per_minute, generated, caption_format,
        word_times, meta)
       VALUES (?, ?, ?, ?, ?, ?, 'science', ?, ?, ?, 1, ?, '2026-01-01T00:00:00Z', 3, ?, ?, 'vtt', 'exact', '{}')`,
    );
    const titles = [
      'He said "hi" \\ then',
      "tab\there\nnew line",
      "日本語のタイトル 🎬",
      "sep\u2028par\u2029",
      "é",
      // Longer than a slot of the summary arena: written from the columns every time.
      "a title of many words ".repeat(40),
    ];
    titles.forEach((title, i) => {
      insert.run(
        i * 7 + 3,
        `id-${i}`,
        `v/${i}&x`,
        title,
        i % 2 ? "de" : "en",
        i % 6,
        10 + i,
        `ch"${i % 2}`,
        `Name ${titles[titles.length - 1 - i]}`,
        i,
        i * 97,
        i % 2,
      );
    });
    const encoded = encodeClipColumnsFromDb(db);
    // A value whose buffer is not aligned for the columns' typed arrays is decoded through copies.
    const misaligned = Buffer.alloc(encoded.length + 1).subarray(1);
    encoded.copy(misaligned);
    const fragments = new ClipFragments(decodeClipColumns(encoded));
    const copied = new ClipFragments(decodeClipColumns(misaligned));
    const serialise = await serialiser();
    const serialiseResult = await resultSerialiser();
    for (let i = 0; i < titles.length; i++) {
      const row = fragments.row(i * 7 + 3);
      const record: ClipRecord = {
        clipNo: i * 7 + 3,
        clipId: `id-${i}`,
        videoId: `v/${i}&x`,
        title: titles[i] as string,
        language: i % 2 ? "de" : "en",
        level: i % 6,
        topic: "science",
        durationS: 10 + i,
        channelId: `ch"${i % 2}`,
        channelName: `Name ${titles[titles.length - 1 - i]}`,
        publishedDay: 1,
        indexedAt: "2026-01-01T00:00:00Z",
        wordCount: 3,
        wordsPerMinute: i * 97,
        generated: i % 2 === 1,
        wordTimes: "exact",
      };
      expect(fragments.clipId(row)).toBe(record.clipId);
      expect(fragments.open(row) + fragments.close(row)).toBe(await serialise(record));
      // Again, from the summary arena (or, for the long title, from the columns again).
      expect(fragments.open(row) + fragments.close(row)).toBe(await serialise(record));
      expect(copied.open(row, i) + copied.close(row)).toBe(fragments.open(row, i) + fragments.close(row));
      expect(`${fragments.open(row, i)},"occurrences":[]${fragments.close(row)}`).toBe(
        await serialiseResult(record, i),
      );
    }
    db.close();
  });
});
