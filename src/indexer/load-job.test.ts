import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  freshDir,
  infoFields,
  json3,
  languageIndexes,
  plainVtt,
  writeCatalogue,
  writeClip,
} from "../../test/support/build-inputs.js";
import { type JobResult, loadJob } from "./load-job.js";
import { type SourceJob, sourceJobs } from "./sources.js";

const languages = languageIndexes(writeCatalogue(freshDir("catalogue")));
const LINES = ["We run every morning.", "The children ran to the park."];

/** The single job of a folder holding one clip. */
function jobOf(dir: string): SourceJob {
  const jobs = [...sourceJobs([dir])];
  expect(jobs).toHaveLength(1);
  return jobs[0] as SourceJob;
}

function load(dir: string): JobResult {
  return loadJob(jobOf(dir), languages);
}

function skipped(result: JobResult) {
  if (result.ok) throw new Error(`indexed ${result.clip.meta.videoId}, expected a skip`);
  return result;
}

describe("loadJob", () => {
  it("indexes a clip from its info.json and caption file, keeping where it came from", () => {
    const dir = freshDir("job");
    writeClip(dir, "ok1", { "en.json3": json3(LINES) });
    const result = load(dir);
    if (!result.ok) throw new Error(`skipped: ${result.detail}`);
    expect(result.origin).toBe(path.join(dir, "ok1.info.json"));
    expect(result.clip.meta).toMatchObject({ videoId: "ok1", language: "en", durationS: 12 });
    expect(result.clip.captionFormat).toBe("json3");
    expect(result.clip.wordTimes).toBe("exact");
    expect(result.clip.wordCount).toBeGreaterThan(0);
  });

  it("indexes the clip in the caption file's language when the info.json does not say", () => {
    const dir = freshDir("job");
    writeClip(dir, "nolang", { "en.vtt": plainVtt(LINES) }, infoFields("nolang", { language: undefined }));
    const result = load(dir);
    expect(result.ok && result.clip.meta.language).toBe("en");
  });

  it("skips an info.json that is not JSON as malformed-info, without a video id", () => {
    const dir = freshDir("job");
    writeClip(dir, "broken", { "en.vtt": plainVtt(LINES) }, '{"id": "broken", ');
    const result = skipped(load(dir));
    expect(result).toMatchObject({ reason: "malformed-info", videoId: undefined });
    expect(result.origin).toBe(path.join(dir, "broken.info.json"));
    expect(result.detail).toMatch(/^invalid JSON: /);
  });

  it("skips an info.json missing a required field as malformed-info, naming the field", () => {
    const dir = freshDir("job");
    const { channel_id: _, ...info } = infoFields("nochan");
    writeClip(dir, "nochan", { "en.vtt": plainVtt(LINES) }, info);
    expect(skipped(load(dir))).toMatchObject({ reason: "malformed-info", detail: '"channel_id" is missing' });
  });

  it("skips an info.json that cannot be read as malformed-info", () => {
    const dir = freshDir("job");
    mkdirSync(path.join(dir, "folder.info.json"));
    const job: SourceJob = {
      kind: "info",
      origin: "x",
      infoPath: path.join(dir, "folder.info.json"),
      captionPaths: [],
    };
    const result = skipped(loadJob(job, languages));
    expect(result.reason).toBe("malformed-info");
    expect(result.detail).toMatch(/^cannot read folder\.info\.json: /);
  });

  it("skips a clip longer than 180 s as too-long, with its video id", () => {
    const dir = freshDir("job");
    writeClip(dir, "long", { "en.json3": json3(LINES) }, infoFields("long", { duration: 600 }));
    expect(skipped(load(dir))).toMatchObject({
      reason: "too-long",
      videoId: "long",
      detail: "longer than 180 s (600 s)",
    });
  });

  it("skips a clip without a caption file as no-captions", () => {
    const dir = freshDir("job");
    writeClip(dir, "silent", {});
    expect(skipped(load(dir))).toMatchObject({
      reason: "no-captions",
      videoId: "silent",
      detail: 'no caption file in "en" beside the metadata',
    });
  });

  it("skips a clip whose only captions are machine translations into other languages as no-captions", () => {
    const dir = freshDir("job");
    writeClip(dir, "translated", { "de.json3": json3(LINES), "fr.vtt": plainVtt(LINES) });
    expect(skipped(load(dir))).toMatchObject({ reason: "no-captions", videoId: "translated" });
  });

  it("skips a clip in a language without a catalogue as no-catalogue", () => {
    const dir = freshDir("job");
    writeClip(
      dir,
      "spanish",
      { "es.vtt": plainVtt(["Corremos cada mañana."]) },
      infoFields("spanish", { language: "es" }),
    );
    expect(skipped(load(dir))).toMatchObject({
      reason: "no-catalogue",
      videoId: "spanish",
      detail: 'no catalogue for clip language "es"',
    });
  });

  it("skips captions that cannot be parsed as unreadable-captions, naming the file and the problem", () => {
    const cases: Array<[string, string, RegExp]> = [
      ["en.vtt", "this is not a caption file", /^bad1\.en\.vtt: WebVTT: not a WebVTT file/],
      ["en.vtt", "WEBVTT\n\n", /^bad2\.en\.vtt: .*no cue/],
      ["en.json3", '{"events": [', /^bad3\.en\.json3: json3: not valid JSON/],
      ["en.json3", '{"events": [{"tStartMs": -5, "segs": []}]}', /^bad4\.en\.json3: json3 event 0 tStartMs/],
      ["en.xml", "<tt xmlns='http://www.w3.org/ns/ttml'/>", /^bad5\.en\.xml: unknown caption format$/],
    ];
    cases.forEach(([suffix, content, detail], i) => {
      const dir = freshDir("job");
      const id = `bad${i + 1}`;
      writeClip(dir, id, { [suffix]: content });
      const result = skipped(load(dir));
      expect(result, result.detail).toMatchObject({ reason: "unreadable-captions", videoId: id });
      expect(result.detail).toMatch(detail);
    });
  });
});

