/**
 * GET /feed: a shuffled clip feed. The seed fixes the order; without one the server draws a seed and
 * echoes it, so the caller can continue the same sequence by sending it back with every cursor.
 */
import { randomBytes } from "node:crypto";
import Type, { type Static } from "typebox";
import type { FeedPosition } from "../../index/feed.js";
import { paceIndex } from "../../snapshot/pace.js";
import { JsonBytes } from "../../text/json-bytes.js";
import type { App } from "../app-type.js";
import type { ApiContext } from "../context.js";
import { checkCursorForm, readCursor } from "../cursor-param.js";
import { ErrorEnvelope } from "../errors.js";
import { type DirectRoute, directRoute } from "../http/direct-routes.js";
import { filterKey, paceKey, parseLevels } from "../params.js";
import { FeedClip, NextCursor, Params } from "../schemas.js";

const Query = Type.Object({
  seed: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 128,
      description:
        "Fixes the shuffle. A stable per-user string gives each user one order; send it again with every cursor. Without it the server draws one and echoes it, and a cursor sent without it starts a fresh shuffle (its page repeats clips of the page before).",
    }),
  ),
  level: Type.Optional(Params.level),
  language: Params.language,
  topic: Type.Optional(Params.topic),
  pace: Type.Optional(Params.pace),
  limit: Params.limit,
  cursor: Type.Optional(Params.cursor),
});

const Response = Type.Object({
  seed: Type.String({
    description:
      "The seed of this order: the one sent, or, when none was sent, the one the server drew. Send it back with every cursor to continue the same sequence.",
  }),
  clips: Type.Array(FeedClip, {
    description:
      "Up to limit clips, next in the seed's order, that pass the filters. Each clip appears once in a walk of the whole sequence.",
  }),
  nextCursor: NextCursor,
});

function isPosition(value: unknown): value is [number, number, number] {
  return Array.isArray(value) && value.length === 3 && value.every((v) => Number.isSafeInteger(v) && v >= 0);
}

/** The answer's JSON bytes; throws an ApiError for a malformed cursor or one of other filters. */
function feedAnswer(ctx: ApiContext) {
  return (q: Static<typeof Query>): Buffer => {
    // Without a seed a request is a fresh shuffle, a cursor's too (the contract: page two then repeats
    // clips of page one). Its filters cannot be checked without the seed its MAC covers, so only its form
    // is, and its place in another order is not used: the page is the first of the new order.
    const fresh = q.seed === undefined;
    if (fresh && q.cursor !== undefined) {
      checkCursorForm(
        ctx,
        q.cursor,
        isPosition,
        "send the nextCursor of a page, with the seed that page echoed to continue its order",
      );
    }
    const seed = q.seed ?? randomBytes(12).toString("base64url");
    const levels = parseLevels(q.level);
    const filters = filterKey({
      seed,
      language: q.language,
      level: levels,
      topic: q.topic,
      ...paceKey(q.pace),
    });
    const position = fresh
      ? undefined
      : readCursor(ctx, "feed", filters, q.cursor, isPosition, "seed and filters");
    const after: FeedPosition | undefined = position && {
      bucket: position[0],
      key: position[1],
      clipNo: position[2],
    };
    const snapshot = ctx.snapshots.current();
    const page = snapshot.feed.page(
      seed,
      { language: q.language, levels, topic: q.topic, pace: paceIndex(q.pace) },
      after,
      q.limit,
    );
    const last = page.last;
    const nextCursor =
      page.more && last ? ctx.cursors.encode("feed", filters, [last.bucket, last.key, last.clipNo]) : null;
    // The clip summaries from memory, written in the response schema's key order.
    const fragments = snapshot.fragments;
    const out = JsonBytes.reused().text('{"seed":').string(seed).text(',"clips":[');
    let first = true;
    for (const clipNo of page.clipNos) {
      const row = fragments.row(clipNo);
      if (row === -1) continue;
      if (!first) out.text(",");
      first = false;
      fragments.writeOpen(out, row);
      fragments.writeClose(out, row);
    }
    out.text('],"nextCursor":').text(JSON.stringify(nextCursor)).text("}");
    return out.done();
  };
}

/**
 * The route for plain requests, answered before the framework (`direct-routes.ts`). Without a seed every
 * request is a fresh shuffle, never cached: the framework answers it.
 */
export function feedDirect(ctx: ApiContext, prefix: string): DirectRoute {
  const answer = feedAnswer(ctx);
  return directRoute({
    path: `${prefix}/feed`,
    query: Query,
    access: "keyed",
    takes: (query) => query.seed !== undefined,
    answer: (_params, query) => answer(query),
  });
}

export function registerFeed(app: App, ctx: ApiContext): void {
  const answer = feedAnswer(ctx);
  app.get(
    "/feed",
    {
      config: {
        access: "keyed",
        // Without a seed every request is a fresh shuffle: never cached, never "not modified".
        cache: (request) =>
          (request.query as { seed?: string }).seed === undefined ? "no-store" : "snapshot",
      },
      schema: {
        summary: "Shuffled clip feed",
        description:
          "The same seed and cursor continue one sequence; a new seed is a new order. Without a seed, every request is a fresh shuffle. language, level, topic and pace filter the clips; a cursor is bound to its seed and filters.",
        tags: ["clips"],
        querystring: Query,
        response: { 200: Response, 400: ErrorEnvelope, 401: ErrorEnvelope, 429: ErrorEnvelope },
      },
    },
    async (request, reply) =>
      // Already JSON: sent as it is (the schema serialiser is for objects).
      reply.type("application/json; charset=utf-8").send(answer(request.query) as never),
  );
}
