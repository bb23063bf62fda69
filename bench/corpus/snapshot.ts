/**
 * The snapshot over a benchmark corpus, built with `buildSnapshot` on one worker thread per core, and
 * reused by sections that only read it when a stamp says it was built from the same corpus and catalogue
 * with the same snapshot schema version.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { type BuildResult, buildSnapshot } from "../../src/indexer/builder.js";
import { SNAPSHOT_DDL, SNAPSHOT_SCHEMA_VERSION } from "../../src/snapshot/schema.js";
import { catalogueDir } from "../paths.js";
import { formatCount, type Progress } from "../progress.js";
import { cpuMeter } from "../stats.js";
import type { Corpus } from "./demo-corpus.js";
import { removeStamp, stampMatches, writeStamp } from "./stamp.js";

export interface BuiltSnapshot {
  path: string;
  /** Undefined when an earlier build was reused. */
  build: BuildResult | undefined;
  /** Wall time of `buildSnapshot`, measured around the call. */
  elapsedMs: number | undefined;
  /** The process's CPU (user and system, every thread) over the same call; undefined as `elapsedMs`. */
  cpuMs: number | undefined;
}

export function snapshotPath(outDir: string, clips: number): string {
  return path.join(outDir, `snapshot-${clips}.sqlite`);
}

/**
 * The snapshot format this code writes: the schema version and a digest of the schema, so a snapshot
 * built before a format change is rebuilt even while the version number has not moved yet.
 */
export function snapshotFormat(): string {
  const digest = createHash("sha256").update(SNAPSHOT_DDL).digest("hex").slice(0, 12);
  return `${SNAPSHOT_SCHEMA_VERSION}-${digest}`;
}

/** A digest of the catalogue files the build reads: a snapshot of another catalogue is built again. */
export function catalogueDigest(): string {
  const hash = createHash("sha256");
  const dir = catalogueDir();
  for (const name of readdirSync(dir).sort()) hash.update(name).update(readFileSync(path.join(dir, name)));
  return hash.digest("hex").slice(0, 12);
}

function stampOf(corpus: Corpus): Record<string, string | number> {
  return { clips: corpus.clips, seed: corpus.seed, format: snapshotFormat(), catalogue: catalogueDigest() };
}

/** Builds the corpus's snapshot now (and stamps it); this is what the build benchmark times. */
export async function buildCorpusSnapshot(
  outDir: string,
  corpus: Corpus,
  progress: Progress,
  workers = availableParallelism(),
): Promise<BuiltSnapshot> {
  const outPath = snapshotPath(outDir, corpus.clips);
  const stampFile = `${outPath}.stamp.json`;
  removeStamp(stampFile);
  progress.line(`build: ${formatCount(corpus.clips)} clips on ${workers} worker threads`);
  const startedMs = performance.now();
  const cpuMs = cpuMeter();
  const build = await buildSnapshot({
    catalogueDir: catalogueDir(),
    clipSources: [corpus.dir],
    outPath,
    workers,
    onProgress: (p) => {
      const elapsedS = (performance.now() - startedMs) / 1000;
      progress.tick(
        "build",
        `build: ${formatCount(p.done)}/${formatCount(p.total)} clips (${formatCount(p.done / elapsedS)} clips/s)`,
      );
    },
  });
  const elapsedMs = performance.now() - startedMs;
  writeStamp(stampFile, stampOf(corpus));
  progress.line(`build: done in ${formatCount(elapsedMs / 1000, 1)} s`);
  return { path: outPath, build, elapsedMs, cpuMs: cpuMs() };
}

/** The corpus's snapshot: an earlier build when its stamp matches, else a new one. */
export async function ensureCorpusSnapshot(
  outDir: string,
  corpus: Corpus,
  progress: Progress,
): Promise<BuiltSnapshot> {
  const outPath = snapshotPath(outDir, corpus.clips);
  if (stampMatches(`${outPath}.stamp.json`, stampOf(corpus))) {
    progress.line(`snapshot: reusing the build of ${formatCount(corpus.clips)} clips`);
    return { path: outPath, build: undefined, elapsedMs: undefined, cpuMs: undefined };
  }
  return buildCorpusSnapshot(outDir, corpus, progress);
}
