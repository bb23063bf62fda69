import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BlockOccurrences, encodeBlock } from "../snapshot/posting-block.js";
import { PostingSorter } from "./posting-sorter.js";

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

function sorted(entries: readonly Entry[], chunk: number, heapBytes?: number) {
  const dir = mkdtempSync(path.join(tmpdir(), "sorter-"));
  const sorter = new PostingSorter(path.join(dir, "staging.sqlite"), chunk, heapBytes);
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
  const out = [...sorter.groups()].map(({ wordId, list }) => {
    // Through the snapshot's encoding, deflated, as a reader sees it.
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
  sorter.close();
  rmSync(dir, { recursive: true, force: true });
  return out;
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

describe("PostingSorter", () => {
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
