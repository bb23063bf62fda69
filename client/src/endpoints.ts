/**
 * The wordclip v1 API's types, generated from the server's schemas. Do not edit: regenerate with
 * `npx vitest run client/test/types.test.ts -u`.
 */

import type {
  ClipDetail,
  ClipWithOccurrences,
  FeedClip,
  Gloss,
  Level,
  MatchMode,
  MatchType,
  Topic,
  Word,
} from "./resources.js";

/** Query of GET /v1/words. */
export interface WordsQuery {
  /** Prefix or substring to search for, folded like a lookup. The exact word comes first, then words starting with q, then words containing it, each by coverage. When omitted, words are listed by coverage. */
  q?: string;
  /** Two-letter clip language. Only languages listed by /corpus return results. Default: "en". */
  language?: string;
  /** Language of word meanings; falls back to English when missing. Default: "en". */
  gloss?: Gloss;
  /** CEFR levels of the words to keep, comma separated. */
  level?: readonly Level[];
  /** Restrict to words with at least one clip. Default: true. */
  hasClips?: boolean;
  /** Items per page, 1 to 100. Default: 20. */
  limit?: number;
  /** nextCursor of the previous page. Opaque: never build one. */
  cursor?: string;
}

/** Answer of GET /v1/words: Search the covered vocabulary. */
export interface WordsResponse {
  words: Word[];
  /** Words matching the query and filters. */
  totalCount: number;
  /** Cursor of the next page; null on the last page (the only end condition). */
  nextCursor: string | null;
}

/** Query of GET /v1/words/{word}/clips. */
export interface WordClipsQuery {
  /** Two-letter clip language. Only languages listed by /corpus return results. Default: "en". */
  language?: string;
  /** Language of word meanings; falls back to English when missing. Default: "en". */
  gloss?: Gloss;
  /** CEFR levels to keep, comma separated (A1,A2,B1,B2,C1,C2). */
  level?: readonly Level[];
  /** strict: exact form only; forms: also inflections; fuzzy: also near spellings. Default: "fuzzy". */
  match?: MatchMode;
  /** recent: newest clips first, paged with cursor. random: a sample; ignores cursor, nextCursor is null. Default: "recent". */
  order?: "recent" | "random";
  /** Items per page, 1 to 100. Default: 20. */
  limit?: number;
  /** nextCursor of the previous page. Opaque: never build one. */
  cursor?: string;
  /** first: each clip's first occurrence; all: every time the word (one of its forms, or the phrase) is spoken in the clip, in order. Default: "first". */
  occurrences?: "first" | "all";
  /** Keep clips of this speech pace, by wordsPerMinute: slow below 140, medium 140 to 169, fast 170 or more. A clip without measurable speech (wordsPerMinute 0) has no pace. The thresholds split the demo corpus (median 155) into a slow fifth, a medium three fifths and a fast fifth; real automatic captions of talks run 145 to 260. */
  pace?: "slow" | "medium" | "fast";
}

/** Answer of GET /v1/words/{word}/clips: Clips that contain a word. */
export interface WordClipsResponse {
  /** The word as sent. */
  query: string;
  /** The catalogue word the results are for. */
  matchedWord: string;
  matchType: MatchType;
  /** Other close candidates, best first. Empty on an exact match. */
  didYouMean: string[];
  word: Word;
  clips: ClipWithOccurrences[];
  /** Clips of the word at the requested levels and pace. */
  totalCount: number;
  /** Cursor of the next page; null on the last page (the only end condition). */
  nextCursor: string | null;
}

