/**
 * Memory and start-up: our server over the main snapshot and, in full mode, over a 1,000,000-clip
 * snapshot (generated and built here unless an earlier run left them; skipped with a message when the
 * disk lacks room or with --no-million). The targets apply to the 1,000,000-clip snapshot.
 */
import path from "node:path";
import type { BenchContext } from "../context.js";
import { corpusReady, ensureCorpus } from "../corpus/demo-corpus.js";
import { CORPUS_BYTES_PER_CLIP, freeBytes, gigabytes, SNAPSHOT_BYTES_PER_CLIP } from "../corpus/disk.js";
import { ensureCorpusSnapshot } from "../corpus/snapshot.js";
import { formatCount } from "../progress.js";
import { atMost, TARGETS } from "../targets.js";
import { wordsWithClips } from "../workload/words.js";
import { type Footprint, measureFootprint } from "./server-footprint.js";

/** Room left over on top of the estimate: the build writes a temporary file and a report. */
const DISK_MARGIN = 1.25;

async function millionSnapshot(ctx: BenchContext): Promise<string | undefined> {
  const { options, progress } = ctx;
  const clips = options.millionClips;
  if (!options.million) {
    ctx.results.notice(
      "memory",
      `${formatCount(clips)}-clip snapshot not run (${options.quick ? "--quick" : "--no-million"}): start-up and memory targets not checked`,
    );
    return undefined;
  }
  const needCorpus = corpusReady(options.outDir, clips, options.seed) ? 0 : clips * CORPUS_BYTES_PER_CLIP;
  const need = (needCorpus + clips * SNAPSHOT_BYTES_PER_CLIP) * DISK_MARGIN;
  const free = await freeBytes(options.outDir);
  if (free < need) {
    ctx.results.notice(
      "memory",
      `${formatCount(clips)}-clip snapshot SKIPPED: it needs about ${gigabytes(need)} of disk, ${gigabytes(free)} is free`,
    );
    return undefined;
  }
  const corpus = await ensureCorpus(options.outDir, clips, options.seed, progress);
  const built = await ensureCorpusSnapshot(options.outDir, corpus, progress);
  if (built.elapsedMs !== undefined) {
    const clipsPerS = clips / (built.elapsedMs / 1000);
    ctx.results.add({
      section: "memory",
      measure: `build, ${formatCount(clips)} clips (to serve it)`,
      result: `${formatCount(clipsPerS)} clips/s · ${formatCount(built.elapsedMs / 1000, 1)} s`,
      data: { clips, buildMs: built.elapsedMs, clipsPerS },
    });
  }
  return built.path;
}

function addRows(
  ctx: BenchContext,
  clips: number,
  f: Footprint,
  base: Footprint | undefined,
  targets: boolean,
): void {
  const label = `${formatCount(clips)} clips`;
  const runs = f.startsMs.map((ms) => formatCount(ms)).join(", ");
  ctx.results.add({
    section: "memory",
    measure: `start-up to /readyz, ${label}`,
    result: `median ${formatCount(f.medianStartMs)} ms (starts: ${runs} ms; the first, reading the whole file for its checksum: ${formatCount(f.fullReadStartMs)} ms) · snapshot file ${formatCount(f.snapshotMB)} MB`,
    ratio: base && { value: f.medianStartMs / base.medianStartMs, label: "× the main snapshot's" },
    target: targets ? atMost(f.medianStartMs / 1000, TARGETS.startupS, `≤ ${TARGETS.startupS} s`) : undefined,
    data: { clips, ...f },
  });
  // The target is held to the peak: the memory a machine must have, whatever the collector did since.
  ctx.results.add({
    section: "memory",
    measure: `resident memory, ${label}: peak through start-up and a load run`,
    result: `peak ${formatCount(f.peakMB)} MB · at ready ${formatCount(f.rssAtReadyMB)} MB · after a load run at ${formatCount(f.loadRps)} req/s ${formatCount(f.rssAfterLoadMB)} MB`,
    ratio: base && { value: f.peakMB / base.peakMB, label: "× the main snapshot's" },
    target: targets ? atMost(f.peakMB, TARGETS.rssMB, `peak ≤ ${TARGETS.rssMB} MB`) : undefined,
    data: { clips, ...f },
  });
}

export async function runMemorySection(ctx: BenchContext): Promise<void> {
  const { options, progress } = ctx;
  const index = await ctx.index();
  const paths = wordsWithClips(index, options.seed, 1000).map(
    (w) => `/v1/words/${encodeURIComponent(w.word)}/clips`,
  );
  const settings = {
    starts: options.quick ? 2 : 3,
    connections: options.connections,
    durationS: options.durationS,
  };
  const main = await ctx.snapshot();
  progress.line(`memory: start-up and memory over ${formatCount(options.clips)} clips`);
  const base = await measureFootprint(
    main.path,
    path.join(options.outDir, `serve-memory-${options.clips}`),
    paths,
    settings,
  );
  addRows(ctx, options.clips, base, undefined, false);

  const million = await millionSnapshot(ctx);
  if (million === undefined) return;
  progress.line(`memory: start-up and memory over ${formatCount(options.millionClips)} clips`);
  const big = await measureFootprint(
    million,
    path.join(options.outDir, `serve-memory-${options.millionClips}`),
    paths,
    settings,
  );
  addRows(ctx, options.millionClips, big, base, true);
}