describe("loadJob on manifest lines", () => {
  it("indexes a line whose captions path names a caption file relative to the manifest", () => {
    const dir = freshDir("manifest");
    mkdirSync(path.join(dir, "subs"));
    writeFileSync(path.join(dir, "subs", "m1.en.json3"), json3(LINES));
    const manifest = path.join(dir, "clips.jsonl");
    writeFileSync(manifest, `${JSON.stringify(infoFields("m1", { captions: "subs/m1.en.json3" }))}\n`);
    const [job] = [...sourceJobs([manifest])];
    const result = loadJob(job as SourceJob, languages);
    if (!result.ok) throw new Error(`skipped: ${result.detail}`);
    expect(result.origin).toBe(`${manifest}:1`);
    expect(result.clip.meta.videoId).toBe("m1");
    expect(result.clip.captionFormat).toBe("json3");
  });

  it("indexes a line whose caption file name carries no language code, in the line's language", () => {
    const dir = freshDir("manifest");
    mkdirSync(path.join(dir, "subs"));
    writeFileSync(path.join(dir, "subs", "a1.json3"), json3(LINES));
    const manifest = path.join(dir, "clips.jsonl");
    writeFileSync(manifest, `${JSON.stringify(infoFields("a1", { captions: "subs/a1.json3" }))}\n`);
    const [job] = [...sourceJobs([manifest])];
    const result = loadJob(job as SourceJob, languages);
    if (!result.ok) throw new Error(`skipped: ${result.detail}`);
    expect(result.clip.meta).toMatchObject({ videoId: "a1", language: "en" });
  });

  it("skips a line whose language neither the line nor the caption file name says, as malformed-info", () => {
    const dir = freshDir("manifest");
    writeFileSync(path.join(dir, "a2.json3"), json3(LINES));
    const manifest = path.join(dir, "clips.jsonl");
    writeFileSync(
      manifest,
      `${JSON.stringify(infoFields("a2", { captions: "a2.json3", language: undefined }))}\n`,
    );
    const [job] = [...sourceJobs([manifest])];
    expect(loadJob(job as SourceJob, languages)).toMatchObject({
      ok: false,
      reason: "malformed-info",
      videoId: "a2",
    });
  });

  it("skips a line that is not JSON as malformed-info, with the line as origin", () => {
    const dir = freshDir("manifest");
    const manifest = path.join(dir, "clips.jsonl");
    writeFileSync(manifest, `${JSON.stringify(infoFields("m1"))}\nnot json\n`);
    const results = [...sourceJobs([manifest])].map((job) => loadJob(job, languages));
    expect(results[1]).toMatchObject({ ok: false, origin: `${manifest}:2`, reason: "malformed-info" });
    expect(skipped(results[1] as JobResult).detail).toMatch(/^invalid JSON: /);
  });

  it("skips a line without a captions path as no-captions", () => {
    const dir = freshDir("manifest");
    const manifest = path.join(dir, "clips.jsonl");
    writeFileSync(manifest, `${JSON.stringify(infoFields("m2"))}\n`);
    const [job] = [...sourceJobs([manifest])];
    expect(loadJob(job as SourceJob, languages)).toMatchObject({
      ok: false,
      reason: "no-captions",
      videoId: "m2",
    });
  });

  it("skips a line whose captions file does not exist as no-captions, naming the file", () => {
    const dir = freshDir("manifest");
    const manifest = path.join(dir, "clips.jsonl");
    writeFileSync(manifest, `${JSON.stringify(infoFields("m3", { captions: "gone/m3.en.vtt" }))}\n`);
    const [job] = [...sourceJobs([manifest])];
    const result = skipped(loadJob(job as SourceJob, languages));
    expect(result).toMatchObject({ reason: "no-captions", videoId: "m3" });
    expect(result.detail).toMatch(/^cannot read m3\.en\.vtt: /);
  });
});
