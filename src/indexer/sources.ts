/**
 * Clip sources: folders as yt-dlp leaves them (`ID.info.json` beside `ID.LANG.vtt|json3|srv3|srt`, walked
 * recursively) and JSONL manifests (one info.json-like object per line with a `captions` path). Jobs come
 * out in a deterministic order (sorted paths, manifest lines in order), so a rebuild assigns the same ids.
 */
import { type Dirent, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export type SourceJob =
  | { kind: "info"; origin: string; infoPath: string; captionPaths: string[] }
  | { kind: "manifest"; origin: string; info: unknown; captionPaths: string[]; problem?: string };

/** A manifest names its caption file outright: no language code in the file name is needed. */
export function namedCaptionFile(job: SourceJob): string | undefined {
  return job.kind === "manifest" ? job.captionPaths[0] : undefined;
}

const CAPTION_EXTENSIONS = new Set([".vtt", ".json3", ".srv3", ".srt", ".xml"]);
const INFO_SUFFIX = ".info.json";

/** A source path that cannot be read at all (missing, neither folder nor .jsonl): fatal, named. */
export class SourceError extends Error {
  override name = "SourceError";
}

function sortedEntries(dir: string): Dirent[] {
  return readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
}

function* walkFolder(dir: string): Generator<SourceJob> {
  const entries = sortedEntries(dir);
  const captionsByBase = captionFilesByBase(dir, entries);
  for (const entry of entries) {
    if (entry.isFile() && entry.name.endsWith(INFO_SUFFIX)) {
      const base = entry.name.slice(0, -INFO_SUFFIX.length);
      const infoPath = path.join(dir, entry.name);
      yield { kind: "info", origin: infoPath, infoPath, captionPaths: captionsByBase.get(base) ?? [] };
    } else if (entry.isDirectory()) {
      yield* walkFolder(path.join(dir, entry.name));
    }
  }
}

function isCaptionFile(entry: Dirent): boolean {
  return entry.isFile() && CAPTION_EXTENSIONS.has(path.extname(entry.name).toLowerCase());
}

/** The caption files of one folder by clip: `ID.en.vtt` → `ID`, `ID.en-orig.json3` → `ID`. */
function captionFilesByBase(dir: string, entries: readonly Dirent[]): Map<string, string[]> {
  const captionsByBase = new Map<string, string[]>();
  for (const entry of entries) {
    if (!isCaptionFile(entry)) continue;
    const ext = path.extname(entry.name);
    // `ID.en.vtt` → base `ID`; `ID.en-orig.json3` → base `ID`.
    const withoutExt = entry.name.slice(0, -ext.length);
    const dot = withoutExt.lastIndexOf(".");
    if (dot <= 0) continue;
    const base = withoutExt.slice(0, dot);
    const list = captionsByBase.get(base) ?? [];
    list.push(path.join(dir, entry.name));
    captionsByBase.set(base, list);
  }
  return captionsByBase;
}

/**
 * One folder, walked as `sourceJobs` walks it: the clip jobs it holds (its `ID.info.json` files, in
 * subfolders too), with its caption files that have no `ID.info.json` beside them added to `withoutInfo`.
 */
function surveyFolder(dir: string, withoutInfo: string[]): number {
  const entries = sortedEntries(dir);
  const byBase = captionFilesByBase(dir, entries);
  let jobs = 0;
  const used = new Set<string>();
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith(INFO_SUFFIX)) continue;
    jobs++;
    for (const file of byBase.get(entry.name.slice(0, -INFO_SUFFIX.length)) ?? []) used.add(file);
  }
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) jobs += surveyFolder(file, withoutInfo);
    else if (isCaptionFile(entry) && !used.has(file)) withoutInfo.push(file);
  }
  return jobs;
}

/**
 * Caption files in the source folders with no `ID.info.json` beside them: found, but never indexed (a
 * folder source needs yt-dlp's info.json for each clip; a manifest can name caption files instead).
 */
export function captionFilesWithoutInfo(paths: readonly string[]): string[] {
  const found: string[] = [];
  for (const input of paths) {
    try {
      if (statSync(input).isDirectory()) surveyFolder(input, found);
    } catch {
      // A missing source is reported by `sourceJobs`.
    }
  }
  return found.sort();
}

