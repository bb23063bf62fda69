import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlockOccurrences, encodeBlock } from "../snapshot/posting-block.js";
import { PostingSorter } from "./posting-sorter.js";
import type { SpillJob, SpillThread, startSpillThread } from "./spill-thread.js";

type Entry = [
  wordId: number,
  level: number,
  key: number,
  tMs: number,
  cue: number,
  text: string,
  form: string,
];

function naive(entries: readonly Entry[]) {
  const groups = new Map<number, Entry[]>();
  for (const e of entries) groups.set(e[0], [...(groups.get(e[0]) ?? []), e]);
  return [...groups.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([wordId, g]) => ({
      wordId,
      entries: [...g]
        .sort((a, b) => b[2] - a[2])
        .map((e) => [
          e[2],
          e[3],
          e[4],
          e[1],
          JSON.stringify(e[5]),
          e[6] === "" ? undefined : JSON.stringify(e[6]),
        ]),
    }));
}

type Sorter = Pick<PostingSorter, "add" | "groups" | "settle" | "close">;
type MakeSorter = (path: string, chunk: number, heapBytes: number | undefined) => Sorter;

function addAll(sorter: Sorter, entries: readonly Entry[]): void {
  for (const [wordId, level, key, tMs, cue, text, form] of entries) {
    const textJson = Buffer.from(JSON.stringify(text));
    const formJson = Buffer.from(form === "" ? "" : JSON.stringify(form));
    sorter.add(
      wordId,
      level,
      key,
      tMs,
      cue,
      Buffer.concat([textJson, formJson]),
      0,
      textJson.length,
      formJson.length,
    );
  }
}

/** The sorter's groups, read through the snapshot's encoding, deflated, as a reader sees them. */
function groupsOf(sorter: Sorter) {
  return [...sorter.groups()].map(({ wordId, list }) => {
    const occurrences = new BlockOccurrences(encodeBlock(list, 0, list.keys.length, true));
    return {
      wordId,
      entries: [...list.keys].map((k, i) => [
        k,
        list.tMs[i],
        list.cueIdx[i],
        list.level[i],
        occurrences.textJson(i),
        occurrences.formJson(i),
      ]),
    };
  });
}

function sorted(entries: readonly Entry[], chunk: number, heapBytes?: number) {
  const dir = mkdtempSync(path.join(tmpdir(), "sorter-"));
  const sorter = new PostingSorter(path.join(dir, "staging.sqlite"), chunk, heapBytes);
  addAll(sorter, entries);
  const out = groupsOf(sorter);
  sorter.close();
  rmSync(dir, { recursive: true, force: true });
  return out;
}

