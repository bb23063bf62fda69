/**
 * The index snapshot's tables. The builder writes them, the reader reads them; the version in
 * `PRAGMA user_version` is checked on open and an incompatible snapshot is refused, never misread.
 */

export const SNAPSHOT_SCHEMA_VERSION = 6;

/**
 * Order key of `order=recent`: newer publication day first, then the clip indexed later first.
 * `recent_key = published_day * RECENT_KEY_CLIPS + clip_no`, so one integer column carries the whole order.
 */
export const RECENT_KEY_CLIPS = 2 ** 28;

/**
 * The `levels` a posting read asks for when it filters no level: every clip level. A word's postings are one
 * list of every level (the posting directory says which levels each block holds).
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

-- Each catalogue's near-spelling structures and autocomplete lists as the build made them from its words
-- and spellings (src/index/catalogue-lookups.ts; layout in packed-object.ts): read at start-up, not rebuilt.
-- name: 'near-spellings' or 'autocomplete'.
CREATE TABLE catalogue_lookups (
  language TEXT NOT NULL,
  name     TEXT NOT NULL,
  data     BLOB NOT NULL,
  PRIMARY KEY (language, name)
);

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
  words_per_minute INTEGER NOT NULL,
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

-- First occurrence of a catalogue word in a clip, with the cue text and the form spoken, in blocks of up to
-- 64 postings of one word (clips of every level), newest first (layout in posting-block.ts). block_id: the
-- word id × 2^20 + the block's place in the word's list (0 = newest), so a word's blocks are one range of
-- rows; the posting directory holds each block's oldest recent_key and levels.
-- A rowid table: a block (1 to 3 KB) is stored within its page, not in overflow pages.
CREATE TABLE postings (
  block_id INTEGER PRIMARY KEY,
  data     BLOB NOT NULL
);

-- Each posting block's oldest recent_key and how many postings of each clip level it holds, packed in one
-- value (see posting-directory.ts): read at start-up, so a cursor finds its block and a level filter reads
-- only the blocks that hold its levels.
CREATE TABLE posting_directory (
  name          TEXT PRIMARY KEY,
  data          BLOB NOT NULL
) WITHOUT ROWID;

-- The positional index (layout in token-block.ts): every spoken token, catalogue word or not, normalised as
-- words are. clips: clips that say it; occurrences: times it is said. token_id is per build.
CREATE TABLE tokens (
  language    TEXT NOT NULL,
  token       TEXT NOT NULL,
  token_id    INTEGER NOT NULL UNIQUE,
  clips       INTEGER NOT NULL,
  occurrences INTEGER NOT NULL,
  PRIMARY KEY (language, token)
) WITHOUT ROWID;

-- Each token's clips with its positions in their token streams, in blocks of up to 128 clips, newest first;
-- min_key: the block's oldest recent_key, so the block holding a clip is the first with min_key <= its key.
CREATE TABLE token_postings (
  token_id INTEGER NOT NULL,
  min_key  INTEGER NOT NULL,
  data     BLOB NOT NULL,
  PRIMARY KEY (token_id, min_key)
) WITHOUT ROWID;

-- Clips of each catalogue word by clip level and speech pace, so a pace filter's totalCount is exact without
-- reading the word's postings. counts: JSON array of 6 × 3 numbers, level-major (A1 slow, A1 medium,
-- A1 fast, A2 slow, …); clips without measurable speech have no pace and are not counted.
CREATE TABLE word_pace_counts (
  word_id INTEGER PRIMARY KEY,
  counts  TEXT NOT NULL
);

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

-- What a page of results needs of every clip (the contract's clip summary), packed in one value (see
-- clip-columns.ts): read at start-up, so a page of clips reads nothing of the clips table.
CREATE TABLE clip_columns (
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
  /** Speech pace: words per minute while speaking (see indexer/speech-pace.ts); 0 without speech. */
  words_per_minute: number;
  generated: number;
  caption_format: string;
  word_times: "exact" | "interpolated";
  meta: string;
}

/** A snapshot that cannot be served: missing, not SQLite, or of another schema version. */
export class SnapshotError extends Error {
  override name = "SnapshotError";
}
