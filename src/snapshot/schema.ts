/**
 * The index snapshot's tables. The builder writes them, the reader reads them; the version in
 * `PRAGMA user_version` is checked on open and an incompatible snapshot is refused, never misread.
 */

export const SNAPSHOT_SCHEMA_VERSION = 4;

/**
 * Order key of `order=recent`: newer publication day first, then the clip indexed later first.
 * `recent_key = published_day * RECENT_KEY_CLIPS + clip_no`, so one integer column carries the whole order.
 */
export const RECENT_KEY_CLIPS = 2 ** 28;

/**
 * The `level` of postings lists that hold a word's clips at every level. Most lookups filter no level, and
 * one range read of this list is cheaper than merging six; a level filter reads the levels' own lists.
 */
export const ALL_LEVELS = 6;

export const SNAPSHOT_DDL = `
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

-- Catalogue words, one per (language, normalised word). level: 0 = A1 … 5 = C2.
-- clips_by_level: JSON array of six clip counts, by the clip's level.
-- level_source: 0 the level is from the CEFR lists, 1 estimated from spoken frequency.
-- frequency: occurrences per million words of spoken English (0 when unknown), the prior of near spellings.
CREATE TABLE words (
  word_id        INTEGER PRIMARY KEY,
  language       TEXT NOT NULL,
  word           TEXT NOT NULL,
  norm           TEXT NOT NULL,
  level          INTEGER NOT NULL,
  pos            TEXT NOT NULL,
  variants       TEXT NOT NULL,
  meanings       TEXT NOT NULL,
  clip_count     INTEGER NOT NULL,
  clips_by_level TEXT NOT NULL,
  level_source   INTEGER NOT NULL,
  frequency      REAL NOT NULL,
  UNIQUE (language, norm)
);

-- Every normalised spelling that leads to a catalogue word. kind: 0 headword, 1 variant, 2 inflected form.
-- One form may lead to several words (left: leave, left).
CREATE TABLE spellings (
  language TEXT NOT NULL,
  norm     TEXT NOT NULL,
  word_id  INTEGER NOT NULL,
  kind     INTEGER NOT NULL,
  PRIMARY KEY (language, norm, word_id)
) WITHOUT ROWID;

-- clip_no: stable small integer, carried over by --from. published_day: days since 1970-01-01 (UTC).
-- meta: JSON of the source metadata a later build needs again (categories, tags).
CREATE TABLE clips (
  clip_no       INTEGER PRIMARY KEY,
  clip_id       TEXT NOT NULL UNIQUE,
  video_id      TEXT NOT NULL UNIQUE,
  title         TEXT NOT NULL,
  language      TEXT NOT NULL,
  level         INTEGER NOT NULL,
  topic         TEXT NOT NULL,
  duration_s    INTEGER NOT NULL,
  channel_id    TEXT NOT NULL,
  channel_name  TEXT NOT NULL,
  published_day INTEGER NOT NULL,
  recent_key    INTEGER NOT NULL UNIQUE,
  indexed_at    TEXT NOT NULL,
  word_count    INTEGER NOT NULL,
  generated     INTEGER NOT NULL,
  caption_format TEXT NOT NULL,
  word_times    TEXT NOT NULL,
  meta          TEXT NOT NULL
);

-- The transcript, one value per clip (layout in transcript-blob.ts): cue times and texts, and the start
-- of every word, so the timed words can be rebuilt (and re-indexed by a later build) without the caption file.
CREATE TABLE transcripts (
  clip_no INTEGER PRIMARY KEY,
  data    BLOB NOT NULL
);

-- First occurrence of a catalogue word in a clip, in blocks of up to 64 postings of one (word, clip level),
-- newest first (layout in posting-block.ts). min_key: the block's oldest recent_key, so a cursor seeks with
-- "min_key < cursor ORDER BY min_key DESC". level: the clip's level, so a level filter reads its own blocks;
-- level 6 (ALL_LEVELS) holds the word's clips of every level again, for lookups without a level filter.
CREATE TABLE postings (
  word_id INTEGER NOT NULL,
  level   INTEGER NOT NULL,
  min_key INTEGER NOT NULL,
  data    BLOB NOT NULL,
  PRIMARY KEY (word_id, level, min_key)
) WITHOUT ROWID;

CREATE TABLE topic_stats (
  language TEXT NOT NULL,
  topic    TEXT NOT NULL,
  level    INTEGER NOT NULL,
  clips    INTEGER NOT NULL,
  PRIMARY KEY (language, topic, level)
) WITHOUT ROWID;

-- What the feed keeps of every clip, packed in one value (see feed-columns.ts): read at
-- start-up instead of a scan of the clips table.
CREATE TABLE feed_columns (
  name          TEXT PRIMARY KEY,
  data          BLOB NOT NULL
) WITHOUT ROWID;

CREATE TABLE corpus_stats (
  language      TEXT PRIMARY KEY,
  clips         INTEGER NOT NULL,
  channels      INTEGER NOT NULL,
  words         INTEGER NOT NULL,
  words_covered INTEGER NOT NULL,
  updated_at    TEXT NOT NULL
) WITHOUT ROWID;
`;

/** A row of the clips table, as the driver returns it. */
export interface ClipDbRow {
  clip_no: number;
  clip_id: string;
  video_id: string;
  title: string;
  language: string;
  level: number;
  topic: string;
  duration_s: number;
  channel_id: string;
  channel_name: string;
  published_day: number;
  recent_key: number;
  indexed_at: string;
  word_count: number;
  generated: number;
  caption_format: string;
  word_times: "exact" | "interpolated";
  meta: string;
}

/** A snapshot that cannot be served: missing, not SQLite, or of another schema version. */
export class SnapshotError extends Error {
  override name = "SnapshotError";
}
