import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BLOCK_POSTINGS, encodeBlock } from "../snapshot/posting-block.js";
import { DIRECTORY_LEVELS } from "../snapshot/posting-directory.js";
import { mergeWords } from "./posting-merge.js";
import { PostingSorter } from "./posting-sorter.js";

type Entry = [wordId: number, level: number, key: number, tMs: number, cue: number, text: string];

function filled(dir: string, entries: readonly Entry[], chunk: number): PostingSorter {
  const sorter = new PostingSorter(path.join(dir, `staging-${chunk}`), chunk);
  for (const [wordId, level, key, tMs, cue, text] of entries) {
    const json = Buffer.from(JSON.stringify(text));
    sorter.add(wordId, level, key, tMs, cue, json, 0, json.length, 0);
  }
  return sorter;
}

interface Blocks {
  wordIds: number[];
  blocks: number[];
  minKeys: number[];
  counts: number[];
  data: string[];
}

/** The blocks as the sorter's groups give them, each cut and encoded as the snapshot stores it. */
function expectedBlocks(sorter: PostingSorter): Blocks {
  const out: Blocks = { wordIds: [], blocks: [], minKeys: [], counts: [], data: [] };
  for (const { wordId, list } of sorter.groups()) {
    out.wordIds.push(wordId);
    let blocks = 0;
    for (let start = 0; start < list.keys.length; start += BLOCK_POSTINGS, blocks++) {
      const end = Math.min(list.keys.length, start + BLOCK_POSTINGS);
      out.data.push(encodeBlock(list, start, end, true).toString("hex"));
      out.minKeys.push(list.keys[end - 1] as number);
      const counts = new Array<number>(DIRECTORY_LEVELS).fill(0);
      for (let i = start; i < end; i++)
        counts[list.level[i] as number] = (counts[list.level[i] as number] ?? 0) + 1;
      out.counts.push(...counts);
    }
    out.blocks.push(blocks);
  }
  return out;
}

/** The blocks as merge jobs of about `jobBytes` staged bytes give them. */
function mergedBlocks(sorter: PostingSorter, jobBytes: number): Blocks {
  const out: Blocks = { wordIds: [], blocks: [], minKeys: [], counts: [], data: [] };
  for (const job of sorter.mergeJobs(jobBytes)) {
    const merged = mergeWords(job);
    out.wordIds.push(...job.wordIds);
    out.blocks.push(...merged.blocks);
    out.minKeys.push(...merged.minKeys);
    out.counts.push(...merged.levelCounts);
    merged.ends.forEach((end, i) => {
      const from = i === 0 ? 0 : (merged.ends[i - 1] as number);
      out.data.push(Buffer.from(merged.data.subarray(from, end)).toString("hex"));
    });
  }
  return out;
}

describe("mergeWords", () => {
  // Few words, so that some have more than a block of postings; keys distinct per word, as clips' are.
  const entries = fc
    .uniqueArray(fc.tuple(fc.nat(4), fc.nat(2 ** 40)), { selector: (e) => `${e[0]}:${e[1]}`, maxLength: 400 })
    .chain((keys) =>
      fc.tuple(
        ...keys.map(([wordId, key]) =>
          fc
            .tuple(fc.nat(5), fc.nat(200_000), fc.nat(500), fc.string({ maxLength: 12 }))
            .map(([level, tMs, cue, text]): Entry => [wordId, level, key, tMs, cue, text]),
        ),
      ),
    );

  it("gives every word's blocks, directory entries and bytes as the sorter's merged groups encode, however the words are cut into jobs", () => {
    fc.assert(
      fc.property(
        entries,
        fc.constantFrom(1, 500, 1 << 20),
        fc.constantFrom(9, 100_000),
        (e, jobBytes, chunk) => {
          const dir = mkdtempSync(path.join(tmpdir(), "merge-"));
          try {
            const expected = expectedBlocks(filled(dir, e, chunk));
            const sorter = filled(dir, e, chunk);
            expect(mergedBlocks(sorter, jobBytes)).toEqual(expected);
            sorter.close();
          } finally {
            rmSync(dir, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it("makes no job when there is no posting", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "merge-"));
    const sorter = new PostingSorter(path.join(dir, "staging"));
    expect([...sorter.mergeJobs(1)]).toEqual([]);
    sorter.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