/** What a build's sources hold, from one walk: how many clip jobs, and the caption files never indexed. */
export interface SourceSurvey {
  jobs: number;
  captionsWithoutInfo: string[];
}

/** `countSourceJobs` and `captionFilesWithoutInfo` in one walk; fails as `sourceJobs` does. */
export function surveySources(paths: readonly string[]): SourceSurvey {
  const captionsWithoutInfo: string[] = [];
  let jobs = 0;
  for (const input of paths) {
    if (sourceKind(input) === "folder") jobs += surveyFolder(input, captionsWithoutInfo);
    else for (const _ of readManifest(input)) jobs++;
  }
  return { jobs, captionsWithoutInfo: captionsWithoutInfo.sort() };
}

function* readManifest(file: string): Generator<SourceJob> {
  const lines = readFileSync(file, "utf8").split("\n");
  const dir = path.dirname(file);
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).trim();
    if (line === "") continue;
    const origin = `${file}:${i + 1}`;
    let info: unknown;
    try {
      info = JSON.parse(line);
    } catch (error) {
      yield {
        kind: "manifest",
        origin,
        info: undefined,
        captionPaths: [],
        problem: `invalid JSON: ${(error as Error).message}`,
      };
      continue;
    }
    const captions = (info as { captions?: unknown } | null)?.captions;
    if (captions !== undefined && typeof captions !== "string") {
      yield { kind: "manifest", origin, info, captionPaths: [], problem: '"captions" must be a path string' };
      continue;
    }
    yield { kind: "manifest", origin, info, captionPaths: captions ? [path.resolve(dir, captions)] : [] };
  }
}

/** A source path's kind; a path that is neither a folder nor a .jsonl manifest fails, named. */
function sourceKind(input: string): "folder" | "manifest" {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(input);
  } catch {
    throw new SourceError(`clip source ${input} does not exist`);
  }
  if (stat.isDirectory()) return "folder";
  if (input.endsWith(".jsonl")) return "manifest";
  throw new SourceError(`clip source ${input} is neither a folder nor a .jsonl manifest`);
}

/** Every clip job under the given folders and manifests, in a deterministic order. */
export function* sourceJobs(paths: readonly string[]): Generator<SourceJob> {
  for (const input of paths) {
    if (sourceKind(input) === "folder") yield* walkFolder(input);
    else yield* readManifest(input);
  }
}

/** Counts jobs without holding them (for progress and ETA). */
export function countSourceJobs(paths: readonly string[]): number {
  let n = 0;
  for (const _ of sourceJobs(paths)) n++;
  return n;
}

const FORMAT_PREFERENCE = [".json3", ".srv3", ".vtt", ".xml", ".srt"];

/**
 * Picks the caption track to index: the clip's own language, preferring the original speech-recognition
 * track (`en-orig`) over a plain one, and per-word timed formats over SRT. Machine-translated tracks of other
 * languages are never picked when the clip's language is known.
 */
export function pickCaptionFile(
  captionPaths: readonly string[],
  language: string | undefined,
): { file: string; language: string } | undefined {
  let best: { file: string; language: string; score: number } | undefined;
  for (const file of captionPaths) {
    const ext = path.extname(file).toLowerCase();
    const withoutExt = path.basename(file).slice(0, -ext.length);
    const code = withoutExt.slice(withoutExt.lastIndexOf(".") + 1).toLowerCase();
    const twoLetter = /^([a-z]{2})(?:[-_].*)?$/.exec(code)?.[1];
    if (twoLetter === undefined) continue;
    if (language !== undefined && twoLetter !== language) continue;
    const formatRank = FORMAT_PREFERENCE.indexOf(ext);
    const trackRank = code.endsWith("-orig") ? 0 : code === twoLetter ? 1 : 2;
    const score = trackRank * 10 + (formatRank === -1 ? 9 : formatRank);
    if (best === undefined || score < best.score) best = { file, language: twoLetter, score };
  }
  return best && { file: best.file, language: best.language };
}