/** Query of GET /v1/phrases/{phrase}/clips. */
export interface PhraseClipsQuery {
  /** Two-letter clip language. Only languages listed by /corpus return results. Default: "en". */
  language?: string;
  /** Language of word meanings; falls back to English when missing. Default: "en". */
  gloss?: Gloss;
  /** CEFR levels to keep, comma separated (A1,A2,B1,B2,C1,C2). */
  level?: readonly Level[];
  /** strict: each token exactly as sent; forms: each token or one of its inflections (make sense finds made sense); fuzzy: also a near spelling in place of a token spoken in no clip. Default: "fuzzy". */
  match?: MatchMode;
  /** recent: newest clips first, paged with cursor. random: a sample; ignores cursor, nextCursor is null. Default: "recent". */
  order?: "recent" | "random";
  /** Items per page, 1 to 100. Default: 20. */
  limit?: number;
  /** nextCursor of the previous page. Opaque: never build one. */
  cursor?: string;
  /** first: each clip's first occurrence; all: every time the word (one of its forms, or the phrase) is spoken in the clip, in order. Default: "first". */
  occurrences?: "first" | "all";
  /** Keep clips of this speech pace, by wordsPerMinute: slow below 140, medium 140 to 169, fast 170 or more. A clip without measurable speech (wordsPerMinute 0) has no pace. The thresholds split the demo corpus (median 155) into a slow fifth, a medium three fifths and a fast fifth; real automatic captions of talks run 145 to 260. */
  pace?: "slow" | "medium" | "fast";
}

/** Answer of GET /v1/phrases/{phrase}/clips: Clips that contain a phrase. */
export interface PhraseClipsResponse {
  /** The phrase as sent. */
  query: string;
  /** The phrase matched, normalised: its tokens joined by single spaces (a near spelling in place of a token no clip speaks, with match=fuzzy). */
  phrase: string;
  /** exact: every token as sent (inflections allowed by match=forms are still exact); fuzzy: a token was replaced by a near spelling. A one-token phrase reports the word lookup's matchType. */
  matchType: MatchType;
  word?: Word;
  /** Each clip's occurrence: tStart of the phrase's first token, captionIdx of the cue where it starts, text of that cue (the cues' texts joined by a space when the phrase runs across cues), form when the tokens spoken differ from the phrase. */
  clips: ClipWithOccurrences[];
  /** Clips that say the phrase, at the requested levels and pace. */
  totalCount: number;
  /** Cursor of the next page; null on the last page (the only end condition). */
  nextCursor: string | null;
}

/** Query of GET /v1/clips/{clipId}. */
export interface ClipQuery {
  /** Accepted for symmetry with other endpoints; clip metadata has no meanings. Default: "en". */
  gloss?: Gloss;
}

/** Answer of GET /v1/clips/{clipId}: Clip metadata. */
export type ClipResponse = ClipDetail;

/** Query of GET /v1/clips/{clipId}/transcript. */
export interface TranscriptQuery {
  /** Include the words array; false returns the cues alone. Default: true. */
  words?: boolean;
}

/** Answer of GET /v1/clips/{clipId}/transcript: Timed transcript and word timings. */
export interface TranscriptResponse {
  clipId: string;
  videoId: string;
  language: string;
  /** Where the transcript comes from. */
  source: "auto-captions";
  /** exact: the captions carry per-word times; interpolated: spread over each cue (captions without word times). */
  wordTimes: "exact" | "interpolated";
  cues: Array<{
    /** Position in the transcript; stable. */
    idx: number;
    /** Start, seconds. */
    t0: number;
    /** End, seconds. */
    t1: number;
    /** Automatic captions: occasional wrong words are expected; >> marks a speaker change. */
    text: string;
  }>;
  /** Every catalogue-word token spoken, in order. Absent when words=false. */
  words?: Array<{
    wordId: number;
    /** The catalogue word. */
    word: string;
    /** CEFR level. */
    level: Level;
    /** Seconds from the start of the clip. */
    tStart: number;
    /** The form spoken, when it differs from the word. */
    form?: string;
  }>;
}

/** Query of GET /v1/topics. */
export interface TopicsQuery {
  /** Two-letter clip language. Only languages listed by /corpus return results. Default: "en". */
  language?: string;
}

