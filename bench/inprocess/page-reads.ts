/**
 * What a response cache miss costs in process, without HTTP: a page of `/words/{word}/clips` (the
 * postings read, the occurrences hydrated and the answer's clips spliced as JSON) and a clip's
 * `/clips/{id}/transcript` answer, timed call by call over a snapshot.
 *
 *   node dist/bench/inprocess/page-reads.js --index <snapshot> [--words 1500] [--passes 3] [--only pages|transcripts]
 *
 * Words with at least 20 clips, drawn in a fixed order; for each: the first page, the second page
 * (the first page's cursor), and the first page with a level filter of one or two levels. Each pass
 * times every call once; the best pass (lowest mean) is printed, so a busy machine's slices count less.
 * Run it under `node --cpu-prof` for a profile of the same loop.
 */
import { parseArgs } from "node:util";
import { transcriptJson } from "../../src/api/routes/transcript.js";
import { writeHit } from "../../src/api/routes/word-clips.js";
import type { ClipRecord } from "../../src/index/clips.js";
import { Snapshot } from "../../src/index/snapshot.js";
import type { WordEntry } from "../../src/index/word-catalog.js";
import { recentClips } from "../../src/index/word-clips.js";
import { JsonBytes } from "../../src/text/json-bytes.js";

interface Timing {
  name: string;
  us: number[];
}

function summary({ name, us }: Timing): string {
  const sorted = [...us].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const mean = us.reduce((a, b) => a + b, 0) / Math.max(1, us.length);
  return `${name.padEnd(28)} mean ${mean.toFixed(1).padStart(7)} µs · p50 ${at(0.5).toFixed(1).padStart(7)} µs · p99 ${at(0.99).toFixed(1).padStart(7)} µs (${us.length} calls)`;
}

/** A small deterministic generator (mulberry32), so every run draws the same words and filters. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function time(fn: () => unknown): number {
  const t0 = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t0) / 1000;
}

function best(passes: Timing[][]): Timing[] {
  const first = passes[0] ?? [];
  return first.map((_, i) => {
    const candidates = passes.map((pass) => pass[i] as Timing);
    const mean = (t: Timing): number => t.us.reduce((a, b) => a + b, 0) / Math.max(1, t.us.length);
    return candidates.reduce((a, b) => (mean(b) < mean(a) ? b : a));
  });
}

function main(): void {
  const { values } = parseArgs({
    options: {
      index: { type: "string" },
      words: { type: "string", default: "1500" },
      passes: { type: "string", default: "3" },
      only: { type: "string" },
    },
  });
  if (values.index === undefined) throw new Error("usage: page-reads --index <snapshot>");
  const snapshot = new Snapshot(values.index);
  const en = snapshot.language("en");
  if (en === undefined) throw new Error("the snapshot has no English catalogue");
  const draw = random(1);
  const entries: WordEntry[] = en.catalog.words.filter((w) => w.clipCount >= 20);
  for (let i = entries.length - 1; i > 0; i--) {
    const j = Math.floor(draw() * (i + 1));
    [entries[i], entries[j]] = [entries[j] as WordEntry, entries[i] as WordEntry];
  }
  const words = entries.slice(0, Number(values.words));
  const filters = words.map(() => {
    const first = Math.floor(draw() * 6);
    return draw() < 0.5 ? [first] : [first, (first + 1 + Math.floor(draw() * 5)) % 6].sort();
  });
  const clipIds = words.map(
    (entry) => recentClips(snapshot, "en", entry, [], undefined, 1).hits[0]?.clip.clipId,
  );
  const page = (entry: WordEntry, levels: number[], after: number | undefined): number | undefined => {
    const result = recentClips(snapshot, "en", entry, levels, after, 20);
    const out = JsonBytes.reused();
    for (const hit of result.hits) writeHit(out, snapshot.fragments, hit);
    const body = out.done();
    if (body.length === 0 && entry.clipCount > 0 && levels.length === 0) throw new Error("empty page");
    return result.nextAfter;
  };
  const passes: Timing[][] = [];
  for (let pass = 0; pass < Number(values.passes); pass++) {
    const first: Timing = { name: "word page 1", us: [] };
    const second: Timing = { name: "word page 2 (cursor)", us: [] };
    const filtered: Timing = { name: "word page 1, level filter", us: [] };
    const transcript: Timing = { name: "transcript (words=true)", us: [] };
    const cuesOnly: Timing = { name: "transcript (words=false)", us: [] };
    words.forEach((entry, i) => {
      if (values.only !== "transcripts") {
        let after: number | undefined;
        first.us.push(
          time(() => {
            after = page(entry, [], undefined);
          }),
        );
        if (after !== undefined) second.us.push(time(() => page(entry, [], after)));
        filtered.us.push(time(() => page(entry, filters[i] as number[], undefined)));
      }
      const clipId = clipIds[i];
      if (values.only !== "pages" && clipId !== undefined) {
        transcript.us.push(
          time(() => transcriptJson(snapshot, snapshot.clips.find(clipId) as ClipRecord, true)),
        );
        cuesOnly.us.push(
          time(() => transcriptJson(snapshot, snapshot.clips.find(clipId) as ClipRecord, false)),
        );
      }
    });
    passes.push([first, second, filtered, transcript, cuesOnly].filter((t) => t.us.length > 0));
  }
  console.log(
    `${values.index}: ${words.length} words with 20 clips or more, best of ${passes.length} passes`,
  );
  for (const timing of best(passes)) console.log(summary(timing));
  snapshot.close();
}

main();
