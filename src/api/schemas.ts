/** The TypeBox schemas the routes share: resources of the contract and the common query parameters. */
import Type from "typebox";
import { GLOSSES, LEVELS, TOPICS } from "../domain.js";
import { FAST_FROM_WPM, PACES, PAUSE_MS, SLOW_BELOW_WPM } from "../snapshot/pace.js";

const LEVEL_LIST = `^(${LEVELS.join("|")})(,(${LEVELS.join("|")}))*$`;

/** Query parameters several endpoints share. `x-expected` phrases what is allowed, for error messages. */
export const Params = {
  language: Type.String({
    pattern: "^[a-z]{2}$",
    default: "en",
    description: "Two-letter clip language. Only languages listed by /corpus return results.",
    "x-expected": "two lowercase letters (a clip language listed by /corpus)",
  }),
  gloss: Type.String({
    enum: [...GLOSSES],
    default: "en",
    description: "Language of word meanings; falls back to English when missing.",
  }),
  level: Type.String({
    pattern: LEVEL_LIST,
    description: "CEFR levels to keep, comma separated (A1,A2,B1,B2,C1,C2).",
    "x-expected": `a comma-separated list of CEFR levels (${LEVELS.join(", ")})`,
  }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20, description: "Items per page, 1 to 100." }),
  cursor: Type.String({
    minLength: 1,
    maxLength: 1024,
    description: "nextCursor of the previous page. Opaque: never build one.",
  }),
  topic: Type.String({ enum: [...TOPICS], description: "Keep clips of this topic." }),
  pace: Type.String({
    enum: [...PACES],
    description: `Keep clips of this speech pace, by wordsPerMinute: slow below ${SLOW_BELOW_WPM}, medium ${SLOW_BELOW_WPM} to ${FAST_FROM_WPM - 1}, fast ${FAST_FROM_WPM} or more. A clip without measurable speech (wordsPerMinute 0) has no pace. The thresholds split the demo corpus (median 155) into a slow fifth, a medium three fifths and a fast fifth; real automatic captions of talks run 145 to 260.`,
  }),
  order: Type.String({
    enum: ["recent", "random"],
    default: "recent",
    description:
      "recent: newest clips first, paged with cursor. random: a sample; ignores cursor, nextCursor is null.",
  }),
  occurrences: Type.String({
    enum: ["first", "all"],
    default: "first",
    description:
      "first: each clip's first occurrence; all: every time the word (one of its forms, or the phrase) is spoken in the clip, in order.",
  }),
};

export const LevelEnum = Type.String({ enum: [...LEVELS], description: "CEFR level." });

export const Word = Type.Object(
  {
    word: Type.String({ description: "Catalogue word." }),
    wordId: Type.Integer({ description: "Stable id of the catalogue word." }),
    level: LevelEnum,
    levelSource: Type.String({
      enum: ["cefr", "estimated"],
      description:
        "Where the level comes from: a CEFR word list, or estimated from how often the word is spoken (for words the lists lack).",
    }),
    meaning: Type.String({
      description: "Meaning in the requested gloss language; English when missing in it.",
    }),
    clipCount: Type.Integer({ description: "Number of clips indexed for the word." }),
  },
  { $id: "Word" },
);

const Channel = Type.Object(
  {
    id: Type.String({ description: "Source channel id." }),
    name: Type.String({ description: "Channel name, for the attribution line." }),
  },
  { description: "The channel that published the video." },
);

const clipFields = {
  clipId: Type.String({ format: "uuid", description: "Stable service id of the clip." }),
  videoId: Type.String({ description: "Video id on the external video platform, for the embed." }),
  title: Type.String({ description: "The video's title on the external platform." }),
  language: Type.String({ description: "Two-letter language code." }),
  level: LevelEnum,
  topic: Type.String({ enum: [...TOPICS], description: "One label from the fixed topic list." }),
  durationS: Type.Integer({ description: "Seconds; at most 180." }),
  wordsPerMinute: Type.Integer({
    minimum: 0,
    description: `Speech pace: words per minute while someone speaks, from the captions' word timings. The time counted is the sum of the gaps between the starts of consecutive spoken words, leaving out every gap of ${PAUSE_MS / 1000} s or more (a pause, music, a silence); each gap kept is one word. 0 when the clip has no speech to measure.`,
  }),
  channel: Channel,
  embedUrl: Type.String({ description: "Ready-to-use embed URL (privacy-enhanced mode)." }),
  watchUrl: Type.String({ description: "Canonical watch URL, for the required attribution link." }),
  generated: Type.Optional(
    Type.Boolean({
      description: "Present and true on demo clips made by the corpus generator: no real video.",
    }),
  ),
};

export const Occurrence = Type.Object({
  tStart: Type.Number({ description: "Seconds from the start of the clip." }),
  captionIdx: Type.Integer({ description: "Index of the cue containing the word; matches cues[].idx." }),
  text: Type.String({ description: "The cue text." }),
  form: Type.Optional(
    Type.String({ description: "The form actually spoken, when it differs from the word (ran)." }),
  ),
});

export const ClipWithOccurrences = Type.Object(
  {
    ...clipFields,
    embedUrl: Type.String({
      description:
        "Ready-to-use embed URL (privacy-enhanced mode) that starts the video one second before the first listed occurrence: start= is tStart minus one, in whole seconds (rounded down), at least 0. Clip metadata and the feed carry the plain URL.",
    }),
    occurrences: Type.Array(Occurrence, {
      description: "The first occurrence (one item), or every one in order with occurrences=all.",
    }),
  },
  { $id: "ClipWithOccurrences" },
);

export const ClipDetail = Type.Object(
  {
    ...clipFields,
    wordCount: Type.Integer({ description: "Catalogue words indexed in the clip." }),
    indexedAt: Type.String({
      format: "date-time",
      description: "When the clip entered the index (ISO 8601, UTC).",
    }),
  },
  { $id: "ClipDetail" },
);

export const FeedClip = Type.Object(
  { ...clipFields },
  {
    $id: "FeedClip",
    description:
      "A clip of the feed: the clip summary of word results (identity, level, topic, length, channel for the attribution line, embed and watch URLs) without occurrences. The embed URL starts the clip at its beginning.",
  },
);

export const NextCursor = Type.Union([Type.String(), Type.Null()], {
  description: "Cursor of the next page; null on the last page (the only end condition).",
});
