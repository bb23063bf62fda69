import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  freshDir,
  json3,
  languageIndexes,
  snapshotTables,
  writeCatalogue,
  writeClip,
} from "../../test/support/build-inputs.js";
import { buildSnapshot } from "./builder.js";
import { inlineRunner, workersAvailable } from "./pool.js";
import { type SourceJob, sourceJobs } from "./sources.js";

describe("inlineRunner", () => {
  it("parses a batch on the calling thread and answers in submission order", async () => {
    const dir = freshDir("clips");
    const ids = ["c3", "a1", "b2"];
    for (const id of ids) writeClip(dir, id, { "en.json3": json3([`Clip ${id}: we run.`]) });
    writeClip(dir, "broken", {}, "{");
    const jobs = [...sourceJobs([dir])];
    const shuffled = [jobs[2], jobs[0], jobs[3], jobs[1]] as SourceJob[];
    const runner = inlineRunner(languageIndexes(writeCatalogue(freshDir("catalogue"))));
    expect(runner.threads).toBe(0);
    const results = await runner.run(shuffled);
    await runner.close();
    expect(results.map((r) => r.origin)).toEqual(shuffled.map((j) => j.origin));
    expect(results.map((r) => (r.ok ? r.clip.meta.videoId : r.reason))).toEqual([
      "malformed-info",
      "a1",
      "c3",
      "b2",
    ]);
  });
});

describe("worker threads when running from sources", () => {
  it("are not available, and a build that asks for them parses on the calling thread with the same result", async () => {
    expect(workersAvailable()).toBe(false);
    const catalogueDir = writeCatalogue(freshDir("catalogue"));
    const dir = freshDir("clips");
    for (let i = 0; i < 40; i++) writeClip(dir, `clip${i}`, { "en.json3": json3([`We run ${i} times.`]) });
    const builtAt = new Date("2026-04-01T00:00:00.000Z");
    const build = (workers: number | "auto") =>
      buildSnapshot({
        catalogueDir,
        clipSources: [dir],
        outPath: path.join(freshDir("out"), "index.sqlite"),
        workers,
        builtAt,
      });
    const [threads, auto, inline] = [await build(4), await build("auto"), await build(0)];
    expect(threads.report.workers).toBe(0);
    expect(auto.report.workers).toBe(0);
    expect(snapshotTables(threads.report.snapshot)).toEqual(snapshotTables(inline.report.snapshot));
  });
});
