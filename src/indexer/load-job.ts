/** Reads one source job's files and turns them into a processed clip, or a reason to skip it. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { detectCaptionFormat, parseCaptions } from "../captions/parse.js";
import { CaptionError } from "../captions/transcript.js";
import { ClipRejected, clipMetaFromInfo, MetaError } from "./clip-meta.js";
import { type LanguageIndex, type ProcessedClip, processClip, TranscriptShapeError } from "./process-clip.js";
import { namedCaptionFile, pickCaptionFile, type SourceJob } from "./sources.js";

export const SKIP_REASONS = [
  "malformed-info",
  "too-long",
  "no-captions",
  "unreadable-captions",
  "no-catalogue",
  "duplicate-video",
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export interface Skipped {
  origin: string;
  videoId: string | undefined;
  reason: SkipReason;
  detail: string;
}

export type JobResult = { ok: true; origin: string; clip: ProcessedClip } | ({ ok: false } & Skipped);

function skip(origin: string, videoId: string | undefined, reason: SkipReason, detail: string): JobResult {
  return { ok: false, origin, videoId, reason, detail };
}

function readInfo(job: SourceJob): unknown {
  if (job.kind === "manifest") {
    if (job.problem !== undefined) throw new MetaError(job.problem);
    return job.info;
  }
  let raw: string;
  try {
    raw = readFileSync(job.infoPath, "utf8");
  } catch (error) {
    throw new MetaError(`cannot read ${path.basename(job.infoPath)}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(raw);
  } catch (error) {
    throw new MetaError(`invalid JSON: ${(error as Error).message}`);
  }
}

export function loadJob(job: SourceJob, languages: ReadonlyMap<string, LanguageIndex>): JobResult {
  let meta: ReturnType<typeof clipMetaFromInfo>;
  try {
    meta = clipMetaFromInfo(readInfo(job));
  } catch (error) {
    if (error instanceof ClipRejected) return skip(job.origin, error.videoId, "too-long", error.message);
    if (error instanceof MetaError) return skip(job.origin, undefined, "malformed-info", error.message);
    throw error;
  }
  const named = namedCaptionFile(job);
  const picked =
    named !== undefined
      ? { file: named, language: meta.language ?? pickCaptionFile([named], undefined)?.language }
      : pickCaptionFile(job.captionPaths, meta.language);
  if (picked === undefined) {
    const wanted = meta.language ? ` in "${meta.language}"` : "";
    return skip(job.origin, meta.videoId, "no-captions", `no caption file${wanted} beside the metadata`);
  }
  const language = meta.language ?? picked.language;
  if (language === undefined) {
    return skip(
      job.origin,
      meta.videoId,
      "malformed-info",
      '"language" is missing and the caption file name does not say it',
    );
  }
  const index = languages.get(language);
  if (index === undefined) {
    return skip(job.origin, meta.videoId, "no-catalogue", `no catalogue for clip language "${language}"`);
  }
  let content: string;
  try {
    content = readFileSync(picked.file, "utf8");
  } catch (error) {
    return skip(
      job.origin,
      meta.videoId,
      "no-captions",
      `cannot read ${path.basename(picked.file)}: ${(error as Error).message}`,
    );
  }
  const format = detectCaptionFormat(picked.file, content);
  if (format === undefined) {
    return skip(
      job.origin,
      meta.videoId,
      "unreadable-captions",
      `${path.basename(picked.file)}: unknown caption format`,
    );
  }
  try {
    const transcript = parseCaptions(content, format);
    return {
      ok: true,
      origin: job.origin,
      clip: processClip({ ...meta, language }, transcript, format, index),
    };
  } catch (error) {
    if (error instanceof CaptionError || error instanceof TranscriptShapeError) {
      return skip(
        job.origin,
        meta.videoId,
        "unreadable-captions",
        `${path.basename(picked.file)}: ${error.message}`,
      );
    }
    throw error;
  }
}
