/** `wordclip inspect` over a real small snapshot: its build, the corpus per language and clips per topic. */
import { statSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildTestSnapshot, processScratchDir, type TestSnapshot } from "../../test/support/snapshot.js";
import { TOPICS } from "../domain.js";
import { SNAPSHOT_SCHEMA_VERSION } from "../snapshot/schema.js";
import type { CommandIo } from "./command.js";
import { main } from "./main.js";

let snapshot: TestSnapshot;

beforeAll(async () => {
  snapshot = await buildTestSnapshot(path.join(processScratchDir(), "inspect"), { generatedClips: 0 });
});

async function inspect(...args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIo = { out: (line) => out.push(line), err: (line) => err.push(line), isTty: false };
  const code = await main(["inspect", ...args], io);
  return { code, out, err };
}

describe("wordclip inspect", () => {
  it("prints the build, the schema version, the size, the corpus per language and clips per topic", async () => {
    const { code, out, err } = await inspect("--index", snapshot.path);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    const text = out.join("\n");
    expect(text).toContain(`snapshot  ${snapshot.path}`);
    expect(text).toContain(`build id  ${snapshot.buildId}`);
    expect(text).toContain(`built at  ${snapshot.builtAt}`);
    expect(text).toContain(`schema    version ${SNAPSHOT_SCHEMA_VERSION}`);
    expect(text).toContain(`${statSync(snapshot.path).size.toLocaleString("en-US")} bytes`);
    const en = snapshot.report.languages.en;
    const row = out.find((line) => line.startsWith("en "));
    expect(row?.split(/\s+/)).toEqual([
      "en",
      String(snapshot.report.clips.total),
      expect.stringMatching(/^\d+$/),
      (en?.words ?? 0).toLocaleString("en-US"),
      (en?.wordsCovered ?? 0).toLocaleString("en-US"),
      `${((en?.coverage ?? 0) * 100).toFixed(1)}%`,
    ]);
    expect(text).toContain("clips per topic (en)");
    for (const topic of TOPICS)
      expect(out.some((line) => line.trimStart().startsWith(`${topic} `))).toBe(true);
  });

  it("prints the same as JSON with --json, topic counts adding up to the clips", async () => {
    const { code, out } = await inspect("--index", snapshot.path, "--json");
    expect(code).toBe(0);
    const report = JSON.parse(out.join("\n"));
    expect(report).toMatchObject({
      path: snapshot.path,
      sizeBytes: statSync(snapshot.path).size,
      buildId: snapshot.buildId,
      builtAt: snapshot.builtAt,
      schemaVersion: SNAPSHOT_SCHEMA_VERSION,
      languages: [{ language: "en", clips: snapshot.report.clips.total }],
    });
    const topics = report.topics.en as Array<{ topic: string; clips: number }>;
    expect(topics.map((t) => t.topic)).toEqual([...TOPICS]);
    expect(topics.reduce((sum, t) => sum + t.clips, 0)).toBe(snapshot.report.clips.total);
  });

  it("exits 1 naming the path when there is no snapshot", async () => {
    const missing = path.join(processScratchDir(), "inspect", "none.sqlite");
    const { code, err } = await inspect("--index", missing);
    expect(code).toBe(1);
    expect(err.join("\n")).toContain(`no snapshot at ${missing}`);
  });
});
