/**
 * The framework's side of answers that depend only on the snapshot and the query: the ETag and
 * Cache-Control, an answer from the response cache, a new 200 answer kept in it (as the bytes sent), and a
 * 304 for a matching If-None-Match. A 304 stands for a 200 only: it is answered before the handler when the
 * response cache holds the URL's answer (only 200 answers are kept), else once the handler has answered
 * 200, so a clip or word that does not exist, or a cursor refused, is its 404 or 400 whatever the request's
 * If-None-Match (the ETag, built from the snapshot and the URL, does not say the URL has an answer). A
 * repeated GET is mostly answered before the framework (`front-answers.ts`); these hooks answer the rest the
 * same way.
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
    const notModified = etagMatches(request.headers["if-none-match"], etag);
    const key = `${buildId}\0${request.url}`;
    const answer = ctx.responses?.get(key);
    if (answer === undefined) {
      if (ctx.responses !== undefined) request.responseKey = key;
      // Decided when the handler has answered (onSend below): a 304 only for its 200.
      if (notModified) request.notModified = true;
      return done();
    }
    // Answered here, `done` is not called: the handler does not run.
    if (notModified) reply.code(304).send();
    else reply.type("application/json; charset=utf-8").send(answer.body);
  });

  app.addHook("onSend", (request, reply, payload, done) => {
    if (reply.statusCode !== 200) return done(null, payload);
    if (request.responseKey !== undefined && (typeof payload === "string" || Buffer.isBuffer(payload))) {
      // Encoded once: the bytes kept are the bytes sent, now and on every hit.
      const body = typeof payload === "string" ? Buffer.from(payload) : payload;
      ctx.responses?.set(request.responseKey, {
        body,
        access: request.routeOptions.config.access ?? "none",
        etag: reply.getHeader("etag") as string,
      });
      payload = body;
    }
    if (request.notModified === true) {
      // The answer is a 200 of the ETag the client holds: not modified, no body.
      reply.code(304);
      reply.removeHeader("content-type");
      reply.removeHeader("content-length");
      return done(null, null);
    }
    done(null, payload);
  });
}
