/** The TypeBox schemas the routes share: resources of the contract and the common query parameters. */
import Type from "typebox";
import { GLOSSES, LEVELS, TOPICS } from "../domain.js";

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

const Channel = Type.Object({
  id: Type.String({ description: "Source channel id." }),
  name: Type.String({ description: "Channel name, for the attribution line." }),
});

const clipFields = {
  clipId: Type.String({ format: "uuid", description: "Stable service id of the clip." }),
  videoId: Type.String({ description: "Video id on the external video platform, for the embed." }),
  title: Type.String(),
  language: Type.String({ description: "Two-letter language code." }),
  level: LevelEnum,
  topic: Type.String({ enum: [...TOPICS], description: "One label from the fixed topic list." }),
  durationS: Type.Integer({ description: "Seconds; at most 180." }),
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
    occurrences: Type.Array(Occurrence, { description: "Exactly one item now; treat it as an array." }),
  },
  { $id: "ClipWithOccurrences" },
);

export const ClipDetail = Type.Object(
  {
    ...clipFields,
    wordCount: Type.Integer({ description: "Catalogue words indexed in the clip." }),
    indexedAt: Type.String({ format: "date-time" }),
  },
  { $id: "ClipDetail" },
);

export const FeedClip = Type.Object({ ...clipFields }, { $id: "FeedClip" });

export const NextCursor = Type.Union([Type.String(), Type.Null()], {
  description: "Cursor of the next page; null on the last page (the only end condition).",
});
