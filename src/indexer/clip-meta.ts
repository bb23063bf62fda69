/** Clip metadata as yt-dlp's info.json (or a manifest line) gives it, validated into one shape. */
import { MAX_CLIP_DURATION_S } from "../domain.js";
import { VIDEO_ID_PATTERN } from "./ids.js";

export interface ClipMeta {
  videoId: string;
  title: string;
  durationS: number;
  channelId: string;
  channelName: string;
  /** Publication day, days since 1970-01-01 (UTC). */
  publishedDay: number;
  categories: string[];
  tags: string[];
  /** Two-letter clip language; undefined when the metadata does not say (the caption file's then decides). */
  language: string | undefined;
  /** Made by the demo corpus generator: points to no real video. */
  generated: boolean;
}

/** Why a clip's metadata cannot be used: the message names the field and the value. */
export class MetaError extends Error {
  override name = "MetaError";
}

/** A clip that is fine as metadata but does not belong in the corpus (too long). */
export class ClipRejected extends Error {
  override name = "ClipRejected";
  constructor(
    message: string,
    readonly videoId: string,
  ) {
    super(message);
  }
}

type Json = Record<string, unknown>;

function text(info: Json, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = info[name];
    if (typeof value === "string" && value.trim() !== "") return value.trim();
  }
  return undefined;
}

function strings(info: Json, name: string): string[] {
  const value = info[name];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
    throw new MetaError(`"${name}" must be an array of strings, got ${JSON.stringify(value).slice(0, 80)}`);
  }
  return value as string[];
}

/** `20240131` → days since the epoch; undefined when the value is not a real YYYYMMDD date. */
export function dayOfUploadDate(value: string): number | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return undefined;
  return Math.floor(ms / 86_400_000);
}

/** Two-letter language from `en`, `en-US`, `en-orig`, `EN`; undefined for anything else. */
export function twoLetterLanguage(value: string | undefined | null): string | undefined {
  if (typeof value !== "string") return undefined;
  const m = /^([a-zA-Z]{2})(?:[-_].*)?$/.exec(value.trim());
  return m ? (m[1] as string).toLowerCase() : undefined;
}

/** Validates a parsed info.json object. Throws MetaError (unusable) or ClipRejected (too long). */
export function clipMetaFromInfo(info: unknown): ClipMeta {
  if (typeof info !== "object" || info === null || Array.isArray(info)) {
    throw new MetaError("info.json must hold a JSON object");
  }
  const json = info as Json;
  const videoId = text(json, "id");
  if (videoId === undefined) throw new MetaError('"id" is missing');
  if (!VIDEO_ID_PATTERN.test(videoId)) {
    throw new MetaError(`"id" must be 1 to 64 letters, digits, "-" or "_", got ${JSON.stringify(videoId)}`);
  }
  const title = text(json, "title", "fulltitle");
  if (title === undefined) throw new MetaError('"title" is missing');
  const duration = json.duration;
  if (typeof duration !== "number" || !Number.isFinite(duration) || duration <= 0) {
    throw new MetaError(`"duration" must be a positive number of seconds, got ${JSON.stringify(duration)}`);
  }
  if (duration > MAX_CLIP_DURATION_S) {
    throw new ClipRejected(`longer than ${MAX_CLIP_DURATION_S} s (${duration} s)`, videoId);
  }
  const durationS = Math.round(duration);
  const channelId = text(json, "channel_id", "uploader_id");
  if (channelId === undefined) throw new MetaError('"channel_id" is missing');
  const channelName = text(json, "channel", "uploader") ?? channelId;
  const uploadDate = text(json, "upload_date", "release_date");
  let publishedDay: number | undefined;
  if (uploadDate !== undefined) {
    publishedDay = dayOfUploadDate(uploadDate);
    if (publishedDay === undefined) {
      throw new MetaError(`"upload_date" must be a date as YYYYMMDD, got ${JSON.stringify(uploadDate)}`);
    }
  } else if (typeof json.timestamp === "number") {
    publishedDay = Math.floor(json.timestamp / 86_400);
  } else {
    throw new MetaError('"upload_date" is missing');
  }
  return {
    videoId,
    title,
    durationS,
    channelId,
    channelName,
    publishedDay,
    categories: strings(json, "categories"),
    tags: strings(json, "tags"),
    language: twoLetterLanguage(text(json, "language")),
    generated: json.wordclip_generated === true,
  };
}
