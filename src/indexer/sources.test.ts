import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freshDir, infoFields } from "../../test/support/build-inputs.js";
import {
  captionFilesWithoutInfo,
  countSourceJobs,
  pickCaptionFile,
  SourceError,
  type SourceJob,
  sourceJobs,
  surveySources,
} from "./sources.js";

function touch(file: string, content = ""): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

function jobs(...paths: string[]): SourceJob[] {
  return [...sourceJobs(paths)];
}

describe("sourceJobs over a yt-dlp folder", () => {
  it("gives one job per info.json with the caption files of the same video beside it", () => {
    const dir = freshDir("sources");
    touch(path.join(dir, "abc.info.json"), "{}");
    const vtt = touch(path.join(dir, "abc.en.vtt"));
    const orig = touch(path.join(dir, "abc.en-orig.json3"));
    const de = touch(path.join(dir, "abc.de.srv3"));
    touch(path.join(dir, "abc.webm"));
    touch(path.join(dir, "abc.description"));
    touch(path.join(dir, "abd.en.vtt"));
    const result = jobs(dir);
    expect(result).toHaveLength(1);
    const [job] = result;
    expect(job).toMatchObject({ kind: "info", infoPath: path.join(dir, "abc.info.json") });
    expect(job?.origin).toBe(path.join(dir, "abc.info.json"));
    expect([...(job?.captionPaths ?? [])].sort()).toEqual([de, orig, vtt].sort());
  });

  it("gives a job with no caption files to an info.json that has none", () => {
    const dir = freshDir("sources");
    touch(path.join(dir, "lonely.info.json"), "{}");
    touch(path.join(dir, "other.en.vtt"));
    expect(jobs(dir)).toEqual([
      {
        kind: "info",
        origin: path.join(dir, "lonely.info.json"),
        infoPath: path.join(dir, "lonely.info.json"),
        captionPaths: [],
      },
    ]);
  });

  it("walks sub-folders at any depth and pairs captions only within their own folder", () => {
    const dir = freshDir("sources");
    touch(path.join(dir, "0001", "deep", "x1.info.json"), "{}");
    const inner = touch(path.join(dir, "0001", "deep", "x1.en.vtt"));
    touch(path.join(dir, "0002", "x1.en.srt"));
    touch(path.join(dir, "0002", "x2.info.json"), "{}");
    const result = jobs(dir);
    expect(result.map((j) => (j.kind === "info" ? path.relative(dir, j.infoPath) : ""))).toEqual([
      path.join("0001", "deep", "x1.info.json"),
      path.join("0002", "x2.info.json"),
    ]);
    expect(result[0]?.captionPaths).toEqual([inner]);
    expect(result[1]?.captionPaths).toEqual([]);
  });

  it("gives the jobs in sorted path order whatever order the files were written in", () => {
    const dir = freshDir("sources");
    for (const name of ["m/zz", "b", "m/aa", "a", "Z", "m0"])
      touch(path.join(dir, `${name}.info.json`), "{}");
    const order = jobs(dir).map((j) => (j.kind === "info" ? path.relative(dir, j.infoPath) : ""));
    expect(order).toEqual([
      "Z.info.json",
      "a.info.json",
      "b.info.json",
      path.join("m", "aa.info.json"),
      path.join("m", "zz.info.json"),
      "m0.info.json",
    ]);
    expect(jobs(dir)).toEqual(jobs(dir));
  });

  it("lists several sources one after the other, in the order given", () => {
    const a = freshDir("sources");
    const b = freshDir("sources");
    touch(path.join(a, "z.info.json"), "{}");
    touch(path.join(b, "a.info.json"), "{}");
    const origins = jobs(a, b).map((j) => j.origin);
    expect(origins).toEqual([path.join(a, "z.info.json"), path.join(b, "a.info.json")]);
    expect(countSourceJobs([a, b])).toBe(2);
  });

  it("throws a SourceError naming a source that does not exist or is neither a folder nor a .jsonl file", () => {
    const dir = freshDir("sources");
    const missing = path.join(dir, "missing");
    expect(() => jobs(missing)).toThrow(SourceError);
    expect(() => jobs(missing)).toThrow(`clip source ${missing} does not exist`);
    const text = touch(path.join(dir, "clips.txt"), "{}\n");
    expect(() => jobs(text)).toThrow(`clip source ${text} is neither a folder nor a .jsonl manifest`);
  });
});

