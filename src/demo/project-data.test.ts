import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { detectCaptionFormat, parseCaptions } from "../captions/parse.js";
import { ClipRejected, clipMetaFromInfo } from "../indexer/clip-meta.js";
import { demoFixturesDir, projectDataDir } from "./project-data.js";

const fixtures = demoFixturesDir();
const read = (name: string): string => readFileSync(path.join(fixtures, name), "utf8");
const testFixture = (relative: string): string =>
  readFileSync(new URL(`../../test/fixtures/captions/${relative}`, import.meta.url), "utf8");

describe("projectDataDir", () => {
  it("finds the shipped data folder from the module's own location", () => {
    expect(
      existsSync(path.join(projectDataDir(), "sources", "cefr-wordlist", "cefr_wordlist_merged.tsv")),
    ).toBe(true);
  });
});

describe("the demo fixtures folder", () => {
  it("lays out each real clip as yt-dlp does: info.json beside its captions", () => {
    const names = readdirSync(fixtures).filter((n) => n.includes(".") && !n.endsWith(".md"));
    expect(names.sort()).toEqual([
      "1VqKUrxR2C8.en.json3",
      "1VqKUrxR2C8.info.json",
      "fixture-fastcharge.en.vtt",
      "fixture-fastcharge.info.json",
    ]);
  });

  it("holds copies of the real caption files, byte for byte", () => {
    expect(read("fixture-fastcharge.en.vtt")).toBe(
      testFixture("auto/vtt/DoesFastChargingHurttheBatteryRaw.vtt"),
    );
    expect(read("1VqKUrxR2C8.en.json3")).toBe(testFixture("auto/json3/1VqKUrxR2C8.en.sliced.json3"));
  });

  it("gives the fast-charging clip placeholder metadata that cannot pass for a real video", () => {
    const info = JSON.parse(read("fixture-fastcharge.info.json")) as Record<string, unknown>;
    const meta = clipMetaFromInfo(info);
    expect(meta).toMatchObject({
      videoId: "fixture-fastcharge",
      title: "Does fast charging hurt the battery?",
      channelId: "fixture-unknown",
      channelName: "Unknown channel (test fixture)",
      categories: ["Science & Technology"],
      language: "en",
      generated: false,
    });
    expect(info.wordclip_fixture).toBe(true);
    expect(info.upload_date).toBe("20000101");
    expect(info.webpage_url).toBeUndefined();
    const captions = parseCaptions(read("fixture-fastcharge.en.vtt"), "vtt");
    const lastWord = captions.words[captions.words.length - 1];
    expect(lastWord?.tStartMs).toBeLessThanOrEqual(meta.durationS * 1000);
    expect(meta.durationS).toBe(68);
  });

  it("keeps the long talk, which the builder must refuse as longer than 180 s", () => {
    const info = JSON.parse(read("1VqKUrxR2C8.info.json")) as Record<string, unknown>;
    expect(info).toMatchObject({
      id: "1VqKUrxR2C8",
      title: "Building OpenCode with Dax Raad",
      duration: 4861,
    });
    expect(info.wordclip_fixture).toBe(true);
    expect(() => clipMetaFromInfo(info)).toThrow(ClipRejected);
    expect(() => clipMetaFromInfo(info)).toThrow("longer than 180 s (4861 s)");
    expect(detectCaptionFormat("1VqKUrxR2C8.en.json3", read("1VqKUrxR2C8.en.json3"))).toBe("json3");
  });
});
