/** GET /words/{word}/clips: the clips whose captions contain a word, with the second it is spoken. */
import Type, { type Static } from "typebox";
import { type Gloss, MATCH_TYPES } from "../../domain.js";
import type { ClipFragments } from "../../index/clip-fragments.js";
import { MATCH_MODES, resolveWord } from "../../index/lookup.js";
import type { LanguageIndex, Snapshot } from "../../index/snapshot.js";
import { type ClipHit, randomClips, recentClips } from "../../index/word-clips.js";
import { type WordOccurrence, withEveryOccurrence } from "../../index/word-occurrences.js";
import { paceIndex } from "../../snapshot/pace.js";
import { JsonBytes, jsonPiece } from "../../text/json-bytes.js";
import type { App } from "../app-type.js";
import type { ApiContext } from "../context.js";
import { readCursor } from "../cursor-param.js";
import { ApiError, ErrorEnvelope } from "../errors.js";
import { type DirectRoute, directRoute } from "../http/direct-routes.js";
import { filterKey, paceKey, parseLevels } from "../params.js";
import { embedStartS, presentClip, seconds, wordWriter } from "../present.js";
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
  order: Params.order,
  limit: Params.limit,
  cursor: Type.Optional(Params.cursor),
  occurrences: Params.occurrences,
  pace: Type.Optional(Params.pace),
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
  totalCount: Type.Integer({ description: "Clips of the word at the requested levels and pace." }),
  nextCursor: NextCursor,
});

/** An occurrence as the response schema serialises it. */
function occurrenceJson(o: Pick<WordOccurrence, "tStartMs" | "cueIdx" | "cueText" | "form">): string {
  const form = o.form === undefined ? "" : `,"form":${JSON.stringify(o.form)}`;
  return `{"tStart":${seconds(o.tStartMs)},"captionIdx":${o.cueIdx},"text":${JSON.stringify(o.cueText)}${form}}`;
}

const OCCURRENCE_T_START = jsonPiece(',"occurrences":[{"tStart":');
const CAPTION_IDX = jsonPiece(',"captionIdx":');
const TEXT = jsonPiece(',"text":');
const FORM = jsonPiece(',"form":');
const OCCURRENCE_END = jsonPiece("}]");

/**
 * Writes one clip of the answer: the clip summary spliced from memory, then its occurrence, whose cue text
 * and form are copied from the posting block as the JSON bytes it stores. The bytes are what the response
 * schema would serialise from the objects, without building them.
 */
export function writeHit(out: JsonBytes, fragments: ClipFragments, hit: ClipHit): void {
  fragments.writeOpen(out, hit.clip.row, embedStartS(hit.tStartMs));
  out.raw(OCCURRENCE_T_START).seconds(hit.tStartMs);
  out.raw(CAPTION_IDX).number(hit.cueIdx).raw(TEXT);
  hit.writeCue(out);
  if (hit.hasForm) {
    out.raw(FORM);
    hit.writeForm(out);
  }
  out.raw(OCCURRENCE_END);
  fragments.writeClose(out, hit.clip.row);
}

/** A hit with every occurrence (`occurrences=all`, read from the transcript), written the same way. */
function writeClip(
  out: JsonBytes,
  fragments: ClipFragments,
  { hit, every }: { hit: ClipHit; every?: readonly WordOccurrence[] },
): void {
  if (every === undefined) {
    writeHit(out, fragments, hit);
    return;
  }
  fragments.writeOpen(out, hit.clip.row, embedStartS((every[0] ?? hit).tStartMs));
  out.text(`,"occurrences":[${every.map(occurrenceJson).join(",")}]`);
  fragments.writeClose(out, hit.clip.row);
}

/** The same clip as objects, for answers that are not spliced (phrase lookups of one word). */
export function presentWordHit(
  snapshot: Snapshot,
  { hit, every }: { hit: ClipHit; every?: readonly WordOccurrence[] },
) {
  const record = snapshot.clips.clip(hit.clip.clipNo);
  if (record === undefined) throw new Error(`clip ${hit.clip.clipNo} of a page is not in the snapshot`);
  const first = { tStartMs: hit.tStartMs, cueIdx: hit.cueIdx, cueText: hit.cueText, form: hit.form };
  const listed = every ?? [first];
  return {
    ...presentClip(record, embedStartS((listed[0] ?? first).tStartMs)),
    occurrences: listed.map((o) => ({
      tStart: seconds(o.tStartMs),
      captionIdx: o.cueIdx,
      text: o.cueText,
      ...(o.form === undefined ? {} : { form: o.form }),
    })),
  };
}