/** Answer of GET /v1/topics: Topics with clip counts by level. */
export interface TopicsResponse {
  language: string;
  topics: Array<{
    topic: Topic;
    /** Clips carrying the topic in the requested language. */
    clips: number;
    /** Clip count per CEFR level; levels without clips are absent. */
    byLevel: {
      A1?: number;
      A2?: number;
      B1?: number;
      B2?: number;
      C1?: number;
      C2?: number;
    };
  }>;
  /** When the index was built. */
  updatedAt: string;
}

/** Answer of GET /v1/corpus: Corpus size and coverage. */
export interface CorpusResponse {
  languages: Array<{
    language: string;
    clips: number;
    channels: number;
    /** Catalogue size for the language. */
    words: number;
    /** Words with at least one clip. */
    wordsCovered: number;
    /** wordsCovered divided by words. */
    coverage: number;
  }>;
  /** When the index was built. */
  updatedAt: string;
}

/** Answer of GET /v1/usage: Quota state of the calling key. */
export interface UsageResponse {
  key: {
    /** The key's public id (`key_…`), as operators and logs refer to it. */
    id: string;
    /** The first characters of the secret, to recognise the key. */
    prefix: string;
  };
  /** The account the key belongs to; the quota is the account's. */
  accountId: string;
  plan: {
    /** The account's plan: trial, starter, growth, or an operator's own. */
    name: string;
    /** Requests a minute the plan allows, counted per key. */
    perMinute: number;
    /** Requests a calendar month (UTC) the plan allows, per account. */
    perMonth: number;
  };
  /** The account's quota for the current calendar month (UTC), shared by all its keys. */
  quota: {
    /** Requests allowed in the period. */
    limit: number;
    /** Requests counted in the period, by all keys of the account. */
    used: number;
    /** Requests left in the period, never below 0. */
    remaining: number;
    /** First moment of the period, ISO 8601. */
    periodStart: string;
    /** First moment of the next period, when the quota resets, ISO 8601. */
    periodEnd: string;
  };
  /** This key's minute window of the rate limit. */
  window: {
    /** Requests allowed in the window (X-RateLimit-Limit). */
    limit: number;
    /** Requests left in the window (X-RateLimit-Remaining). */
    remaining: number;
    /** Unix seconds when the window rolls over (X-RateLimit-Reset). */
    resetAtS: number;
  };
}

/** Query of GET /v1/feed. */
export interface FeedQuery {
  /** Fixes the shuffle. A stable per-user string gives each user one order; send it again with every cursor. Without it the server draws one and echoes it, and a cursor sent without it starts a fresh shuffle (its page repeats clips of the page before). */
  seed?: string;
  /** CEFR levels to keep, comma separated (A1,A2,B1,B2,C1,C2). */
  level?: readonly Level[];
  /** Two-letter clip language. Only languages listed by /corpus return results. Default: "en". */
  language?: string;
  /** Keep clips of this topic. */
  topic?: Topic;
  /** Keep clips of this speech pace, by wordsPerMinute: slow below 140, medium 140 to 169, fast 170 or more. A clip without measurable speech (wordsPerMinute 0) has no pace. The thresholds split the demo corpus (median 155) into a slow fifth, a medium three fifths and a fast fifth; real automatic captions of talks run 145 to 260. */
  pace?: "slow" | "medium" | "fast";
  /** Items per page, 1 to 100. Default: 20. */
  limit?: number;
  /** nextCursor of the previous page. Opaque: never build one. */
  cursor?: string;
}

/** Answer of GET /v1/feed: Shuffled clip feed. */
export interface FeedResponse {
  /** The seed of this order: the one sent, or, when none was sent, the one the server drew. Send it back with every cursor to continue the same sequence. */
  seed: string;
  /** Up to limit clips, next in the seed's order, that pass the filters. Each clip appears once in a walk of the whole sequence. */
  clips: FeedClip[];
  /** Cursor of the next page; null on the last page (the only end condition). */
  nextCursor: string | null;
}
