import { describe, expect, it } from "vitest";
import { infoFields } from "../../test/support/build-inputs.js";
import {
  ClipRejected,
  clipMetaFromInfo,
  dayOfUploadDate,
  MetaError,
  twoLetterLanguage,
} from "./clip-meta.js";

function without(info: Record<string, unknown>, ...names: string[]): Record<string, unknown> {
  const copy = { ...info };
  for (const name of names) delete copy[name];
  return copy;
}

function metaError(info: unknown): string {
  try {
    clipMetaFromInfo(info);
  } catch (error) {
    expect(error).toBeInstanceOf(MetaError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(info)}`);
}

describe("clipMetaFromInfo", () => {
  it("reads the fields yt-dlp writes into one clip shape", () => {
    const meta = clipMetaFromInfo(
      infoFields("dQw4w9WgXcQ", {
        title: "  A title  ",
        duration: 59.6,
        upload_date: "20240131",
        categories: ["Music"],
        tags: ["a", "b"],
        language: "en-US",
      }),
    );
    expect(meta).toEqual({
      videoId: "dQw4w9WgXcQ",
      title: "A title",
      durationS: 60,
      channelId: "UCtestchannel",
      channelName: "Test channel",
      publishedDay: Date.UTC(2024, 0, 31) / 86_400_000,
      categories: ["Music"],
      tags: ["a", "b"],
      language: "en",
      generated: false,
    });
  });

  it("falls back to fulltitle, uploader_id, uploader and release_date, and to timestamp for the day", () => {
    const info = without(infoFields("v1"), "title", "channel_id", "channel", "upload_date");
    const meta = clipMetaFromInfo({
      ...info,
      fulltitle: "Full",
      uploader_id: "@someone",
      uploader: "Someone",
      release_date: "20230305",
    });
    expect(meta).toMatchObject({ title: "Full", channelId: "@someone", channelName: "Someone" });
    expect(meta.publishedDay).toBe(Date.UTC(2023, 2, 5) / 86_400_000);
    const byTimestamp = clipMetaFromInfo({
      ...without(infoFields("v2"), "upload_date"),
      timestamp: 1_700_000_000,
    });
    expect(byTimestamp.publishedDay).toBe(Math.floor(1_700_000_000 / 86_400));
  });

  it("names the channel by its id when the info gives no channel name", () => {
    expect(clipMetaFromInfo(without(infoFields("v1"), "channel")).channelName).toBe("UCtestchannel");
  });

  it("leaves the language undefined when the info does not give a two-letter one, and lists default to empty", () => {
    const meta = clipMetaFromInfo({ ...without(infoFields("v1"), "categories", "tags"), language: null });
    expect(meta).toMatchObject({ language: undefined, categories: [], tags: [] });
    expect(clipMetaFromInfo(infoFields("v1", { language: "english" })).language).toBeUndefined();
  });

  it("marks clips made by the demo generator", () => {
    expect(clipMetaFromInfo(infoFields("demo00000001", { wordclip_generated: true })).generated).toBe(true);
    expect(clipMetaFromInfo(infoFields("v1", { wordclip_generated: "yes" })).generated).toBe(false);
  });

  it("accepts a clip of exactly 180 s and rejects a longer one as too long, naming its video id", () => {
    expect(clipMetaFromInfo(infoFields("v1", { duration: 180 })).durationS).toBe(180);
    let rejected: unknown;
    try {
      clipMetaFromInfo(infoFields("long1", { duration: 181 }));
    } catch (error) {
      rejected = error;
    }
    expect(rejected).toBeInstanceOf(ClipRejected);
    expect(rejected).toMatchObject({ videoId: "long1", message: "longer than 180 s (181 s)" });
    expect(() => clipMetaFromInfo(infoFields("long2", { duration: 180.4 }))).toThrow(
      "longer than 180 s (180.4 s)",
    );
  });

  it("refuses what is not a JSON object", () => {
    for (const info of [null, [], "x", 3]) expect(metaError(info)).toBe("info.json must hold a JSON object");
  });

  it("names a missing id, title, duration, channel or upload date", () => {
    expect(metaError(without(infoFields("v1"), "id"))).toBe('"id" is missing');
    expect(metaError(without(infoFields("v1"), "title"))).toBe('"title" is missing');
    expect(metaError(without(infoFields("v1"), "duration"))).toMatch(/^"duration" must be a positive number/);
    expect(metaError(without(infoFields("v1"), "channel_id"))).toBe('"channel_id" is missing');
    expect(metaError(without(infoFields("v1"), "upload_date"))).toBe('"upload_date" is missing');
    expect(metaError(infoFields("v1", { title: "   " }))).toBe('"title" is missing');
  });

  it("names a field of the wrong type or value, with the value", () => {
    expect(metaError(infoFields("v1", { id: 42 }))).toBe('"id" is missing');
    expect(metaError(infoFields("bad id!"))).toBe(
      '"id" must be 1 to 64 letters, digits, "-" or "_", got "bad id!"',
    );
    expect(metaError(infoFields("v1", { duration: "30" }))).toBe(
      '"duration" must be a positive number of seconds, got "30"',
    );
    expect(metaError(infoFields("v1", { duration: 0 }))).toMatch(/got 0$/);
    expect(metaError(infoFields("v1", { upload_date: "2024-01-31" }))).toBe(
      '"upload_date" must be a date as YYYYMMDD, got "2024-01-31"',
    );
    expect(metaError(infoFields("v1", { upload_date: "20240230" }))).toMatch(/got "20240230"$/);
    expect(metaError(infoFields("v1", { categories: "Music" }))).toBe(
      '"categories" must be an array of strings, got "Music"',
    );
    expect(metaError(infoFields("v1", { tags: ["ok", 3] }))).toBe(
      '"tags" must be an array of strings, got ["ok",3]',
    );
  });
});

describe("dayOfUploadDate", () => {
  it("counts days since 1970-01-01 and refuses dates that do not exist", () => {
    expect(dayOfUploadDate("19700101")).toBe(0);
    expect(dayOfUploadDate("20000229")).toBe(Date.UTC(2000, 1, 29) / 86_400_000);
    expect(dayOfUploadDate("19000229")).toBeUndefined();
    expect(dayOfUploadDate("20241301")).toBeUndefined();
    expect(dayOfUploadDate("2024011")).toBeUndefined();
  });
});

describe("twoLetterLanguage", () => {
  it("keeps the two-letter code of en, en-US, en_GB, en-orig and EN", () => {
    expect(["en", "en-US", "en_GB", "en-orig", "EN", " en "].map(twoLetterLanguage)).toEqual(
      Array(6).fill("en"),
    );
    expect([undefined, null, "", "eng", "e", "english"].map(twoLetterLanguage)).toEqual(
      Array(6).fill(undefined),
    );
  });
});