/** The index of the clip language `language`, or 404 naming what was asked (a word or a phrase). */
export function catalogueOf(snapshot: Snapshot, language: string, asked: string): LanguageIndex {
  const index = snapshot.language(language);
  if (index === undefined) {
    throw new ApiError(
      "not_found",
      `"${asked}" is not in a catalogue: no clip language "${language}" (see /corpus)`,
    );
  }
  return index;
}

/** The answer's JSON bytes; throws an ApiError for a word no catalogue has or a cursor of other filters. */
function wordClipsAnswer(ctx: ApiContext) {
  return ({ word }: Static<typeof Path>, q: Static<typeof Query>): Buffer => {
    const snapshot = ctx.snapshots.current();
    const index = catalogueOf(snapshot, q.language, word);
    const resolution = resolveWord(index.catalog, index.fuzzy, word, q.match as (typeof MATCH_MODES)[number]);
    if (!resolution.found) {
      const guesses = resolution.guesses.map((g) => g.word);
      const hint = guesses.length > 0 ? `; did you mean: ${guesses.join(", ")}?` : "";
      const mode = q.match === "fuzzy" ? "" : ` (match=${q.match})`;
      throw new ApiError("not_found", `"${word}" is not in the ${q.language} catalogue${mode}${hint}`);
    }
    const { entry } = resolution;
    const levels = parseLevels(q.level);
    const pace = paceIndex(q.pace);
    const filters = filterKey({
      word: entry.wordId,
      language: q.language,
      level: levels,
      ...paceKey(q.pace),
    });
    let page: ReturnType<typeof recentClips>;
    if (q.order === "random") {
      page = randomClips(snapshot, q.language, entry, levels, q.limit, Math.random, pace);
    } else {
      const isKey = (value: unknown): value is number => Number.isSafeInteger(value);
      const after = readCursor(ctx, "word-clips", filters, q.cursor, isKey, "word and filters");
      page = recentClips(snapshot, q.language, entry, levels, after, q.limit, pace);
    }
    const nextCursor =
      page.nextAfter === undefined ? null : ctx.cursors.encode("word-clips", filters, page.nextAfter);
    const hits = withEveryOccurrence(snapshot, entry, page.hits, q.occurrences === "all");
    // Written in the response schema's key order (WordClipsResponse), as its serialiser would write it.
    const out = JsonBytes.reused();
    out.text('{"query":').string(word).text(',"matchedWord":').string(entry.word);
    out.text(',"matchType":').string(resolution.matchType);
    out.text(',"didYouMean":').text(JSON.stringify(resolution.didYouMean.map((e) => e.word)));
    out.text(',"word":');
    wordWriter(index.catalog).write(out, entry, q.gloss as Gloss);
    out.text(',"clips":[');
    for (let i = 0; i < hits.length; i++) {
      if (i > 0) out.text(",");
      writeClip(out, snapshot.fragments, hits[i] as (typeof hits)[number]);
    }
    out
      .text('],"totalCount":')
      .number(page.totalCount)
      .text(',"nextCursor":')
      .text(JSON.stringify(nextCursor));
    return out.text("}").done();
  };
}

/**
 * The route for plain requests, answered before the framework (`direct-routes.ts`). A random sample is
 * drawn afresh and never cached: the framework answers it.
 */
export function wordClipsDirect(ctx: ApiContext, prefix: string): DirectRoute {
  const answer = wordClipsAnswer(ctx);
  return directRoute({
    path: `${prefix}/words/:word/clips`,
    params: Path,
    query: Query,
    access: "keyed",
    takes: (query) => query.order !== "random",
    answer,
  });
}

export function registerWordClips(app: App, ctx: ApiContext): void {
  const answer = wordClipsAnswer(ctx);
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
          "Normalises the word, then matches it against the catalogue, its inflected forms and near spellings, as `match` allows. Each clip carries the first time the word is spoken, the cue that contains it, and an embed URL that starts a second before it. level and pace filter the clips; a cursor is bound to the word and its filters.",
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
    async (request, reply) =>
      // Already JSON: sent as it is (the schema serialiser is for objects).
      reply.type("application/json; charset=utf-8").send(answer(request.params, request.query) as never),
  );
}
