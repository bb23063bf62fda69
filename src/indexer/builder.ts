/**
 * `wordclip build`: catalogue + clip sources (+ the previous snapshot) → one new snapshot and its report.
 * Clips are parsed on worker threads and written in source order, so the same inputs give the same ids.
 */
import { availableParallelism } from "node:os";
import path from "node:path";
import { compileCatalogue } from "../catalogue/compile.js";
import type { CatalogueProblem } from "../catalogue/entry.js";
import { readCatalogueDir } from "../catalogue/read.js";
import { assignWordIds } from "./catalogue-ids.js";
import { clipIdOf } from "./ids.js";
import type { JobResult, Skipped } from "./load-job.js";
import { hydratedInline, type JobRunner, workerRunner, workersAvailable } from "./pool.js";
import { PreviousSnapshot } from "./previous.js";
import { processClip } from "./process-clip.js";
import { type BuildReport, writeReport } from "./report.js";
import { countSourceJobs, type SourceJob, type SourceSurvey, sourceJobs } from "./sources.js";
import { startSpillThread } from "./spill-thread.js";
import { hydrateLanguages, type SerializedLanguages } from "./worker-data.js";
import { SnapshotWriter } from "./writer.js";

export interface BuildOptions {
  catalogueDir: string;
  clipSources: readonly string[];
  outPath: string;
  fromPath?: string | undefined;
  reportPath?: string | undefined;
  /**
   * Worker threads for parsing; 0 parses on the calling thread; "auto" uses one per core when there are
   * enough clips to be worth it. Where workers cannot start (running from sources), clips parse inline.
   */
  workers: number | "auto";
  /** The sources' survey, when the caller has made one (`surveySources`): they are not walked again to count them. */
  survey?: SourceSurvey | undefined;
  /** Aborting stops the build between batches and removes the temporary file. */
  signal?: AbortSignal | undefined;
  /** The build's clock: `indexedAt` of new clips and `updatedAt` of the statistics. */
  builtAt?: Date | undefined;
  onProgress?: ((progress: BuildProgress) => void) | undefined;
  /**
   * A build that would hold no clip at all is not installed: the temporary file is removed, the snapshot
   * and report already at `outPath` stay as they were, and the build rejects with an `EmptyBuildError`.
   */
  refuseEmpty?: boolean | undefined;
}

export interface BuildProgress {
  phase: "sources" | "carried-over";
  done: number;
  total: number;
  skipped: number;
}

export interface BuildResult {
  report: BuildReport;
  reportPath: string;
}

/** A build with `refuseEmpty` whose every clip was skipped: nothing was installed. */
export class EmptyBuildError extends Error {
  override name = "EmptyBuildError";
  readonly skipped: readonly Skipped[];

  constructor(skipped: readonly Skipped[]) {
    super(`no clip could be indexed: all ${skipped.length} clips were skipped`);
    this.skipped = skipped;
  }
}

const BATCH_SIZE = 32;
/** Below this many clips, starting worker threads costs more than it saves. */
const AUTO_WORKERS_FROM_CLIPS = 400;

function threadCount(workers: BuildOptions["workers"], clips: number): number {
  const wanted =
    workers === "auto"
      ? clips >= AUTO_WORKERS_FROM_CLIPS
        ? Math.min(availableParallelism(), 8)
        : 0
      : workers;
  return wanted > 0 && workersAvailable() ? wanted : 0;
}

