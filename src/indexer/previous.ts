/**
 * The previous snapshot of an incremental build (`--from`): the ids it gave to words and clips, and the
 * clips whose sources are gone, carried over from their stored transcripts.
 */
import type Database from "better-sqlite3";
import type { WordRowDb } from "../index/word-catalog.js";
import { openSnapshotFile } from "../snapshot/open.js";
import type { ClipDbRow } from "../snapshot/schema.js";
import { decodeTranscript } from "../snapshot/transcript-blob.js";
import type { ClipMeta } from "./clip-meta.js";
import type { WordRow } from "./word-rows.js";

/** A word as the previous snapshot stored it: what the writer needs to store it again. */
export type PreviousWord = Omit<WordRow, "language" | "norm">;

export interface PreviousClip {
  clipNo: number;
  clipId: string;
  indexedAt: string;
}

export class PreviousSnapshot {
  readonly #db: Database.Database;
  /** `language\0norm` → word. */
  readonly words = new Map<string, PreviousWord>();
  readonly clips = new Map<string, PreviousClip>();
  readonly maxWordId: number;
  readonly maxClipNo: number;

  constructor(path: string) {
    this.#db = openSnapshotFile(path);
    const spellings = new Map<number, Array<[string, number]>>();
    for (const row of this.#db.prepare("SELECT norm, word_id, kind FROM spellings").iterate() as Iterable<{
      norm: string;
      word_id: number;
      kind: number;
    }>) {
      const list = spellings.get(row.word_id) ?? [];
      list.push([row.norm, row.kind]);
      spellings.set(row.word_id, list);
    }
    let maxWordId = 0;
    for (const row of this.#db.prepare("SELECT * FROM words").iterate() as Iterable<
      WordRowDb & { language: string }
    >) {
      const wordId = row.word_id;
      maxWordId = Math.max(maxWordId, wordId);
      this.words.set(`${row.language}\0${row.norm}`, {
        wordId,
        word: row.word,
        level: row.level,
        pos: JSON.parse(row.pos),
        variants: JSON.parse(row.variants),
        meanings: JSON.parse(row.meanings),
        levelSource: row.level_source,
        frequency: row.frequency,
        spellings: spellings.get(wordId) ?? [],
      });
    }
    this.maxWordId = maxWordId;
    let maxClipNo = 0;
    for (const row of this.#db
      .prepare("SELECT clip_no, clip_id, video_id, indexed_at FROM clips")
      .iterate() as Iterable<Pick<ClipDbRow, "clip_no" | "clip_id" | "video_id" | "indexed_at">>) {
      maxClipNo = Math.max(maxClipNo, row.clip_no);
      this.clips.set(row.video_id, { clipNo: row.clip_no, clipId: row.clip_id, indexedAt: row.indexed_at });
    }
    this.maxClipNo = maxClipNo;
  }

  /** Clips of the previous snapshot that are not in `seen`, with metadata and transcript to re-index. */
  *carriedOver(seen: ReadonlySet<string>): Generator<{
    meta: ClipMeta & { language: string };
    captionFormat: string;
    transcript: ReturnType<typeof decodeTranscript>;
  }> {
    const transcript = this.#db.prepare("SELECT data FROM transcripts WHERE clip_no = ?").pluck();
    for (const row of this.#db.prepare("SELECT * FROM clips ORDER BY clip_no").all() as ClipDbRow[]) {
      if (seen.has(row.video_id)) continue;
      const extra = JSON.parse(row.meta) as { categories?: string[]; tags?: string[] };
      yield {
        meta: {
          videoId: row.video_id,
          title: row.title,
          durationS: row.duration_s,
          channelId: row.channel_id,
          channelName: row.channel_name,
          publishedDay: row.published_day,
          categories: extra.categories ?? [],
          tags: extra.tags ?? [],
          language: row.language,
          generated: row.generated === 1,
        },
        captionFormat: row.caption_format,
        transcript: decodeTranscript(transcript.get(row.clip_no) as Buffer, row.word_times),
      };
    }
  }

  close(): void {
    this.#db.close();
  }
}
