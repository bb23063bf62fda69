/**
 * The wordclip v1 API's types, generated from the server's schemas. Do not edit: regenerate with
 * `npx vitest run client/test/types.test.ts -u`.
 */

/** CEFR level. */
export type Level = "A1" | "A2" | "B1" | "B2" | "C1" | "C2";
/** Language of word meanings. */
export type Gloss = "en" | "es" | "ja" | "pt" | "ru" | "tr" | "zh";
/** One label from the fixed topic list. */
export type Topic =
  | "everyday"
  | "food"
  | "travel"
  | "sport"
  | "science"
  | "business"
  | "technology"
  | "entertainment"
  | "health"
  | "learning"
  | "other";
/** How hard a lookup tries when the word is not in the catalogue. */
export type MatchMode = "strict" | "forms" | "fuzzy";
/** How the looked-up word was matched. */
export type MatchType = "exact" | "forms" | "fuzzy";
/** The closed list of error codes. */
export type ErrorCode =
  | "invalid_request"
  | "invalid_key"
  | "not_found"
  | "rate_limited"
  | "quota_exceeded"
  | "method_not_allowed"
  | "not_ready"
  | "unavailable"
  | "internal";

/** What every clip resource carries. */
export interface ClipSummary {
  /** Stable service id of the clip. */
  clipId: string;
  /** Video id on the external video platform, for the embed. */
  videoId: string;
  /** The video's title on the external platform. */
  title: string;
  /** Two-letter language code. */
  language: string;
  /** CEFR level. */
  level: Level;
  /** One label from the fixed topic list. */
  topic: Topic;
  /** Seconds; at most 180. */
  durationS: number;
  /** Speech pace: words per minute while someone speaks, from the captions' word timings. The time counted is the sum of the gaps between the starts of consecutive spoken words, leaving out every gap of 2 s or more (a pause, music, a silence); each gap kept is one word. 0 when the clip has no speech to measure. */
  wordsPerMinute: number;
  /** The channel that published the video. */
  channel: {
    /** Source channel id. */
    id: string;
    /** Channel name, for the attribution line. */
    name: string;
  };
  /** Ready-to-use embed URL (privacy-enhanced mode). */
  embedUrl: string;
  /** Canonical watch URL, for the required attribution link. */
  watchUrl: string;
  /** Present and true on demo clips made by the corpus generator: no real video. */
  generated?: boolean;
}

export interface Word {
  /** Catalogue word. */
  word: string;
  /** Stable id of the catalogue word. */
  wordId: number;
  /** CEFR level. */
  level: Level;
  /** Where the level comes from: a CEFR word list, or estimated from how often the word is spoken (for words the lists lack). */
  levelSource: "cefr" | "estimated";
  /** Meaning in the requested gloss language; English when missing in it. */
  meaning: string;
  /** Number of clips indexed for the word. */
  clipCount: number;
}

/** Every error response has this body. */
export interface ErrorEnvelope {
  error: {
    /** Machine-readable code; see the error table. */
    code: ErrorCode;
    /** What was wrong, naming the parameter and the value. */
    message: string;
    /** Seconds to wait; on rate_limited and unavailable. */
    retryAfter?: number;
    /** The request's id, as in the logs. */
    requestId?: string;
  };
}

export interface ClipWithOccurrences extends ClipSummary {
  /** Ready-to-use embed URL (privacy-enhanced mode) that starts the video one second before the first listed occurrence: start= is tStart minus one, in whole seconds (rounded down), at least 0. Clip metadata and the feed carry the plain URL. */
  embedUrl: string;
  /** The first occurrence (one item), or every one in order with occurrences=all. */
  occurrences: Array<{
    /** Seconds from the start of the clip. */
    tStart: number;
    /** Index of the cue containing the word; matches cues[].idx. */
    captionIdx: number;
    /** The cue text. */
    text: string;
    /** The form actually spoken, when it differs from the word (ran). */
    form?: string;
  }>;
}

export interface ClipDetail extends ClipSummary {
  /** Catalogue words indexed in the clip. */
  wordCount: number;
  /** When the clip entered the index (ISO 8601, UTC). */
  indexedAt: string;
}

/** A clip of the feed: the clip summary of word results (identity, level, topic, length, channel for the attribution line, embed and watch URLs) without occurrences. The embed URL starts the clip at its beginning. */
export type FeedClip = ClipSummary;