/** As `sorted`, with full chunks written elsewhere: settled before the groups are read. */
async function sortedElsewhere(
  make: MakeSorter,
  entries: readonly Entry[],
  chunk: number,
  heapBytes?: number,
) {
  const dir = mkdtempSync(path.join(tmpdir(), "sorter-"));
  const sorter = make(path.join(dir, "staging"), chunk, heapBytes);
  try {
    addAll(sorter, entries);
    await sorter.settle();
    return groupsOf(sorter);
  } finally {
    sorter.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same postings handed over a clip at a time (`addClip`), a clip being the postings of one key. */
function sortedByClip(entries: readonly Entry[], chunk: number, heapBytes?: number) {
  const dir = mkdtempSync(path.join(tmpdir(), "sorter-"));
  const sorter = new PostingSorter(path.join(dir, "staging.sqlite"), chunk, heapBytes);
  const clips = new Map<number, Entry[]>();
  for (const e of entries) clips.set(e[2], [...(clips.get(e[2]) ?? []), e]);
  const wordIds = Int32Array.from({ length: 41 }, (_, i) => i);
  for (const [key, clip] of clips) {
    const postings = new Int32Array(clip.length * 3);
    const bytes = new Uint16Array(clip.length * 2);
    const parts: Buffer[] = [];
    clip.forEach(([wordId, , , tMs, cue, text, form], j) => {
      const textJson = Buffer.from(JSON.stringify(text));
      const formJson = Buffer.from(form === "" ? "" : JSON.stringify(form));
      postings.set([wordId, tMs, cue], 3 * j);
      bytes.set([textJson.length, formJson.length], 2 * j);
      parts.push(textJson, formJson);
    });
    // One level a clip, as a clip has: the first posting's.
    sorter.addClip(wordIds, (clip[0] as Entry)[1], key, postings, Buffer.concat(parts), bytes);
  }
  const out = [...sorter.groups()].map(({ wordId, list }) => ({
    wordId,
    entries: [...list.keys].map((k, i) => [k, list.tMs[i], list.cueIdx[i], list.level[i]]),
  }));
  sorter.close();
  rmSync(dir, { recursive: true, force: true });
  return out;
}

// Keys are distinct per word, as recent keys of distinct clips are.
const entries = fc
  .uniqueArray(fc.tuple(fc.nat(40), fc.nat(2 ** 40)), {
    selector: (e) => `${e[0]}:${e[1]}`,
    maxLength: 300,
  })
  .chain((keys) =>
    fc
      .tuple(
        ...keys.map((k) =>
          fc.tuple(
            fc.constant(k),
            fc.nat(5),
            fc.nat(200_000),
            fc.nat(500),
            fc.string(),
            fc.string({ maxLength: 8 }),
          ),
        ),
      )
      .map((rows) => rows.map(([[w, k], l, t, c, text, form]) => [w, l, k, t, c, text, form] as Entry)),
  );

describe("PostingSorter", () => {
  it("groups by word, newest first, with each posting's level and occurrence, in one chunk", () => {
    fc.assert(
      fc.property(entries, (e) => {
        expect(sorted(e, 10_000)).toEqual(naive(e));
      }),
      { numRuns: 50 },
    );
  });

  it("gives the same groups when chunks spill to the staging file and merge", () => {
    fc.assert(
      fc.property(entries, (e) => {
        expect(sorted(e, 7)).toEqual(naive(e));
      }),
      { numRuns: 30 },
    );
  });

  it("spills when the occurrence heap is full, whatever the count", () => {
    fc.assert(
      fc.property(entries, (e) => {
        expect(sorted(e, 10_000, 200)).toEqual(naive(e));
      }),
      { numRuns: 30 },
    );
  });

  it("takes a clip's postings at once as it takes them one by one, in one chunk or spilled", () => {
    fc.assert(
      fc.property(entries, (e) => {
        const oneLevel = e.map((entry) => {
          const first = e.find((other) => other[2] === entry[2]) as Entry;
          return [entry[0], first[1], ...entry.slice(2)] as Entry;
        });
        const expected = naive(oneLevel).map(({ wordId, entries: g }) => ({
          wordId,
          entries: g.map((x) => x.slice(0, 4)),
        }));
        expect(sortedByClip(oneLevel, 10_000)).toEqual(expected);
        expect(sortedByClip(oneLevel, 7)).toEqual(expected);
        expect(sortedByClip(oneLevel, 10_000, 200)).toEqual(expected);
      }),
      { numRuns: 30 },
    );
  });
});

// The spill thread runs compiled code: these tests go through the build output (`npm test` builds it
// first), as a build does.
const COMPILED_SORTER = fileURLToPath(new URL("../../dist/src/indexer/posting-sorter.js", import.meta.url));
const COMPILED_THREAD = fileURLToPath(new URL("../../dist/src/indexer/spill-thread.js", import.meta.url));

describe("PostingSorter with a spill thread", () => {
  let thread: SpillThread;
  let compiledSorter: typeof PostingSorter;
  beforeAll(async () => {
    for (const file of [COMPILED_SORTER, COMPILED_THREAD])
      expect(existsSync(file), `${file} is missing: run "npm run build" first`).toBe(true);
    compiledSorter = ((await import(COMPILED_SORTER)) as { PostingSorter: typeof PostingSorter })
      .PostingSorter;
    const start = ((await import(COMPILED_THREAD)) as { startSpillThread: typeof startSpillThread })
      .startSpillThread;
    thread = start() as SpillThread;
    expect(thread).toBeDefined();
  });
  afterAll(async () => {
    await thread?.close();
  });

  const onThread: MakeSorter = (file, chunk, heapBytes) =>
    new compiledSorter(file, chunk, heapBytes, thread.spill);

  it("gives the same groups when full chunks are written on the thread while the next fills", async () => {
    await fc.assert(
      fc.asyncProperty(entries, async (e) => {
        expect(await sortedElsewhere(onThread, e, 7)).toEqual(naive(e));
        expect(await sortedElsewhere(onThread, e, 10_000, 200)).toEqual(naive(e));
      }),
      { numRuns: 30 },
    );
  });

  it("waits for a chunk still being written before filling it again", async () => {
    // Four postings a chunk, added in a loop: the thread is still writing a chunk (a message away) when
    // this thread has filled the other, so every spill but the first waits; without the wait the chunk
    // being written would be filled again and the groups come out wrong.
    const e: Entry[] = Array.from({ length: 400 }, (_, i) => [
      i % 5,
      i % 6,
      10_000 - i,
      i,
      i % 9,
      `cue ${i}`,
      "",
    ]);
    expect(await sortedElsewhere(onThread, e, 4)).toEqual(naive(e));
  });

  it("fails the next spill and the settling, with the thread's reason, when a run cannot be written", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sorter-"));
    // The thread writes into the staging file by its path: a path in a folder that is gone fails there.
    const jobs: SpillJob[] = [];
    const sorter = new compiledSorter(path.join(dir, "staging"), 3, undefined, (job) => {
      jobs.push(job);
      return thread.spill({ ...job, path: path.join(dir, "gone", "staging") });
    });
    const e: Entry[] = Array.from({ length: 12 }, (_, i) => [i % 2, 1, 100 - i, i, 0, `cue ${i}`, ""]);
    expect(() => addAll(sorter, e)).toThrow(
      /posting sorter: a run of .*staging could not be written: ENOENT/,
    );
    await expect(sorter.settle()).rejects.toThrow(/writing a run failed: .*ENOENT/);
    expect(jobs.length).toBeGreaterThan(0);
    expect(() => sorter.groups().next()).toThrow(/settle\(\) first|could not be written|still being written/);
    sorter.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
