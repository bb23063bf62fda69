/** Clips the builder cannot index are skipped and reported with their reason, never fatal to the build. */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  freshDir,
  infoFields,
  json3,
  openSnapshotDb,
  plainVtt,
  writeCatalogue,
  writeClip,
} from "../../test/support/build-inputs.js";
import { type BuildResult, buildSnapshot } from "./builder.js";
import { reportSummary } from "./report.js";

const LINES = ["We run in the park every morning.", "The children ran to the ice cream van."];
const vtt = plainVtt(LINES);

let first: string;
let second: string;
let manifest: string;
let result: BuildResult;
let videoIds: string[];

beforeAll(async () => {
  first = freshDir("first");
  writeClip(first, "good1", { "en.vtt": vtt }, infoFields("good1", { title: "From the first source" }));
  writeClip(path.join(first, "sub"), "good2", { "en.json3": json3(LINES) });
  writeClip(first, "long1", { "en.vtt": vtt }, infoFields("long1", { duration: 200 }));
  writeClip(first, "nocap", {});
  writeClip(first, "badcap", { "en.vtt": "not captions at all" });
  writeClip(first, "retry1", { "en.vtt": "WEBVTT\n\n" });
  writeClip(first, "badjson", { "en.vtt": vtt }, '{"id": "badjson", "title": ');
  const { title: _, ...noTitle } = infoFields("notitle");
  writeClip(first, "notitle", { "en.vtt": vtt }, noTitle);
  writeClip(first, "badtype", { "en.vtt": vtt }, infoFields("badtype", { duration: "12" }));
  writeClip(
    first,
    "spanish",
    { "es.vtt": plainVtt(["Corremos."]) },
    infoFields("spanish", { language: "es" }),
  );

  second = freshDir("second");
  writeClip(second, "good1", { "en.vtt": vtt }, infoFields("good1", { title: "From the second source" }));
  writeClip(second, "retry1", { "en.vtt": vtt });

  const dir = freshDir("manifest");
  mkdirSync(path.join(dir, "subs"));
  writeFileSync(path.join(dir, "subs", "m1.en.json3"), json3(LINES));
  writeFileSync(path.join(dir, "subs", "m4.en.json3"), json3(LINES));
  const { upload_date: _d, ...noDate } = infoFields("m4", { captions: "subs/m4.en.json3" });
  manifest = path.join(dir, "clips.jsonl");
  writeFileSync(
    manifest,
    [
      JSON.stringify(infoFields("m1", { captions: "subs/m1.en.json3" })),
      '{"id": "m2", oops}',
      JSON.stringify(infoFields("good2", { captions: "subs/m1.en.json3" })),
      JSON.stringify(noDate),
      "",
    ].join("\n"),
  );

  result = await buildSnapshot({
    catalogueDir: writeCatalogue(freshDir("catalogue")),
    clipSources: [first, second, manifest],
    outPath: path.join(freshDir("out"), "index.sqlite"),
    workers: 0,
  });
  const db = openSnapshotDb(result.report.snapshot);
  videoIds = db.prepare("SELECT video_id FROM clips ORDER BY clip_no").pluck().all() as string[];
  db.close();
});

