/**
 * The compiled server builds its near-spelling structures and autocomplete lists in a worker thread while
 * it starts: over a real snapshot, the worker's parts are adopted and answer every lookup as structures
 * built in place do.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Snapshot as SnapshotType } from "../src/index/snapshot.js";
import { buildTestSnapshot, processScratchDir, type TestSnapshot } from "./support/snapshot.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The compiled modules (`npm test` compiles before it runs the tests): the worker script is there. */
const COMPILED = path.join(ROOT, "dist/src/index/snapshot.js");

let built: TestSnapshot;
const opened: SnapshotType[] = [];

beforeAll(async () => {
  built = await buildTestSnapshot(path.join(processScratchDir(), "fuzzy-background"));
});

afterAll(() => {
  for (const snapshot of opened) snapshot.close();
});

async function open(background: boolean): Promise<SnapshotType> {
  const { Snapshot } = (await import(COMPILED)) as { Snapshot: typeof SnapshotType };
  const snapshot = new Snapshot(built.path, { background });
  opened.push(snapshot);
  return snapshot;
}

describe("near-spelling structures and autocomplete lists built in a worker thread", () => {
  it("are adopted before the first lookup and find what structures built in place find", async () => {
    const background = await open(true);
    expect(await background.prepared).toEqual([undefined]);
    const fuzzy = background.language("en")?.fuzzy;
    expect(fuzzy?.built).toBe(true);
    const inPlaceIndex = (await open(false)).language("en");
    const inPlace = inPlaceIndex?.fuzzy;
    expect(inPlace?.built).toBe(false);
    for (const query of ["teh", "nashon", "chidlren", "definately", "prennat", "kitchenwear", "mel"]) {
      const names = (index: typeof fuzzy) =>
        index?.candidates(query, 6).map((c) => `${c.entry.word}:${c.score}`);
      expect(names(fuzzy)).toEqual(names(inPlace));
    }
    expect(fuzzy?.candidates("teh", 3).map((c) => c.entry.word)).toContain("the");
    const search = background.language("en")?.search;
    expect(search?.built).toBe(true);
    for (const q of ["a", "th", "ing", "kitc", "xq"]) {
      for (const levels of [[], [0, 1]]) {
        const filter = { q, levels, hasClips: q.length % 2 === 0 };
        const words = (page: ReturnType<NonNullable<typeof search>["page"]> | undefined) =>
          page && { words: page.entries.map((e) => e.word), total: page.totalCount, more: page.more };
        expect(words(search?.page(filter, undefined, 20))).toEqual(
          words(inPlaceIndex?.search.page(filter, undefined, 20)),
        );
      }
    }
    expect(search?.page({ q: "th", levels: [], hasClips: false }, undefined, 5).entries[0]?.word).toBe("the");
  });

  it("stop when the snapshot closes first, and say so", async () => {
    const snapshot = await open(true);
    snapshot.close();
    opened.pop();
    const [outcome] = await snapshot.prepared;
    expect(outcome).toMatch(/^the worker stopped \(exit code \d+\) before it was done$/);
    expect(snapshot.language("en")?.fuzzy.built).toBe(false);
    expect(snapshot.language("en")?.search.built).toBe(false);
  });
});
