/** The same inputs give the same snapshot: the same ids, the same answers, and with the same clock the same build. */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  freshDir,
  infoFields,
  json3,
  openSnapshotDb,
  snapshotTables,
  type TableRows,
  writeCatalogue,
} from "../../test/support/build-inputs.js";
import { writeTestClips } from "../../test/support/test-clips.js";
import { resolveWord } from "../index/lookup.js";
import { Snapshot } from "../index/snapshot.js";
import { recentClips } from "../index/word-clips.js";
import { buildSnapshot } from "./builder.js";
import { clipIdOf } from "./ids.js";

const CLOCK = new Date("2026-04-02T08:00:00.000Z");

let catalogueDir: string;
let clipsDir: string;
let manifest: string;

async function build(options: { builtAt?: Date; sources?: string[] } = {}): Promise<string> {
  const out = path.join(freshDir("out"), "index.sqlite");
  await buildSnapshot({
    catalogueDir,
    clipSources: options.sources ?? [clipsDir, manifest],
    outPath: out,
    workers: 0,
    builtAt: options.builtAt,
  });
  return out;
}

/** What a client is answered for a word: the clips, newest first, with the time and cue of the word. */
function answers(file: string, word: string): unknown {
  const snapshot = new Snapshot(file);
  try {
    const language = snapshot.language("en");
    if (!language) throw new Error("no English catalogue");
    const resolved = resolveWord(language.catalog, language.fuzzy, word, "fuzzy");
    if (!resolved.found) throw new Error(`${word} not found`);
    const page = recentClips(snapshot, "en", resolved.entry, [], undefined, 100);
    return {
      word: resolved.entry.word,
      wordId: resolved.entry.wordId,
      matchType: resolved.matchType,
      total: page.totalCount,
      hits: page.hits.map((h) => ({
        clipId: h.clip.clipId,
        tStartMs: h.tStartMs,
        cueIdx: h.cueIdx,
        cueText: h.cueText,
        form: h.form,
      })),
    };
  } finally {
    snapshot.close();
  }
}

/** The tables without the columns that say when the build ran. */
function timeless(tables: Record<string, TableRows>): Record<string, TableRows> {
  const drop = new Set(["indexed_at", "updated_at"]);
  return Object.fromEntries(
    Object.entries(tables)
      .filter(([name]) => name !== "meta")
      .map(([name, rows]) => [
        name,
        rows.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !drop.has(column)))),
      ]),
  );
}

beforeAll(() => {
  catalogueDir = writeCatalogue(freshDir("catalogue"));
  clipsDir = writeTestClips(freshDir("clips"));
  const dir = freshDir("manifest");
  writeFileSync(path.join(dir, "m1.en.json3"), json3(["The children run to the park.", "Ice cream!"]));
  manifest = path.join(dir, "clips.jsonl");
  writeFileSync(manifest, `${JSON.stringify(infoFields("m1", { captions: "m1.en.json3" }))}\n`);
});

describe("building twice from the same inputs", () => {
  it("gives identical snapshots, build id included, when the build clock is the same", async () => {
    const [a, b] = [await build({ builtAt: CLOCK }), await build({ builtAt: CLOCK })];
    expect(snapshotTables(b)).toEqual(snapshotTables(a));
  });

  it("gives the same ids and the same answers at another time, with another build id", async () => {
    const a = await build({ builtAt: CLOCK });
    const b = await build({ builtAt: new Date(CLOCK.getTime() + 86_400_000) });
    expect(timeless(snapshotTables(b))).toEqual(timeless(snapshotTables(a)));
    for (const word of ["run", "children", "ice cream", "colour", "kilometres"]) {
      expect(answers(b, word), word).toEqual(answers(a, word));
    }
    const buildId = (file: string): unknown => {
      const db = openSnapshotDb(file);
      const id = db.prepare("SELECT value FROM meta WHERE key = 'build_id'").pluck().get();
      db.close();
      return id;
    };
    expect(buildId(b)).not.toBe(buildId(a));
  });

  it("finds the clips of a word with the time and cue it is spoken", async () => {
    const file = await build({ builtAt: CLOCK });
    const run = answers(file, "ran") as { word: string; matchType: string; hits: Array<{ clipId: string }> };
    expect(run.word).toBe("run");
    expect(run.matchType).toBe("forms");
    expect(run.hits.map((h) => h.clipId).sort()).toEqual(
      ["wctest-run-01", "wctest-kids-02", "wctest-paint-3", "wctest-better4", "m1"].map(clipIdOf).sort(),
    );
  });
});

describe("clip ids", () => {
  it("are the UUID v5 of the video id whatever the order of the sources, which only decides clip numbers", async () => {
    const clipsOf = (file: string): Array<{ video_id: string; clip_id: string; clip_no: number }> => {
      const db = openSnapshotDb(file);
      const rows = db.prepare("SELECT video_id, clip_id, clip_no FROM clips ORDER BY clip_no").all();
      db.close();
      return rows as Array<{ video_id: string; clip_id: string; clip_no: number }>;
    };
    const forward = clipsOf(await build({ builtAt: CLOCK }));
    const backward = clipsOf(await build({ builtAt: CLOCK, sources: [manifest, clipsDir] }));
    expect(forward.map((c) => c.video_id)).toEqual([
      "wctest-better4",
      "wctest-kids-02",
      "wctest-paint-3",
      "wctest-run-01",
      "m1",
    ]);
    expect(backward.map((c) => c.video_id)).toEqual(["m1", ...forward.slice(0, 4).map((c) => c.video_id)]);
    for (const clip of [...forward, ...backward]) expect(clip.clip_id).toBe(clipIdOf(clip.video_id));
  });
});

describe("the build id", () => {
  it("changes when anything served changes, even at the same build clock", async () => {
    const buildOne = async (title: string, line: string): Promise<string> => {
      const dir = freshDir("one");
      writeFileSync(path.join(dir, "v1.en.json3"), json3([line]));
      const list = path.join(dir, "clips.jsonl");
      writeFileSync(list, `${JSON.stringify(infoFields("v1", { title, captions: "v1.en.json3" }))}\n`);
      const file = await build({ builtAt: CLOCK, sources: [list] });
      const db = openSnapshotDb(file);
      try {
        return db.prepare("SELECT value FROM meta WHERE key = 'build_id'").pluck().get() as string;
      } finally {
        db.close();
      }
    };
    const base = await buildOne("Old title", "We run to the park.");
    expect(await buildOne("Old title", "We run to the park.")).toBe(base);
    expect(await buildOne("New title", "We run to the park.")).not.toBe(base);
    expect(await buildOne("Old title", "We ran to the park.")).not.toBe(base);
  });
});
