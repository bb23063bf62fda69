import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedTestSnapshot } from "../../test/support/snapshot.js";
import { LEVELS } from "../domain.js";
import { resolveWord } from "./lookup.js";
import { Snapshot } from "./snapshot.js";
import type { WordEntry } from "./word-catalog.js";
import { randomClips, recentClips } from "./word-clips.js";

let snapshot: Snapshot;
beforeAll(async () => {
  snapshot = new Snapshot((await sharedTestSnapshot()).path);
});
afterAll(() => snapshot?.close());

function word(text: string): WordEntry {
  const en = snapshot.language("en");
  if (!en) throw new Error("no English catalogue");
  const resolved = resolveWord(en.catalog, en.fuzzy, text, "strict");
  if (!resolved.found) throw new Error(`${text} is not in the catalogue`);
  return resolved.entry;
}

function walk(entry: WordEntry, levels: number[], limit: number): number[] {
  const keys: number[] = [];
  let after: number | undefined;
  do {
    const page = recentClips(snapshot, "en", entry, levels, after, limit);
    keys.push(...page.hits.map((h) => h.clip.clipNo));
    after = page.nextAfter;
  } while (after !== undefined);
  return keys;
}

describe("recentClips", () => {
  it("pages through the all-levels list exactly as through the six level lists merged", () => {
    for (const text of ["run", "the", "child", "water"]) {
      const entry = word(text);
      const unfiltered = walk(entry, [], 7);
      const everyLevel = walk(
        entry,
        LEVELS.map((_, i) => i)
          .slice(0, 5)
          .concat(5),
        7,
      );
      const merged = walk(entry, [0, 1, 2, 3, 4], 5).concat(walk(entry, [5], 5));
      expect(unfiltered).toHaveLength(entry.clipCount);
      expect(everyLevel).toEqual(unfiltered);
      expect([...merged].sort((a, b) => a - b)).toEqual([...unfiltered].sort((a, b) => a - b));
    }
  });

  it("reads only the posting blocks a page needs: one for a first page, two for a page that crosses into the next", () => {
    const fresh = new Snapshot(snapshot.path);
    try {
      const entry = word("be");
      expect(entry.clipCount).toBeGreaterThan(2 * 64);
      const first = recentClips(fresh, "en", entry, [], undefined, 40);
      expect(first.hits).toHaveLength(40);
      expect(fresh.clips.heldBlocks).toBe(1);
      // The second page of 40 starts in the first block of 64 and ends in the second; it reads no third.
      const second = recentClips(fresh, "en", entry, [], first.nextAfter, 40);
      expect(second.hits.map((h) => h.clip.clipNo)).toEqual(walk(entry, [], 40).slice(40, 80));
      expect(fresh.clips.heldBlocks).toBe(2);
    } finally {
      fresh.close();
    }
  });

  it("samples distinct clips of the word at the requested levels", () => {
    const entry = word("the");
    const all = new Set(walk(entry, [], 50));
    const sample = randomClips(snapshot, "en", entry, [], 20, () => 0.5).hits.map((h) => h.clip.clipNo);
    expect(new Set(sample).size).toBe(Math.min(20, entry.clipCount));
    for (const clipNo of sample) expect(all.has(clipNo)).toBe(true);
    const a2 = new Set(walk(entry, [1], 50));
    const filtered = randomClips(snapshot, "en", entry, [1], 10, Math.random).hits.map((h) => h.clip.clipNo);
    for (const clipNo of filtered) expect(a2.has(clipNo)).toBe(true);
  });
});

describe("ClipStore.clips", () => {
  it("reads many clips in the order asked, leaves out unknown numbers, and agrees with clip()", () => {
    const db = snapshot.clips;
    const all = walk(word("the"), [], 50);
    expect(all.length).toBeGreaterThan(70);
    // More than one statement's worth, out of order, with a number no clip has and a repeat.
    const asked = [...all.slice(0, 70).reverse(), 99_999_999, all[3] as number];
    const expected = [...all.slice(0, 70).reverse(), all[3] as number];
    expect(db.clips(asked).map((c) => c.clipNo)).toEqual(expected);
    // Cached now: the same answer from memory, and the same records as one at a time.
    expect(db.clips(asked).map((c) => c.clipNo)).toEqual(expected);
    for (const clipNo of expected.slice(0, 5)) {
      expect(snapshot.clips.clip(clipNo)).toEqual(snapshot.clips.clips([clipNo])[0]);
    }
    expect(snapshot.clips.clips([])).toEqual([]);
  });
});

describe("the block cache's memory", () => {
  it("keeps the blocks a page read within the memory the snapshot was opened with", async () => {
    const path = (await sharedTestSnapshot()).path;
    const roomy = new Snapshot(path);
    const tight = await Snapshot.open(path, { blockCacheBytes: 1 });
    try {
      for (const opened of [roomy, tight]) {
        const en = opened.language("en");
        const resolved = en && resolveWord(en.catalog, en.fuzzy, "the", "strict");
        if (!resolved?.found) throw new Error("the is not in the catalogue");
        expect(recentClips(opened, "en", resolved.entry, [], undefined, 20).hits).toHaveLength(20);
      }
      expect(roomy.clips.heldBlocks).toBeGreaterThan(0);
      // No block is as small as one byte: none is kept, every page reads its blocks again.
      expect(tight.clips.heldBlocks).toBe(0);
    } finally {
      roomy.close();
      tight.close();
    }
  });
});
