/**
 * Small real snapshots for tests: the hand-written clips, the shipped demo fixtures and a few hundred
 * generated clips, built with the real builder from the shipped catalogue. Deterministic: the same options
 * give the same clips and ids; a different `builtAt` gives a different build id.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateDemoCorpus } from "../../src/demo/corpus.js";
import { demoFixturesDir, projectDataDir } from "../../src/demo/project-data.js";
import { buildSnapshot } from "../../src/indexer/builder.js";
import type { BuildReport } from "../../src/indexer/report.js";
import { writeTestClips } from "./test-clips.js";

export const DEFAULT_GENERATED_CLIPS = 300;
/** The default build clock, fixed so the default snapshot is the same bytes on every run. */
export const TEST_BUILT_AT = new Date("2026-04-01T00:00:00.000Z");
export const TEST_SEED = "wordclip-tests-1";

export interface TestSnapshotOptions {
  /** Generated demo clips besides the hand-written ones and the fixtures (default 300; 0 for none). */
  generatedClips?: number;
  /** The build's clock: another time gives another build id for the same clips. */
  builtAt?: Date;
  /** File name of the snapshot inside the folder (default `index.sqlite`). */
  fileName?: string;
}

export interface TestSnapshot {
  path: string;
  buildId: string;
  builtAt: string;
  report: BuildReport;
}

let scratch: string | undefined;

/** A temporary folder for this process, removed when it exits. */
export function processScratchDir(): string {
  if (scratch === undefined) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "wordclip-test-"));
    scratch = dir;
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  }
  return scratch;
}

const generated = new Map<number, Promise<string>>();

/** The generated clips of one size, written once per process and shared by every snapshot built here. */
function generatedCorpus(clips: number): Promise<string> {
  let folder = generated.get(clips);
  if (folder === undefined) {
    const outDir = path.join(processScratchDir(), `generated-${clips}`);
    folder = generateDemoCorpus({ outDir, clips, seed: TEST_SEED }).then(() => outDir);
    generated.set(clips, folder);
  }
  return folder;
}

let handWritten: string | undefined;

function handWrittenClips(): string {
  handWritten ??= writeTestClips(path.join(processScratchDir(), "hand-written"));
  return handWritten;
}

/** Builds a snapshot into `dir` (created when missing) and returns where it is and what it holds. */
export async function buildTestSnapshot(
  dir: string,
  options: TestSnapshotOptions = {},
): Promise<TestSnapshot> {
  mkdirSync(dir, { recursive: true });
  const clips = options.generatedClips ?? DEFAULT_GENERATED_CLIPS;
  const sources = [demoFixturesDir(), handWrittenClips()];
  if (clips > 0) sources.push(await generatedCorpus(clips));
  const outPath = path.join(dir, options.fileName ?? "index.sqlite");
  const { report } = await buildSnapshot({
    catalogueDir: path.join(projectDataDir(), "catalogue"),
    clipSources: sources,
    outPath,
    workers: 0,
    builtAt: options.builtAt ?? TEST_BUILT_AT,
  });
  return { path: outPath, buildId: report.buildId, builtAt: report.builtAt, report };
}

let shared: Promise<TestSnapshot> | undefined;

/** The default test snapshot, built once per process; copy it (`copyTestSnapshot`) before changing it. */
export function sharedTestSnapshot(): Promise<TestSnapshot> {
  shared ??= buildTestSnapshot(path.join(processScratchDir(), "shared"));
  return shared;
}

/** Copies a snapshot file to `target`, creating its folder. */
export function copyTestSnapshot(snapshot: TestSnapshot, target: string): TestSnapshot {
  mkdirSync(path.dirname(target), { recursive: true });
  if (existsSync(target)) rmSync(target);
  copyFileSync(snapshot.path, target);
  return { ...snapshot, path: target };
}