describe("a build over clips it cannot all index", () => {
  it("indexes the clips it can, in source order, and only those", () => {
    expect(videoIds).toEqual(["good1", "good2", "retry1", "m1"]);
    expect(result.report.clips).toEqual({ sources: 16, indexed: 4, carriedOver: 0, skipped: 12, total: 4 });
  });

  it("reports every skipped clip with where it came from, its video id when known, and the reason", () => {
    const at = (dir: string, id: string): string => path.join(dir, `${id}.info.json`);
    expect(result.report.skipped.map(({ origin, videoId, reason }) => ({ origin, videoId, reason }))).toEqual(
      [
        { origin: at(first, "badcap"), videoId: "badcap", reason: "unreadable-captions" },
        { origin: at(first, "badjson"), videoId: undefined, reason: "malformed-info" },
        { origin: at(first, "badtype"), videoId: undefined, reason: "malformed-info" },
        { origin: at(first, "long1"), videoId: "long1", reason: "too-long" },
        { origin: at(first, "nocap"), videoId: "nocap", reason: "no-captions" },
        { origin: at(first, "notitle"), videoId: undefined, reason: "malformed-info" },
        { origin: at(first, "retry1"), videoId: "retry1", reason: "unreadable-captions" },
        { origin: at(first, "spanish"), videoId: "spanish", reason: "no-catalogue" },
        { origin: at(second, "good1"), videoId: "good1", reason: "duplicate-video" },
        { origin: `${manifest}:2`, videoId: undefined, reason: "malformed-info" },
        { origin: `${manifest}:3`, videoId: "good2", reason: "duplicate-video" },
        { origin: `${manifest}:4`, videoId: undefined, reason: "malformed-info" },
      ],
    );
    expect(result.report.skippedByReason).toEqual({
      "unreadable-captions": 2,
      "malformed-info": 5,
      "too-long": 1,
      "no-captions": 1,
      "no-catalogue": 1,
      "duplicate-video": 2,
    });
  });

  it("says in each skip's detail what was wrong", () => {
    const detail = (origin: string): string | undefined =>
      result.report.skipped.find((s) => s.origin === origin)?.detail;
    expect(detail(path.join(first, "long1.info.json"))).toBe("longer than 180 s (200 s)");
    expect(detail(path.join(first, "notitle.info.json"))).toBe('"title" is missing');
    expect(detail(path.join(first, "badtype.info.json"))).toBe(
      '"duration" must be a positive number of seconds, got "12"',
    );
    expect(detail(path.join(first, "badjson.info.json"))).toMatch(/^invalid JSON: /);
    expect(detail(path.join(first, "badcap.info.json"))).toMatch(/^badcap\.en\.vtt: /);
    expect(detail(path.join(second, "good1.info.json"))).toBe(
      "video good1 is already indexed from another source",
    );
    expect(detail(`${manifest}:4`)).toBe('"upload_date" is missing');
  });

  it("keeps the first source's copy of a duplicated video", () => {
    const db = openSnapshotDb(result.report.snapshot);
    expect(db.prepare("SELECT title FROM clips WHERE video_id = 'good1'").pluck().get()).toBe(
      "From the first source",
    );
    db.close();
  });

  it("writes the skipped clips into the JSON report beside the snapshot", () => {
    const written = JSON.parse(readFileSync(result.reportPath, "utf8"));
    expect(written.skipped).toEqual(JSON.parse(JSON.stringify(result.report.skipped)));
    expect(written.skippedByReason).toEqual(result.report.skippedByReason);
  });

  it("summarises the skipped clips by reason, with examples and how many more", () => {
    const lines = reportSummary(result.report, result.reportPath);
    const { postings } = result.report;
    expect(lines).toContain(
      `clips: 4 indexed (4 from sources, 0 carried over), 12 skipped; ${postings} postings`,
    );
    const malformed = lines.indexOf("skipped 5 × malformed-info:");
    expect(malformed).toBeGreaterThan(-1);
    expect(lines.slice(malformed + 1, malformed + 5)).toEqual([
      `  ${path.join(first, "badjson.info.json")}: ${result.report.skipped[1]?.detail}`,
      `  ${path.join(first, "badtype.info.json")}: "duration" must be a positive number of seconds, got "12"`,
      `  ${path.join(first, "notitle.info.json")}: "title" is missing`,
      "  … and 2 more",
    ]);
    expect(lines).toContain("skipped 1 × too-long:");
    expect(lines).toContain(`  ${path.join(first, "long1.info.json")}: longer than 180 s (200 s)`);
    expect(lines).toContain("skipped 2 × duplicate-video:");
    expect(lines.at(-1)).toBe(`report: ${result.reportPath}`);
  });
});
