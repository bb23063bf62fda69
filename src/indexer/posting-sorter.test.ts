import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PostingSorter } from "./posting-sorter.js";

type Entry = [wordId: number, level: number, key: number, tMs: number, cue: number];

function naive(entries: readonly Entry[]) {
  const groups = new Map<string, Entry[]>();
  for (const e of entries) {
    const k = `${e[0]}:${e[1]}`;
    groups.set(k, [...(groups.get(k) ?? []), e]);
  }
  return [...groups.values()]
    .sort((a, b) => (a[0] as Entry)[0] - (b[0] as Entry)[0] || (a[0] as Entry)[1] - (b[0] as Entry)[1])
    .map((g) => ({
      wordId: (g[0] as Entry)[0],
      level: (g[0] as Entry)[1],
      entries: [...g].sort((a, b) => b[2] - a[2]).map((e) => [e[2], e[3], e[4]]),
    }));
}

function sorted(entries: readonly Entry[], chunk: number) {
  const dir = mkdtempSync(path.join(tmpdir(), "sorter-"));
  const sorter = new PostingSorter(path.join(dir, "staging.sqlite"), chunk);
  for (const e of entries) sorter.add(...e);
  const out = [...sorter.groups()].map(({ wordId, level, list }) => ({
    wordId,
    level,
    entries: [...list.keys].map((k, i) => [k, list.tMs[i], list.cueIdx[i]]),
  }));
  sorter.close();
  rmSync(dir, { recursive: true, force: true });
  return out;
}

describe("PostingSorter", () => {
  // Keys are distinct per (word, level), as recent keys of distinct clips are.
  const entries = fc
    .uniqueArray(fc.tuple(fc.nat(40), fc.nat(5), fc.nat(2 ** 40)), {
      selector: (e) => `${e[0]}:${e[1]}:${e[2]}`,
      maxLength: 300,
    })
    .chain((keys) =>
      fc
        .tuple(...keys.map((k) => fc.tuple(fc.constant(k), fc.nat(200_000), fc.nat(500))))
        .map((rows) => rows.map(([[w, l, k], t, c]) => [w, l, k, t, c] as Entry)),
    );

  it("groups by word and level, newest first, in one chunk", () => {
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
});
