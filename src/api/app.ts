/**
 * The HTTP application: one error handler and envelope, the access hook, snapshot caching, the reference
 * documents, and a file per endpoint under `routes/`. Everything lives under `/v1`.
 */
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest, LogController } from "fastify";
import { isAccessError } from "../access/errors.js";
import { accessHook, setWindowHeaders } from "./access-hook.js";
import type { App } from "./app-type.js";
import { etagMatches, SNAPSHOT_MAX_AGE_S, snapshotEtag } from "./caching.js";
import type { ApiContext } from "./context.js";
import { registerDocs } from "./docs.js";
import { ApiError, envelope, unavailableError } from "./errors.js";
import { registerClip } from "./routes/clip.js";
import { registerCorpus } from "./routes/corpus.js";
import { registerFeed } from "./routes/feed.js";
import { registerHealth } from "./routes/health.js";
import { registerTopics } from "./routes/topics.js";
import { registerTranscript } from "./routes/transcript.js";
import { registerUsage } from "./routes/usage.js";
import { registerWordClips } from "./routes/word-clips.js";
import { registerWords } from "./routes/words.js";
import { validationMessage } from "./validation.js";

export interface AppOptions {
  logLevel: string;
  trustProxy: boolean;
  /** Pretty, human logs are for terminals; services log JSON lines. */
  logger?: boolean;
}

export const API_PREFIX = "/v1";

function rawQuery(request: FastifyRequest): Record<string, unknown> {
  const at = request.url.indexOf("?");
  const params = new URLSearchParams(at === -1 ? "" : request.url.slice(at + 1));
  const out: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    out[key] = all.length === 1 ? all[0] : all;
  }
  return out;
}

function toApiError(error: FastifyError, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  if (isAccessError(error, "unavailable")) return unavailableError();
  if (error.validation) {
    const part = error.validationContext;
    const schema =
      part === "params" ? request.routeOptions.schema?.params : request.routeOptions.schema?.querystring;
    const input = part === "params" ? (request.params as Record<string, unknown>) : rawQuery(request);
    return new ApiError("invalid_request", validationMessage(error.validation, part, schema as never, input));
  }
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    // Fastify's own client errors: bad URL encoding, a body on GET, headers too large.
    return new ApiError(error.statusCode === 404 ? "not_found" : "invalid_request", error.message);
  }
  return new ApiError("internal", "the server failed to answer; the failure is logged with this request id");
}

/** A URL the router cannot take apart (bad percent-encoding, an enormous segment): 400 in the envelope. */
async function answerBadUrl(
  ctx: ApiContext,
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  reply.header("Cache-Control", "no-store");
  if (ctx.gate) {
    const admission = await ctx.gate.admit({
      authorization: request.headers.authorization,
      clientAddress: request.ip,
      endpoint: "public",
    });
    setWindowHeaders(reply, admission.window);
    if (!admission.admitted && admission.code === "rate_limited") {
      reply.header("Retry-After", admission.retryAfterS);
      const limited = new ApiError("rate_limited", admission.message, admission.retryAfterS);
      return reply.code(limited.status).send(envelope(limited, request.id));
    }
  }
  const message =
    error.code === "FST_ERR_BAD_URL"
      ? "the path is not valid percent-encoded UTF-8"
      : "a path segment is longer than 2048 characters";
  return reply.code(400).send(envelope(new ApiError("invalid_request", message), request.id));
}

export async function buildApp(ctx: ApiContext, options: AppOptions): Promise<App> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: options.logLevel },
    trustProxy: options.trustProxy,
    requestIdHeader: "x-request-id",
    logController: new LogController({ requestIdLogLabel: "requestId" }),
    // Long path parameters reach the route's schema, which answers them in the envelope.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    frameworkErrors: (error, request, reply) => {
      void answerBadUrl(ctx, error, request, reply);
    },
    ajv: { customOptions: { keywords: ["x-expected"] } },
  }).withTypeProvider() as unknown as App;

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = toApiError(error, request);
    if (apiError.code === "internal") request.log.error({ err: error }, "request failed");
    reply.header("Cache-Control", "no-store");
    reply.removeHeader("ETag");
    if (apiError.retryAfterS !== undefined) reply.header("Retry-After", apiError.retryAfterS);
    return reply.code(apiError.status).send(envelope(apiError, request.id));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const other = app.findRoute({ method: "GET", url: path });
    const error =
      other && request.method !== "GET" && request.method !== "HEAD"
        ? new ApiError(
            "method_not_allowed",
            `${request.method} is not allowed on ${path}; this API is read-only, use GET`,
          )
        : new ApiError("not_found", `no endpoint at ${request.method} ${path}; the reference is at /docs`);
    if (error.code === "method_not_allowed") reply.header("Allow", "GET, HEAD");
    reply.header("Cache-Control", "no-store");
    return reply.code(error.status).send(envelope(error, request.id));
  });

  if (ctx.gate) app.addHook("onRequest", accessHook(ctx.gate));

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
    const body = ctx.responses.get(key);
    if (body === undefined) {
      request.responseKey = key;
      return done();
    }
    reply.type("application/json; charset=utf-8").send(body);
  });

  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.responseKey !== undefined && reply.statusCode === 200 && typeof payload === "string") {
      ctx.responses?.set(request.responseKey, payload);
    }
    done(null, payload);
  });

  await registerDocs(app, API_PREFIX);
  registerHealth(app, ctx);
  await app.register(
    async (v1) => {
      const api = v1 as App;
      registerWords(api, ctx);
      registerWordClips(api, ctx);
      registerClip(api, ctx);
      registerTranscript(api, ctx);
      registerTopics(api, ctx);
      registerCorpus(api, ctx);
      registerUsage(api, ctx);
      registerFeed(api, ctx);
    },
    { prefix: API_PREFIX },
  );
  return app;
}
