/**
 * The feed's and the clip summaries' columns of a snapshot being written (`snapshot/feed-columns.ts`,
 * `snapshot/clip-columns.ts`): encoded off its complete clips table, then each stored as one value.
 */
import type Database from "better-sqlite3";
import { encodeClipColumnsFromDb } from "../snapshot/clip-columns.js";
import { encodeFeedColumns, scanFeedColumns } from "../snapshot/feed-columns.js";

export interface EncodedColumns {
  feed: Buffer;
  clips: Buffer;
}

export function encodeColumns(db: Database.Database): EncodedColumns {
  return { feed: encodeFeedColumns(scanFeedColumns(db)), clips: encodeClipColumnsFromDb(db) };
}

export function writeColumns(db: Database.Database, { feed, clips }: EncodedColumns): void {
  db.prepare("INSERT INTO feed_columns (name, data) VALUES ('clips', ?)").run(feed);
  db.prepare("INSERT INTO clip_columns (name, data) VALUES ('clips', ?)").run(clips);
}
