/** GET /phrases/{phrase}/clips: the clips in which a phrase is spoken, across caption cues, with the second it starts. */
import Type from "typebox";
import { type Gloss, MATCH_TYPES } from "../../domain.js";
import { MATCH_MODES, type MatchMode, resolveWord } from "../../index/lookup.js";
import { hydratePhraseHits, type PhraseHit, resolvePhrase } from "../../index/phrase-clips.js";
import { type PhrasePage, randomPhrasePage, recentPhrasePage } from "../../index/phrase-search.js";
import { paceFilter, randomClips, recentClips } from "../../index/word-clips.js";
import { withEveryOccurrence } from "../../index/word-occurrences.js";
import { paceIndex } from "../../snapshot/pace.js";
import { tokenise } from "../../text/tokenise.js";
import type { App } from "../app-type.js";
import type { ApiContext } from "../context.js";
import { readCursor } from "../cursor-param.js";
import { ApiError, ErrorEnvelope } from "../errors.js";
import { filterKey, paceKey, parseLevels } from "../params.js";
import { embedStartS, presentClip, presentWord, seconds } from "../present.js";
import { ClipWithOccurrences, NextCursor, Params, Word } from "../schemas.js";
import { catalogueOf, presentWordHit } from "./word-clips.js";

/** Tokens a phrase may have: longer phrases are rarer than any caption repeats them. */
export const MAX_PHRASE_TOKENS = 12;

const Query = Type.Object({
  language: Params.language,
  gloss: Params.gloss,
  level: Type.Optional(Params.level),
  match: Type.String({
    enum: [...MATCH_MODES],
    default: "fuzzy",
    description:
      "strict: each token exactly as sent; forms: each token or one of its inflections (make sense finds made sense); fuzzy: also a near spelling in place of a token spoken in no clip.",
  }),
  order: Params.order,
  limit: Params.limit,
  cursor: Type.Optional(Params.cursor),
  occurrences: Params.occurrences,
  pace: Type.Optional(Params.pace),
});

const Path = Type.Object({
  phrase: Type.String({
    minLength: 1,
    maxLength: 200,
    description: `The phrase, 1 to ${MAX_PHRASE_TOKENS} words; case, accents and punctuation are folded as in word lookups.`,
  }),
});

export const PhraseClipsResponse = Type.Object({
  query: Type.String({ description: "The phrase as sent." }),
  phrase: Type.String({
    description:
      "The phrase matched, normalised: its tokens joined by single spaces (a near spelling in place of a token no clip speaks, with match=fuzzy).",
  }),
  matchType: Type.String({
    enum: [...MATCH_TYPES],
    description:
      "exact: every token as sent (inflections allowed by match=forms are still exact); fuzzy: a token was replaced by a near spelling. A one-token phrase reports the word lookup's matchType.",
  }),
  word: Type.Optional(Word),
  clips: Type.Array(ClipWithOccurrences, {
    description:
      "Each clip's occurrence: tStart of the phrase's first token, captionIdx of the cue where it starts, text of that cue (the cues' texts joined by a space when the phrase runs across cues), form when the tokens spoken differ from the phrase.",
  }),
  totalCount: Type.Integer({ description: "Clips that say the phrase, at the requested levels and pace." }),
  nextCursor: NextCursor,
});

function presentPhraseHit(hit: PhraseHit) {
  return {
    ...presentClip(hit.clip, hit.occurrences[0] && embedStartS(hit.occurrences[0].tStartMs)),
    occurrences: hit.occurrences.map((o) => ({
      tStart: seconds(o.tStartMs),
      captionIdx: o.cueIdx,
      text: o.text,
      ...(o.form === undefined ? {} : { form: o.form }),
    })),
  };
}

