/** A clip's row as the snapshot stores it, as the reader shows it, and the reads of a page's rows in slices. */
import type { ClipDbRow } from "../snapshot/schema.js";

export interface ClipRecord {
  clipNo: number;
  clipId: string;
  videoId: string;
  title: string;
  language: string;
  level: number;
  topic: string;
  durationS: number;
  channelId: string;
  channelName: string;
  publishedDay: number;
  indexedAt: string;
  wordCount: number;
  /** Speech pace: words per minute while speaking; 0 without speech. */
  wordsPerMinute: number;
  generated: boolean;
  wordTimes: "exact" | "interpolated";
}

export const CLIP_COLUMNS =
  "clip_no, clip_id, video_id, title, language, level, topic, duration_s, channel_id, channel_name, published_day, indexed_at, word_count, words_per_minute, generated, word_times";

/** Rows read by one `IN (…)` statement: clips and transcripts of a page are read this many at a time. */
export const ROWS_PER_READ = 32;

export function slotList(): string {
  return Array.from({ length: ROWS_PER_READ }, () => "?").join(", ");
}

/** Clip numbers in slices of ROWS_PER_READ, the last padded with -1 (no clip has it). */
export function padded(clipNos: readonly number[]): number[][] {
  const slices: number[][] = [];
  for (let at = 0; at < clipNos.length; at += ROWS_PER_READ) {
    const slice = clipNos.slice(at, at + ROWS_PER_READ);
    slices.push(slice.concat(Array<number>(ROWS_PER_READ - slice.length).fill(-1)));
  }
  return slices;
}

export function toRecord(row: ClipDbRow): ClipRecord {
  return {
    clipNo: row.clip_no,
    clipId: row.clip_id,
    videoId: row.video_id,
    title: row.title,
    language: row.language,
    level: row.level,
    topic: row.topic,
    durationS: row.duration_s,
    channelId: row.channel_id,
    channelName: row.channel_name,
    publishedDay: row.published_day,
    indexedAt: row.indexed_at,
    wordCount: row.word_count,
    wordsPerMinute: row.words_per_minute,
    generated: row.generated === 1,
    wordTimes: row.word_times,
  };
}
