/** GET /words/{word}/clips: the clips whose captions contain a word, with the second it is spoken. */
import Type from "typebox";
import { type Gloss, MATCH_TYPES } from "../../domain.js";
import { MATCH_MODES, resolveWord } from "../../index/lookup.js";
import { type ClipHit, randomClips, recentClips } from "../../index/word-clips.js";
import type { App } from "../app-type.js";
import type { ApiContext } from "../context.js";
import { readCursor } from "../cursor-param.js";
import { ApiError, ErrorEnvelope } from "../errors.js";
import { filterKey, parseLevels } from "../params.js";
import { presentClip, presentWord, seconds } from "../present.js";
import { ClipWithOccurrences, NextCursor, Params, Word } from "../schemas.js";

const Query = Type.Object({
  language: Params.language,
  gloss: Params.gloss,
  level: Type.Optional(Params.level),
  match: Type.String({
    enum: [...MATCH_MODES],
    default: "fuzzy",
    description: "strict: exact form only; forms: also inflections; fuzzy: also near spellings.",
  }),
  order: Type.String({
    enum: ["recent", "random"],
    default: "recent",
    description:
      "recent: newest clips first, paged with cursor. random: a sample; ignores cursor, nextCursor is null.",
  }),
  limit: Params.limit,
  cursor: Type.Optional(Params.cursor),
});

const Path = Type.Object({
  word: Type.String({
    minLength: 1,
    maxLength: 100,
    description: "The word to look up; case and accents are folded before matching.",
  }),
});

export const WordClipsResponse = Type.Object({
  query: Type.String({ description: "The word as sent." }),
  matchedWord: Type.String({ description: "The catalogue word the results are for." }),
  matchType: Type.String({ enum: [...MATCH_TYPES] }),
  didYouMean: Type.Array(Type.String(), {
    description: "Other close candidates, best first. Empty on an exact match.",
  }),
  word: Word,
  clips: Type.Array(ClipWithOccurrences),
  totalCount: Type.Integer({ description: "Clips of the word at the requested levels." }),
  nextCursor: NextCursor,
});

function present(hit: ClipHit) {
  return {
    ...presentClip(hit.clip),
    occurrences: [
      {
        tStart: seconds(hit.tStartMs),
        captionIdx: hit.cueIdx,
        text: hit.cueText,
        ...(hit.form === undefined ? {} : { form: hit.form }),
      },
    ],
  };
}

export function registerWordClips(app: App, ctx: ApiContext): void {
  app.get(
    "/words/:word/clips",
    {
      config: {
        access: "keyed",
        // A random sample is new on every request: never cached, never "not modified".
        cache: (request) =>
          (request.query as { order?: string }).order === "random" ? "no-store" : "snapshot",
      },
      schema: {
        summary: "Clips that contain a word",
        description:
          "Normalises the word, then matches it against the catalogue, its inflected forms and near spellings, as `match` allows. Each clip carries the first time the word is spoken and the cue that contains it.",
        tags: ["words"],
        params: Path,
        querystring: Query,
        response: {
          200: WordClipsResponse,
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          404: ErrorEnvelope,
          429: ErrorEnvelope,
        },
      },
    },
    async (request) => {
      const { word } = request.params;
      const q = request.query;
      const snapshot = ctx.snapshots.current();
      const index = snapshot.language(q.language);
      if (index === undefined) {
        throw new ApiError(
          "not_found",
          `"${word}" is not in a catalogue: no clip language "${q.language}" (see /corpus)`,
        );
      }
      const resolution = resolveWord(
        index.catalog,
        index.fuzzy,
        word,
        q.match as (typeof MATCH_MODES)[number],
      );
      if (!resolution.found) {
        const guesses = resolution.guesses.map((g) => g.word);
        const hint = guesses.length > 0 ? `; did you mean: ${guesses.join(", ")}?` : "";
        const mode = q.match === "fuzzy" ? "" : ` (match=${q.match})`;
        throw new ApiError("not_found", `"${word}" is not in the ${q.language} catalogue${mode}${hint}`);
      }
      const { entry } = resolution;
      const levels = parseLevels(q.level);
      const filters = filterKey({ word: entry.wordId, language: q.language, level: levels });
      let page: ReturnType<typeof recentClips>;
      if (q.order === "random") {
        page = randomClips(snapshot, q.language, entry, levels, q.limit, Math.random);
      } else {
        const isKey = (value: unknown): value is number => Number.isSafeInteger(value);
        const after = readCursor(ctx, "word-clips", filters, q.cursor, isKey, "word and filters");
        page = recentClips(snapshot, q.language, entry, levels, after, q.limit);
      }
      return {
        query: word,
        matchedWord: entry.word,
        matchType: resolution.matchType,
        didYouMean: resolution.didYouMean.map((e) => e.word),
        word: presentWord(entry, q.gloss as Gloss),
        clips: page.hits.map(present),
        totalCount: page.totalCount,
        nextCursor:
          page.nextAfter === undefined ? null : ctx.cursors.encode("word-clips", filters, page.nextAfter),
      };
    },
  );
}
