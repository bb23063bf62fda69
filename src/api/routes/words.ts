/** GET /words: catalogue words with their clip counts, by coverage, or matching a prefix or substring. */
import Type, { type Static } from "typebox";
import type { Gloss } from "../../domain.js";
import type { WordCatalog, WordEntry } from "../../index/word-catalog.js";
import type { MatchGroup, WordPosition } from "../../index/word-search.js";
import { JsonBytes, jsonPiece } from "../../text/json-bytes.js";
import { searchKey } from "../../text/tokenise.js";
import type { App } from "../app-type.js";
import type { ApiContext } from "../context.js";
import { readCursor } from "../cursor-param.js";
import { ErrorEnvelope } from "../errors.js";
import { type DirectRoute, directRoute } from "../http/direct-routes.js";
import { filterKey, parseLevels } from "../params.js";
import { wordWriter } from "../present.js";
import { NextCursor, Params, Word } from "../schemas.js";

const Query = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: 100,
      description:
        "Prefix or substring to search for, folded like a lookup. The exact word comes first, then words starting with q, then words containing it, each by coverage. When omitted, words are listed by coverage.",
    }),
  ),
  language: Params.language,
  gloss: Params.gloss,
  level: Type.Optional({
    ...Params.level,
    description: "CEFR levels of the words to keep, comma separated.",
  }),
  hasClips: Type.Boolean({ default: true, description: "Restrict to words with at least one clip." }),
  limit: Params.limit,
  cursor: Type.Optional(Params.cursor),
});

/** The answer's schema (exported for the test that holds the route's bytes to its serialiser's). */
export const WordsResponse = Type.Object({
  words: Type.Array(Word),
  totalCount: Type.Integer({ description: "Words matching the query and filters." }),
  nextCursor: NextCursor,
});

function isPosition(value: unknown): value is [MatchGroup, number, string] {
  return (
    Array.isArray(value) &&
    value.length === 3 &&
    [0, 1, 2, 3].includes(value[0]) &&
    Number.isSafeInteger(value[1]) &&
    typeof value[2] === "string"
  );
}

interface WordsPage {
  /** Undefined for a page of no words from no catalogue. */
  catalog?: WordCatalog;
  entries: readonly WordEntry[];
  totalCount: number;
  nextCursor: string | null;
}

const EMPTY_PAGE: WordsPage = { entries: [], totalCount: 0, nextCursor: null };

/** The page of words; throws an ApiError for a cursor of other filters. */
function wordsPage(ctx: ApiContext, q: Static<typeof Query>): WordsPage {
  const key = q.q === undefined ? "" : searchKey(q.q, q.language);
  const levels = parseLevels(q.level);
  const filters = filterKey({ q: key, language: q.language, level: levels, hasClips: q.hasClips });
  // The cursor is checked before any early answer: one of other filters is a 400 even where no word matches.
  const position = readCursor(ctx, "words", filters, q.cursor, isPosition, "q and filters");
  const index = ctx.snapshots.current().language(q.language);
  if (index === undefined) return EMPTY_PAGE;
  // An empty q (a cleared search box) lists by coverage, like no q; a q of punctuation alone matches nothing.
  if (q.q !== undefined && q.q.trim() !== "" && key === "") return EMPTY_PAGE;
  const after: WordPosition | undefined = position && {
    group: position[0],
    clipCount: position[1],
    norm: position[2],
  };
  const page = index.search.page({ q: key, levels, hasClips: q.hasClips }, after, q.limit);
  const last = page.entries[page.entries.length - 1] as WordEntry | undefined;
  const nextCursor =
    page.more && last !== undefined
      ? ctx.cursors.encode("words", filters, [page.groups[page.groups.length - 1], last.clipCount, last.norm])
      : null;
  return { catalog: index.catalog, entries: page.entries, totalCount: page.totalCount, nextCursor };
}

const WORDS = jsonPiece('{"words":[');
const TOTAL_COUNT = jsonPiece('],"totalCount":');
const NEXT_CURSOR = jsonPiece(',"nextCursor":');
const END = jsonPiece("}");

/**
 * The answer in the response schema's key order (`WordsResponse`), as its serialiser writes it: the same bytes
 * as the serialiser Fastify compiles for a route's 200 answer, without building the words as objects.
 */
function wordsAnswer(ctx: ApiContext) {
  return (q: Static<typeof Query>): Buffer => {
    const page = wordsPage(ctx, q);
    const out = JsonBytes.reused().raw(WORDS);
    if (page.catalog !== undefined) {
      const writer = wordWriter(page.catalog);
      page.entries.forEach((entry, i) => {
        if (i > 0) out.text(",");
        writer.write(out, entry, q.gloss as Gloss);
      });
    }
    out.raw(TOTAL_COUNT).number(page.totalCount).raw(NEXT_CURSOR);
    if (page.nextCursor === null) out.text("null");
    else out.string(page.nextCursor);
    return out.raw(END).done();
  };
}

/** The route for plain requests, answered before the framework (`direct-routes.ts`). */
export function wordsDirect(ctx: ApiContext, prefix: string): DirectRoute {
  const answer = wordsAnswer(ctx);
  return directRoute({
    path: `${prefix}/words`,
    query: Query,
    access: "keyed",
    answer: (_params, query) => answer(query),
  });
}

export function registerWords(app: App, ctx: ApiContext): void {
  const answer = wordsAnswer(ctx);
  app.get(
    "/words",
    {
      config: { access: "keyed", cache: "snapshot" },
      schema: {
        summary: "Search the covered vocabulary",
        description:
          "Catalogue words with the number of clips indexed for each: coverage checks and autocomplete.",
        tags: ["words"],
        querystring: Query,
        response: { 200: WordsResponse, 400: ErrorEnvelope, 401: ErrorEnvelope, 429: ErrorEnvelope },
      },
    },
    async (request, reply) =>
      // Already JSON: sent as it is.
      reply.type("application/json; charset=utf-8").send(answer(request.query) as never),
  );
}
