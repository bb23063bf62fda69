import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { transcriptViolations } from "./invariants.js";
import { detectCaptionFormat, parseCaptions } from "./parse.js";
import type { Transcript } from "./transcript.js";

const FIXTURES = fileURLToPath(new URL("../../test/fixtures/captions", import.meta.url));

function captionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "licenses" ? [] : captionFiles(path);
    return entry.name.endsWith(".md") ? [] : [path];
  });
}

function parseFixture(path: string): Transcript {
  const content = readFileSync(join(FIXTURES, path), "utf8");
  const format = detectCaptionFormat(path, content);
  if (format === undefined) throw new Error(`no caption format detected for ${path}`);
  return parseCaptions(content, format);
}

describe("detectCaptionFormat", () => {
  it("goes by the extension, in any case", () => {
    expect(detectCaptionFormat("abc.en.vtt", "")).toBe("vtt");
    expect(detectCaptionFormat("abc.en.JSON3", "")).toBe("json3");
    expect(detectCaptionFormat("dir.v1/abc.srv3", "")).toBe("srv3");
    expect(detectCaptionFormat("abc.Srt", "")).toBe("srt");
  });

  it("recognises srv3 content in an .xml file and nothing else", () => {
    expect(
      detectCaptionFormat("abc.xml", '<?xml version="1.0"?><timedtext format="3"><body/></timedtext>'),
    ).toBe("srv3");
    expect(detectCaptionFormat("abc.xml", "<timedtext format='3'>")).toBe("srv3");
    expect(
      detectCaptionFormat(
        "abc.xml",
        '<?xml version="1.0"?><transcript><text start="1">hi</text></transcript>',
      ),
    ).toBeUndefined();
    expect(detectCaptionFormat("abc.xml", '<tt xmlns="http://www.w3.org/ns/ttml">')).toBeUndefined();
  });

  it("gives undefined for other or missing extensions", () => {
    expect(detectCaptionFormat("abc.ttml", "")).toBeUndefined();
    expect(detectCaptionFormat("abc.info.json", "{}")).toBeUndefined();
    expect(detectCaptionFormat("vtt", "WEBVTT")).toBeUndefined();
  });
});

describe("parseCaptions on every caption fixture", () => {
  const files = captionFiles(FIXTURES).map((path) => relative(FIXTURES, path));

  it("finds all eight fixture files", () => {
    expect(files).toHaveLength(8);
  });

  it.each(files)("parses %s into a transcript that keeps every invariant", (path) => {
    const transcript = parseFixture(path);
    expect(transcript.cues.length).toBeGreaterThan(0);
    expect(transcriptViolations(transcript)).toEqual([]);
    expect(transcript.wordTimes).toBe(path.startsWith("manual/") ? "interpolated" : "exact");
  });
});

describe("parseCaptions on the WebVTT and srv3 files of one video", () => {
  const vtt = parseFixture("auto/vtt/DoesFastChargingHurttheBatteryRaw.vtt");
  const srv3 = parseFixture("auto/srv3/DoesFastChargingHurttheBatteryRaw.srv3");

  it("gives the same words at the same times, within 10 ms", () => {
    expect(vtt.words.map((word) => word.token)).toEqual(srv3.words.map((word) => word.token));
    for (const [i, word] of vtt.words.entries()) {
      const other = srv3.words[i];
      expect(
        Math.abs(word.tStartMs - (other?.tStartMs ?? Number.NaN)),
        `word ${i} ${word.token}`,
      ).toBeLessThanOrEqual(10);
      expect(word.cueIdx).toBe(other?.cueIdx);
    }
  });

  it("gives the same cue texts and starts", () => {
    expect(vtt.cues.map((cue) => [cue.t0Ms, cue.text])).toEqual(srv3.cues.map((cue) => [cue.t0Ms, cue.text]));
  });
});
