/**
 * The framework's side of answers that depend only on the snapshot and the query: the ETag and
 * Cache-Control, a 304 for a matching If-None-Match before the index is touched, an answer from the
 * response cache, and a new 200 answer kept in it (as the bytes sent). A repeated GET is mostly answered
 * before the framework (`front-answers.ts`); these hooks answer the rest the same way.
 */
import type { App } from "../app-type.js";
import { etagMatches, SNAPSHOT_MAX_AGE_S, snapshotEtag } from "../caching.js";
import type { ApiContext } from "../context.js";

export function registerSnapshotCaching(app: App, ctx: ApiContext): void {
  // Callback hooks, not async ones: a cached answer (the common case) goes out without a promise.
  app.addHook("preHandler", (request, reply, done) => {
    const policy = request.routeOptions.config.cache;
    const cache = typeof policy === "function" ? policy(request) : policy;
    if (cache === undefined) return done();
    if (cache === "no-store") {
      reply.header("Cache-Control", "no-store");
      return done();
    }
    const buildId = ctx.snapshots.current().buildId;
    const etag = snapshotEtag(buildId, request.url);
    reply.header("ETag", etag);
    reply.header("Cache-Control", `private, max-age=${SNAPSHOT_MAX_AGE_S}`);
    // Answered here, `done` is not called: the handler does not run.
    if (etagMatches(request.headers["if-none-match"], etag)) {
      reply.code(304).send();
      return;
    }
    if (ctx.responses === undefined) return done();
    const key = `${buildId}\0${request.url}`;
    const answer = ctx.responses.get(key);
    if (answer === undefined) {
      request.responseKey = key;
      return done();
    }
    reply.type("application/json; charset=utf-8").send(answer.body);
  });

  app.addHook("onSend", (request, reply, payload, done) => {
    if (
      request.responseKey !== undefined &&
      reply.statusCode === 200 &&
      (typeof payload === "string" || Buffer.isBuffer(payload))
    ) {
      // Encoded once: the bytes kept are the bytes sent, now and on every hit.
      const body = typeof payload === "string" ? Buffer.from(payload) : payload;
      ctx.responses?.set(request.responseKey, {
        body,
        access: request.routeOptions.config.access ?? "none",
        etag: reply.getHeader("etag") as string,
      });
      return done(null, body);
    }
    done(null, payload);
  });
}