describe("sourceJobs over a JSONL manifest", () => {
  it("gives one job per line, in order, with the caption path resolved against the manifest's folder", () => {
    const dir = freshDir("manifest");
    const absolute = path.join(freshDir("elsewhere"), "b.en.srt");
    const manifest = touch(
      path.join(dir, "clips.jsonl"),
      [
        JSON.stringify(infoFields("a1", { captions: "subs/a1.en.vtt" })),
        "",
        JSON.stringify(infoFields("b2", { captions: absolute })),
        JSON.stringify(infoFields("c3")),
      ].join("\n"),
    );
    const result = jobs(manifest);
    expect(result.map((j) => j.origin)).toEqual([`${manifest}:1`, `${manifest}:3`, `${manifest}:4`]);
    expect(result.map((j) => j.captionPaths)).toEqual([
      [path.join(dir, "subs", "a1.en.vtt")],
      [absolute],
      [],
    ]);
    expect(result.map((j) => (j.kind === "manifest" ? (j.info as { id: string }).id : ""))).toEqual([
      "a1",
      "b2",
      "c3",
    ]);
    expect(result.every((j) => j.kind === "manifest" && j.problem === undefined)).toBe(true);
    expect(countSourceJobs([manifest])).toBe(3);
  });

  it("reports a line that is not JSON, or whose captions is not a string, as a job with a problem", () => {
    const dir = freshDir("manifest");
    const manifest = touch(
      path.join(dir, "clips.jsonl"),
      `{"id": "a1",\r\n${JSON.stringify(infoFields("b2", { captions: ["x.en.vtt"] }))}\r\n`,
    );
    const result = jobs(manifest);
    expect(result).toHaveLength(2);
    expect(result[0]).toMatchObject({ kind: "manifest", origin: `${manifest}:1`, captionPaths: [] });
    expect(result[0]?.kind === "manifest" && result[0].problem).toMatch(/^invalid JSON: /);
    expect(result[1]).toMatchObject({
      kind: "manifest",
      origin: `${manifest}:2`,
      captionPaths: [],
      problem: '"captions" must be a path string',
    });
  });
});

describe("pickCaptionFile", () => {
  const dir = "/clips";
  const file = (name: string): string => path.join(dir, name);

  it("prefers the original speech-recognition track of the clip language", () => {
    const files = ["v.en.json3", "v.en-orig.json3", "v.en-US.json3"].map(file);
    expect(pickCaptionFile(files, "en")).toEqual({ file: file("v.en-orig.json3"), language: "en" });
  });

  it("prefers the plain language track to a regional one", () => {
    const files = ["v.en-GB.vtt", "v.en.vtt"].map(file);
    expect(pickCaptionFile(files, "en")).toEqual({ file: file("v.en.vtt"), language: "en" });
  });

  it("prefers formats with word times (json3, then srv3, then WebVTT) to SRT", () => {
    const all = ["v.en.srt", "v.en.vtt", "v.en.srv3", "v.en.json3"].map(file);
    expect(pickCaptionFile(all, "en")?.file).toBe(file("v.en.json3"));
    expect(pickCaptionFile(all.slice(0, 3), "en")?.file).toBe(file("v.en.srv3"));
    expect(pickCaptionFile(all.slice(0, 2), "en")?.file).toBe(file("v.en.vtt"));
    expect(pickCaptionFile(all.slice(0, 1), "en")?.file).toBe(file("v.en.srt"));
    expect(pickCaptionFile([...all].reverse(), "en")?.file).toBe(file("v.en.json3"));
  });

  it("never picks a track of another language when the clip's language is known", () => {
    const files = ["v.de.json3", "v.fr.json3", "v.de-en.json3", "v.en.srt"].map(file);
    expect(pickCaptionFile(files, "en")).toEqual({ file: file("v.en.srt"), language: "en" });
    expect(pickCaptionFile(files.slice(0, 3), "en")).toBeUndefined();
  });

  it("takes the best track of any language when the clip's language is not known, and says which", () => {
    expect(pickCaptionFile([file("v.es.vtt")], undefined)).toEqual({
      file: file("v.es.vtt"),
      language: "es",
    });
  });

  it("ignores files without a language code and answers undefined when nothing fits", () => {
    expect(pickCaptionFile([file("v.live_chat.json3"), file("v.vtt")], "en")).toBeUndefined();
    expect(pickCaptionFile([], "en")).toBeUndefined();
  });
});

describe("surveySources", () => {
  it("counts the jobs and names the caption files without an info.json, as the two walks do, in one", () => {
    const dir = freshDir("survey");
    touch(path.join(dir, "a.info.json"), "{}");
    touch(path.join(dir, "a.en.vtt"));
    const orphan = touch(path.join(dir, "b.en.json3"));
    touch(path.join(dir, "deep", "er", "c.info.json"), "{}");
    touch(path.join(dir, "deep", "er", "c.en-orig.srv3"));
    const deepOrphan = touch(path.join(dir, "deep", "d.de.srt"));
    touch(path.join(dir, "deep", "notes.txt"));
    const manifest = touch(
      path.join(freshDir("manifest"), "clips.jsonl"),
      [JSON.stringify(infoFields("m1")), "", "not json", JSON.stringify(infoFields("m2"))].join("\n"),
    );
    const survey = surveySources([dir, manifest]);
    expect(survey).toEqual({ jobs: 5, captionsWithoutInfo: [orphan, deepOrphan].sort() });
    expect(survey.jobs).toBe(countSourceJobs([dir, manifest]));
    expect(survey.captionsWithoutInfo).toEqual(captionFilesWithoutInfo([dir, manifest]));
  });

  it("fails as sourceJobs does on a source that does not exist or is neither a folder nor a .jsonl file", () => {
    const dir = freshDir("survey");
    const missing = path.join(dir, "missing");
    expect(() => surveySources([dir, missing])).toThrow(
      new SourceError(`clip source ${missing} does not exist`),
    );
    const text = touch(path.join(dir, "clips.txt"), "{}\n");
    expect(() => surveySources([text])).toThrow(
      `clip source ${text} is neither a folder nor a .jsonl manifest`,
    );
  });
});