export function registerPhraseClips(app: App, ctx: ApiContext): void {
  app.get(
    "/phrases/:phrase/clips",
    {
      config: {
        access: "keyed",
        cache: (request) =>
          (request.query as { order?: string }).order === "random" ? "no-store" : "snapshot",
      },
      schema: {
        summary: "Clips that contain a phrase",
        description:
          "Tokenises the phrase as captions are tokenised, then finds the clips in which its tokens are spoken one after the other, across caption cues. Tokens need not be catalogue words. A phrase of one token is a word lookup. Parameters, filters, paging, cursors and errors are those of word lookups.",
        tags: ["words"],
        params: Path,
        querystring: Query,
        response: {
          200: PhraseClipsResponse,
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          404: ErrorEnvelope,
          429: ErrorEnvelope,
        },
      },
    },
    async (request) => {
      const { phrase } = request.params;
      const q = request.query;
      const mode = q.match as MatchMode;
      const snapshot = ctx.snapshots.current();
      const index = catalogueOf(snapshot, q.language, phrase);
      const tokens = tokenise(phrase, q.language);
      if (tokens.length === 0) {
        throw new ApiError("invalid_request", `phrase must have at least one word, got "${phrase}"`);
      }
      if (tokens.length > MAX_PHRASE_TOKENS) {
        throw new ApiError(
          "invalid_request",
          `phrase must have at most ${MAX_PHRASE_TOKENS} words, got ${tokens.length}`,
        );
      }
      const levels = parseLevels(q.level);
      const pace = paceIndex(q.pace);
      const isKey = (value: unknown): value is number => Number.isSafeInteger(value);

      // One token is a word lookup, when the catalogue has it.
      const word = tokens.length === 1 ? resolveWord(index.catalog, index.fuzzy, phrase, mode) : undefined;
      if (word?.found) {
        const { entry } = word;
        const filters = filterKey({
          word: entry.wordId,
          language: q.language,
          level: levels,
          ...paceKey(q.pace),
        });
        const page =
          q.order === "random"
            ? randomClips(snapshot, q.language, entry, levels, q.limit, Math.random, pace)
            : recentClips(
                snapshot,
                q.language,
                entry,
                levels,
                readCursor(ctx, "phrase-clips", filters, q.cursor, isKey, "phrase and filters"),
                q.limit,
                pace,
              );
        return {
          query: phrase,
          phrase: entry.norm,
          matchType: word.matchType,
          word: presentWord(entry, q.gloss as Gloss),
          clips: withEveryOccurrence(snapshot, entry, page.hits, q.occurrences === "all").map((hit) =>
            presentWordHit(snapshot, hit),
          ),
          totalCount: page.totalCount,
          nextCursor:
            page.nextAfter === undefined ? null : ctx.cursors.encode("phrase-clips", filters, page.nextAfter),
        };
      }

      if (!snapshot.phrases.index.available) {
        throw new ApiError("not_found", `"${phrase}": this snapshot has no phrase index; rebuild it`);
      }
      const resolution = resolvePhrase(snapshot, q.language, index, tokens, mode);
      if (!resolution.found) {
        const how = mode === "strict" ? "" : " in any form";
        throw new ApiError(
          "not_found",
          `"${phrase}": no ${q.language} clip says "${resolution.missing}"${how}, so none says the phrase`,
        );
      }
      const filters = filterKey({
        phrase: resolution.tokens.join(" "),
        match: mode,
        language: q.language,
        level: levels,
        ...paceKey(q.pace),
      });
      const keep = paceFilter(snapshot, pace);
      const matches = snapshot.phrases.matches(resolution.places);
      let page: PhrasePage;
      if (q.order === "random") {
        page = randomPhrasePage(matches, levels, q.limit, Math.random, keep);
      } else {
        const after = readCursor(ctx, "phrase-clips", filters, q.cursor, isKey, "phrase and filters");
        page = recentPhrasePage(matches, levels, after, q.limit, keep);
      }
      const hits = hydratePhraseHits(
        snapshot,
        q.language,
        resolution.tokens,
        page.refs,
        q.occurrences === "all",
      );
      return {
        query: phrase,
        phrase: resolution.tokens.join(" "),
        matchType: resolution.corrected ? "fuzzy" : "exact",
        clips: hits.map(presentPhraseHit),
        totalCount: page.totalCount,
        nextCursor:
          page.nextAfter === undefined ? null : ctx.cursors.encode("phrase-clips", filters, page.nextAfter),
      };
    },
  );
}
