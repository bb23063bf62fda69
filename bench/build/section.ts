/**
 * Build: the corpus built into a snapshot with one worker thread per core, in clips and spoken words per
 * second, against the floor of reading and parsing the same files on the same threads.
 */
import { availableParallelism } from "node:os";
import type { BenchContext } from "../context.js";
import { buildCorpusSnapshot } from "../corpus/snapshot.js";
import { formatCount } from "../progress.js";
import { atLeast, atMost, TARGETS } from "../targets.js";
import { emptyBuildMs } from "./fixed-cost.js";
import { parseOnly } from "./parse-only.js";
import { warmFileCache } from "./warm-cache.js";

const seconds = (ms: number): string => `${formatCount(ms / 1000, 1)} s`;

export async function runBuildSection(ctx: BenchContext): Promise<void> {
  const { options, progress } = ctx;
  const corpus = await ctx.corpus();
  const threads = availableParallelism();
  progress.line("build: reading the corpus once so that both timed passes read it from memory");
  const warmedBytes = warmFileCache(corpus.dir);
  progress.line(`build: ${formatCount(warmedBytes / 1e6)} MB read`);
  progress.line("build: fixed cost (catalogue, workers, finish) over an empty clip folder");
  const fixedMs = await emptyBuildMs(options.outDir, threads);
  const built = await buildCorpusSnapshot(options.outDir, corpus, progress, threads);
  ctx.setSnapshot(built);
  const report = built.build?.report;
  const buildMs = built.elapsedMs ?? Number.NaN;
  progress.line(`build: parse-only floor on ${report?.workers ?? threads} worker threads`);
  const parsed = await parseOnly(corpus.dir, report?.workers || threads, progress);

  const clipsPerS = corpus.clips / (buildMs / 1000);
  const wordsPerS = parsed.words / (buildMs / 1000);
  ctx.results.add({
    section: "build",
    measure: `build, ${formatCount(corpus.clips)} clips, ${report?.workers ?? threads} worker threads`,
    result: `${formatCount(clipsPerS)} clips/s · ${formatCount(wordsPerS)} words/s · ${seconds(buildMs)} (of which ${seconds(fixedMs)} fixed: catalogue, workers, finish) · ${formatCount(report?.postings ?? 0)} postings`,
    target: atLeast(clipsPerS, TARGETS.buildClipsPerS, `≥ ${formatCount(TARGETS.buildClipsPerS)} clips/s`),
    data: {
      clips: corpus.clips,
      words: parsed.words,
      buildMs,
      fixedMs,
      clipsPerS,
      wordsPerS,
      report: report && { ...report, skipped: report.skipped.length },
    },
  });
  const ratio = buildMs / parsed.elapsedMs;
  // CPU moves less than wall time with what else the machine does, so it is given beside the ratio.
  const buildCpuMs = built.cpuMs ?? Number.NaN;
  ctx.results.add({
    section: "build",
    measure: "build / parse-only (same files, same threads)",
    result: `parse-only ${seconds(parsed.elapsedMs)} (${formatCount(parsed.clips / (parsed.elapsedMs / 1000))} clips/s, ${formatCount(parsed.words)} words, ${formatCount(parsed.cues)} cues); build without the fixed cost ${formatCount((buildMs - fixedMs) / parsed.elapsedMs, 2)}×; CPU of every thread: build ${seconds(buildCpuMs)}, parse-only ${seconds(parsed.cpuMs)} (${formatCount(buildCpuMs / parsed.cpuMs, 2)}×)`,
    ratio: { value: ratio, label: "build time / parse-only time" },
    target: atMost(ratio, TARGETS.buildVsParse, `≤ ${TARGETS.buildVsParse}×`),
    data: { ...parsed, buildCpuMs },
  });
}
