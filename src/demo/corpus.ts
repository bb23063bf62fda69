/**
 * `generateDemoCorpus`: writes a folder of generated clips as yt-dlp lays them out, one clip at a time
 * (nothing of the whole corpus is held in memory), deterministic from the seed: the same seed gives the
 * same bytes, and a bigger corpus begins with the smaller one's clips.
 */
import { writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { TOPICS, type Topic } from "../domain.js";
import { type DemoCaptionFormat, type DemoClip, generateClip } from "./clip.js";
import { renderInfoJson } from "./info-json.js";
import { renderJson3 } from "./json3.js";
import {
  captionFileName,
  clipFolder,
  DemoCorpusError,
  infoJsonName,
  prepareOutDir,
  usesSubFolders,
} from "./layout.js";
import { projectDataDir } from "./project-data.js";

export { DemoCorpusError } from "./layout.js";

import { loadSentencePool, type SentencePool } from "./sentences.js";
import { renderSrv3 } from "./srv3.js";
import { loadVocabulary } from "./vocabulary.js";
import { renderVtt } from "./vtt.js";

export const DEFAULT_DEMO_CLIPS = 2000;
export const DEFAULT_DEMO_SEED = "wordclip-demo-1";
/** `demo` + 8 digits and 4-digit sub-folders of 1,000 both end here. */
export const MAX_DEMO_CLIPS = 10_000_000;

export interface DemoCorpusOptions {
  outDir: string;
  /** Default DEFAULT_DEMO_CLIPS. */
  clips?: number;
  /** Default DEFAULT_DEMO_SEED. */
  seed?: string;
  /** Write into a non-empty folder, replacing an earlier generated corpus there. */
  force?: boolean;
}

export interface DemoCorpusProgress {
  done: number;
  total: number;
  elapsedMs: number;
}

export interface DemoCorpusSummary {
  outDir: string;
  seed: string;
  clips: number;
  /** Files written (an info.json and a caption file per clip). */
  files: number;
  bytes: number;
  /** Files of an earlier corpus removed first (with `force`). */
  removedFiles: number;
  subFolders: boolean;
  byFormat: Record<DemoCaptionFormat, number>;
  /** Clips by the topic they were made about. */
  byTopic: Record<Topic, number>;
  /** Clips by the level their sentences were drawn at, A1 … C2. */
  byTargetLevel: number[];
  /** Clip length: total and the number under 60 s. */
  totalDurationS: number;
  clipsUnder60S: number;
  elapsedMs: number;
  clipsPerS: number;
}

/** How often progress is reported and the event loop let in (a progress bar redraws, Ctrl-C lands). */
const PROGRESS_EVERY = 250;

let cachedPool: SentencePool | undefined;

/** The sentences clips speak, read once per process from the shipped data. */
export function demoSentencePool(): SentencePool {
  if (cachedPool === undefined) {
    const dataDir = projectDataDir();
    cachedPool = loadSentencePool(dataDir, loadVocabulary(dataDir));
  }
  return cachedPool;
}

/** The caption file's content in the clip's format. */
export function renderCaptions(clip: DemoClip): string {
  switch (clip.format) {
    case "vtt":
      return renderVtt(clip.lines, clip.captionsEndMs);
    case "json3":
      return renderJson3(clip.lines, clip.captionsEndMs, clip.durationS * 1000);
    case "srv3":
      return renderSrv3(clip.lines, clip.captionsEndMs);
  }
}

function checkOptions(options: DemoCorpusOptions): { clips: number; seed: string } {
  const clips = options.clips ?? DEFAULT_DEMO_CLIPS;
  if (!Number.isInteger(clips) || clips < 1 || clips > MAX_DEMO_CLIPS) {
    throw new DemoCorpusError(`clips must be an integer from 1 to ${MAX_DEMO_CLIPS}, got ${clips}`);
  }
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  if (seed === "") throw new DemoCorpusError("seed must not be empty");
  if (options.outDir === "") throw new DemoCorpusError("outDir must not be empty");
  return { clips, seed };
}

export async function generateDemoCorpus(
  options: DemoCorpusOptions,
  onProgress?: (progress: DemoCorpusProgress) => void,
): Promise<DemoCorpusSummary> {
  const { clips, seed } = checkOptions(options);
  const outDir = path.resolve(options.outDir);
  const startedMs = performance.now();
  const removedFiles = await prepareOutDir(outDir, options.force === true);
  const pool = demoSentencePool();
  const subFolders = usesSubFolders(clips);
  const byFormat: Record<DemoCaptionFormat, number> = { vtt: 0, json3: 0, srv3: 0 };
  const byTopic = Object.fromEntries(TOPICS.map((t) => [t, 0])) as Record<Topic, number>;
  const byTargetLevel = [0, 0, 0, 0, 0, 0];
  let bytes = 0;
  let totalDurationS = 0;
  let clipsUnder60S = 0;
  let folder: string | undefined;
  for (let clipNo = 1; clipNo <= clips; clipNo++) {
    const clip = generateClip(seed, clipNo, pool);
    const dir = path.join(outDir, clipFolder(clipNo, subFolders));
    if (dir !== folder) {
      await mkdir(dir, { recursive: true });
      folder = dir;
    }
    const info = renderInfoJson(clip);
    const captions = renderCaptions(clip);
    writeFileSync(path.join(dir, infoJsonName(clip.videoId)), info);
    writeFileSync(path.join(dir, captionFileName(clip.videoId, clip.format)), captions);
    bytes += Buffer.byteLength(info) + Buffer.byteLength(captions);
    byFormat[clip.format]++;
    byTopic[clip.intendedTopic]++;
    byTargetLevel[clip.targetLevel] = (byTargetLevel[clip.targetLevel] ?? 0) + 1;
    totalDurationS += clip.durationS;
    if (clip.durationS < 60) clipsUnder60S++;
    if (clipNo % PROGRESS_EVERY === 0 || clipNo === clips) {
      onProgress?.({ done: clipNo, total: clips, elapsedMs: performance.now() - startedMs });
      await yieldToEventLoop();
    }
  }
  const elapsedMs = performance.now() - startedMs;
  return {
    outDir,
    seed,
    clips,
    files: clips * 2,
    bytes,
    removedFiles,
    subFolders,
    byFormat,
    byTopic,
    byTargetLevel,
    totalDurationS,
    clipsUnder60S,
    elapsedMs,
    clipsPerS: clips / (elapsedMs / 1000),
  };
}