export async function buildSnapshot(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const builtAt = (options.builtAt ?? new Date()).toISOString();
  const outPath = path.resolve(options.outPath);
  const reportPath = path.resolve(options.reportPath ?? `${outPath.replace(/\.sqlite$/, "")}.report.json`);

  const catalogueProblems: CatalogueProblem[] = [];
  const compiled = [...readCatalogueDir(options.catalogueDir)].map(([language, { entries, problems }]) => {
    catalogueProblems.push(...problems);
    const catalogue = compileCatalogue(entries, language);
    catalogueProblems.push(...catalogue.problems);
    return catalogue;
  });
  const previous = options.fromPath ? new PreviousSnapshot(path.resolve(options.fromPath)) : undefined;
  const languages = assignWordIds(compiled, previous);
  const serialized: SerializedLanguages = Object.fromEntries(
    languages.map((l) => [l.language, l.serialized]),
  );
  const wordIdsOf = new Map(languages.map((l) => [l.language, l.wordIds]));

  const countJobs = (): number => options.survey?.jobs ?? countSourceJobs(options.clipSources);
  // A set number of workers start before the sources are counted, so the count overlaps their start-up
  // (a quarter of a second each over 100,000 clips); "auto" needs the count to choose.
  const counted = options.workers === "auto" ? countJobs() : undefined;
  const threads = threadCount(options.workers, counted ?? 0);
  const runner: JobRunner = threads > 0 ? workerRunner(threads, serialized) : hydratedInline(serialized);
  // Full chunks of postings are written on a thread of their own, so storing and parsing clips go on.
  const spillThread = threads > 0 ? startSpillThread() : undefined;
  const writer = new SnapshotWriter(outPath, spillThread?.spill);
  const skipped: Skipped[] = [];
  const seen = new Set<string>();
  let nextClipNo = (previous?.maxClipNo ?? 0) + 1;
  let indexed = 0;
  let done = 0;

  const accept = (result: JobResult): void => {
    done++;
    if (!result.ok) {
      const { ok: _ok, ...skip } = result;
      skipped.push(skip);
      return;
    }
    const { meta } = result.clip;
    if (seen.has(meta.videoId)) {
      writer.passOver(result.clip);
      skipped.push({
        origin: result.origin,
        videoId: meta.videoId,
        reason: "duplicate-video",
        detail: `video ${meta.videoId} is already indexed from another source`,
      });
      return;
    }
    seen.add(meta.videoId);
    const before = previous?.clips.get(meta.videoId);
    const ids = before ?? { clipNo: nextClipNo++, clipId: clipIdOf(meta.videoId), indexedAt: builtAt };
    writer.addClip(result.clip, ids, wordIdsOf.get(meta.language) as Int32Array);
    indexed++;
  };

  // Batches run concurrently but are written strictly in submission order.
  const inFlight: Array<Promise<JobResult[]>> = [];
  try {
    // Counted here, so a source that cannot be read still stops the workers (below) and leaves no file.
    const total = counted ?? countJobs();
    const maxInFlight = Math.max(2, threads * 3);
    let batch: SourceJob[] = [];
    const drainOne = async (): Promise<void> => {
      const results = await (inFlight.shift() as Promise<JobResult[]>);
      options.signal?.throwIfAborted();
      for (const result of results) accept(result);
      options.onProgress?.({ phase: "sources", done, total, skipped: skipped.length });
    };
    for (const job of sourceJobs(options.clipSources)) {
      batch.push(job);
      if (batch.length < BATCH_SIZE) continue;
      inFlight.push(runner.run(batch));
      batch = [];
      if (inFlight.length >= maxInFlight) await drainOne();
    }
    if (batch.length > 0) inFlight.push(runner.run(batch));
    while (inFlight.length > 0) await drainOne();

    let carriedOver = 0;
    if (previous) {
      const indexes = hydrateLanguages(serialized);
      const carried = [...previous.clips.keys()].filter((videoId) => !seen.has(videoId)).length;
      for (const clip of previous.carriedOver(seen)) {
        options.signal?.throwIfAborted();
        const index = indexes.get(clip.meta.language);
        if (index === undefined) {
          skipped.push({
            origin: `${options.fromPath}`,
            videoId: clip.meta.videoId,
            reason: "no-catalogue",
            detail: `no catalogue for clip language "${clip.meta.language}"`,
          });
          continue;
        }
        const before = previous.clips.get(clip.meta.videoId);
        if (before === undefined) continue;
        writer.addClip(
          processClip(clip.meta, clip.transcript, clip.captionFormat, index),
          before,
          wordIdsOf.get(clip.meta.language) as Int32Array,
        );
        carriedOver++;
        options.onProgress?.({
          phase: "carried-over",
          done: carriedOver,
          total: carried,
          skipped: skipped.length,
        });
      }
    }

    options.signal?.throwIfAborted();
    if (options.refuseEmpty && indexed + carriedOver === 0) throw new EmptyBuildError(skipped);
    const words = languages.flatMap((l) => l.rows);
    // The words' postings are merged into blocks, the positional index's blocks encoded and the near-spelling
    // structures built on the workers, idle by now, while this thread writes.
    const summary = await writer.finishAsync(
      words,
      languages.map((l) => l.language),
      builtAt,
      {
        sources: JSON.stringify(options.clipSources.map((s) => path.basename(s))),
        from: options.fromPath ? path.basename(options.fromPath) : "",
      },
      {
        mergePostings: (job) => runner.mergePostings(job),
        encodeTokens: (batch) => runner.encodeTokens(batch),
        packNearSpellings: (keys, language) => runner.packNearSpellings(keys, language),
      },
    );
    const elapsedMs = performance.now() - started;
    const skippedByReason: BuildReport["skippedByReason"] = {};
    for (const s of skipped) skippedByReason[s.reason] = (skippedByReason[s.reason] ?? 0) + 1;
    const report: BuildReport = {
      snapshot: outPath,
      buildId: summary.buildId,
      builtAt,
      from: options.fromPath ? path.resolve(options.fromPath) : null,
      elapsedMs: Math.round(elapsedMs),
      clipsPerSecond: total / (elapsedMs / 1000),
      workers: threads,
      clips: { sources: total, indexed, carriedOver, skipped: skipped.length, total: summary.clips },
      postings: summary.postings,
      skippedByReason,
      skipped,
      languages: Object.fromEntries(
        languages.map((l) => {
          const s = summary.languages[l.language] ?? { clips: 0, words: 0, wordsCovered: 0 };
          return [
            l.language,
            { ...s, coverage: s.words === 0 ? 0 : s.wordsCovered / s.words, wordsKept: l.kept },
          ];
        }),
      ),
      catalogueProblems,
    };
    writeReport(reportPath, report);
    return { report, reportPath };
  } catch (error) {
    writer.abort();
    throw error;
  } finally {
    // Settle batches still running before the workers stop, so none rejects unobserved.
    await Promise.allSettled(inFlight);
    await runner.close();
    await spillThread?.close();
    previous?.close();
  }
}
