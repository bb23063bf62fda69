/**
 * The HTTP application: one error handler and envelope, the access hook, snapshot caching, the reference
 * documents, and a file per endpoint under `routes/`. Everything lives under `/v1`.
 */
import { createServer } from "node:http";
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest, LogController } from "fastify";
import { isAccessError } from "../access/errors.js";
import { registerWeb } from "../web/plugin.js";
import { accessHook, logsEveryRequest, setWindowHeaders } from "./access-hook.js";
import type { App } from "./app-type.js";
import type { ApiContext } from "./context.js";
import { registerDocs } from "./docs.js";
import { ApiError, envelope, unavailableError } from "./errors.js";
import {
  answerClientError,
  answerMalformedHead,
  answerWithoutRoutes,
  BODY_LIMIT_BYTES,
} from "./http/client-errors.js";
import { connectionGuard } from "./http/connection-guard.js";
import { CORS_EXPOSED_HEADERS, registerCors } from "./http/cors.js";
import { frontAnswers, proxyTrust } from "./http/front-answers.js";
import { credentialInQuery, pathProblem, queryProblem } from "./http/query-checks.js";
import { redactUrl } from "./http/redact.js";
import { REQUEST_ID_HEADER, requestIdOf } from "./http/request-id.js";
import { cut } from "./http/shown.js";
import { registerSnapshotCaching } from "./http/snapshot-caching.js";
import { registerClip } from "./routes/clip.js";
import { registerCorpus } from "./routes/corpus.js";
import { feedDirect, registerFeed } from "./routes/feed.js";
import { registerHealth } from "./routes/health.js";
import { registerPhraseClips } from "./routes/phrase-clips.js";
import { registerTopics } from "./routes/topics.js";
import { registerTranscript, transcriptDirect } from "./routes/transcript.js";
import { registerUsage } from "./routes/usage.js";
import { registerWordClips, wordClipsDirect } from "./routes/word-clips.js";
import { registerWords, wordsDirect } from "./routes/words.js";
import { validationMessage } from "./validation.js";

export interface AppOptions {
  logLevel: string;
  /** Proxies in front whose `X-Forwarded-For` entries are believed (false or 0: none; see `proxyTrust`). */
  trustProxy: number | false;
  /** Pretty, human logs are for terminals; services log JSON lines. */
  logger?: boolean;
  /** Origins a browser may call the API from: "*", a list, or none (no CORS headers). Default "*". */
  corsOrigins?: "*" | readonly string[];
  /** Where JSON log lines go; default standard output. */
  logStream?: NodeJS.WritableStream;
  /** Shorter or longer connection time limits than TIMEOUTS_MS. */
  timeoutsMs?: Partial<ConnectionTimeouts>;
}

export interface ConnectionTimeouts {
  HEADERS: number;
  REQUEST: number;
  IDLE: number;
  KEEP_ALIVE: number;
}

/**
 * Time limits on a connection, in milliseconds (see docs/deploy.md): the headers of a request must arrive
 * within HEADERS, the whole request within REQUEST, a connection idle for IDLE is closed, and a keep-alive
 * connection waits KEEP_ALIVE for its next request.
 */
export const TIMEOUTS_MS: Readonly<ConnectionTimeouts> = {
  HEADERS: 10_000,
  REQUEST: 30_000,
  IDLE: 60_000,
  KEEP_ALIVE: 5_000,
};

/*
 * No cap on the requests one keep-alive connection carries: past such a cap Node answers every further
 * request on the connection 503 (outside the error envelope) until the client reconnects, which load
 * generators and many HTTP clients do not do. What one connection can hold is bounded instead by the
 * time limits above and by the pipelining bound (`connection-guard.ts`).
 */

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

/** SQLite's answer when the snapshot file under an open connection was damaged or is being written. */
function isUnreadableSnapshot(error: { code?: string }): boolean {
  const code = String(error.code ?? "");
  return code.startsWith("SQLITE_CORRUPT") || code === "SQLITE_NOTADB" || code.startsWith("SQLITE_IOERR");
}

function toApiError(error: FastifyError, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  if (isAccessError(error, "unavailable")) return unavailableError();
  if (isUnreadableSnapshot(error)) {
    return new ApiError(
      "unavailable",
      "the index cannot be read right now (its file is being replaced or is damaged); retry in 1 s",
      1,
    );
  }
  if (error.validation) {
    const part = error.validationContext;
    const schema =
      part === "params" ? request.routeOptions.schema?.params : request.routeOptions.schema?.querystring;
    const input = part === "params" ? (request.params as Record<string, unknown>) : rawQuery(request);
    return new ApiError("invalid_request", validationMessage(error.validation, part, schema as never, input));
  }
  if (error.statusCode === 403 || error.statusCode === 404) {
    // A file the static pages refuse to serve (a path climbing out of their folder) is no file at all.
    return new ApiError("not_found", `no file or endpoint at ${cut(request.url.split("?")[0] ?? "")}`);
  }
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    // Fastify's own client errors: bad URL encoding, a body on GET, headers too large.
    return new ApiError("invalid_request", error.message);
  }
  return new ApiError("internal", "the server failed to answer; the failure is logged with this request id");
}

/** Every error the app answers goes out here: the envelope, the request id, never cached. */
function sendError(reply: FastifyReply, request: FastifyRequest, error: ApiError): FastifyReply {
  reply.header("Cache-Control", "no-store");
  reply.removeHeader("ETag");
  if (error.retryAfterS !== undefined) reply.header("Retry-After", error.retryAfterS);
  return reply.code(error.status).send(envelope(error, request.id));
}

/**
 * A request refused before the access check (a URL the router cannot take apart, a key in the query
 * string) still costs the client: it is counted in the client address's window, whose headers it carries,
 * and answered `rate_limited` when that window is full.
 */
async function refuseCounted(
  ctx: ApiContext,
  refusal: ApiError,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  if (ctx.gate) {
    const admission = await ctx.gate.admit({
      authorization: request.headers.authorization,
      clientAddress: request.ip,
      endpoint: "public",
    });
    setWindowHeaders(reply, admission.window);
    if (!admission.admitted && admission.code === "rate_limited") {
      return sendError(
        reply,
        request,
        new ApiError("rate_limited", admission.message, admission.retryAfterS),
      );
    }
  }
  return sendError(reply, request, refusal);
}

/** Sends `refusal` through `refuseCounted`, and any failure of the count through the same error path. */
function refuse(ctx: ApiContext, refusal: ApiError, request: FastifyRequest, reply: FastifyReply): void {
  refuseCounted(ctx, refusal, request, reply).catch((failure: unknown) => {
    if (isAccessError(failure) && failure.window !== undefined) setWindowHeaders(reply, failure.window);
    return sendError(reply, request, toApiError(failure as FastifyError, request));
  });
}

/** A URL the router cannot take apart (bad percent-encoding, an enormous segment): 400 in the envelope. */
function badUrlError(error: FastifyError): ApiError {
  return new ApiError(
    "invalid_request",
    error.code === "FST_ERR_BAD_URL"
      ? "the path is not valid percent-encoded UTF-8"
      : "a path segment is longer than 2048 characters",
  );
}

export async function buildApp(ctx: ApiContext, options: AppOptions): Promise<App> {
  const timeouts = { ...TIMEOUTS_MS, ...options.timeoutsMs };
  const corsOrigins = options.corsOrigins ?? "*";
  /**
   * The CORS headers of a refusal made before the CORS hook runs (a URL the router cannot take apart, a key
   * in the query string), as that hook would set them: a browser script can then read why it was refused.
   */
  const corsOnRefusal = (request: FastifyRequest, reply: FastifyReply): void => {
    const origin = request.headers.origin;
    if (corsOrigins === "*") reply.header("Access-Control-Allow-Origin", "*");
    else if (origin !== undefined && corsOrigins.includes(origin)) {
      reply.header("Access-Control-Allow-Origin", origin);
      reply.header("Vary", "Origin");
    } else return;
    reply.header("Access-Control-Expose-Headers", CORS_EXPOSED_HEADERS.join(", "));
  };
  let closing = false;
  const inFront = frontAnswers(
    ctx,
    {
      trustProxy: options.trustProxy,
      cors: corsOrigins === "*" ? "*" : corsOrigins.length === 0 ? "off" : "list",
      logsEveryRequest: options.logger !== false && logsEveryRequest(options.logLevel),
    },
    () => closing,
    [
      wordClipsDirect(ctx, API_PREFIX),
      transcriptDirect(ctx, API_PREFIX),
      feedDirect(ctx, API_PREFIX),
      wordsDirect(ctx, API_PREFIX),
    ],
  );
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: options.logLevel,
            ...(options.logStream === undefined ? {} : { stream: options.logStream }),
            serializers: {
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: redactUrl(request.url),
                host: request.host,
                remoteAddress: request.ip,
                remotePort: request.socket?.remotePort ?? 0,
              }),
            },
          },
    trustProxy: proxyTrust(options.trustProxy),
    requestIdHeader: false,
    genReqId: requestIdOf,
    clientErrorHandler: answerClientError,
    connectionTimeout: timeouts.IDLE,
    keepAliveTimeout: timeouts.KEEP_ALIVE,
    requestTimeout: timeouts.REQUEST,
    // A read-only API takes no bodies; a body larger than this is refused unread (one declared larger is
    // refused before any route, by `answerMalformedHead`).
    bodyLimit: BODY_LIMIT_BYTES,
    logController: new LogController({ requestIdLogLabel: "requestId" }),
    // Long path parameters reach the route's schema, which answers them in the envelope.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    frameworkErrors: (error, request, reply) => {
      corsOnRefusal(request, reply);
      refuse(ctx, badUrlError(error), request, reply);
    },
    ajv: { customOptions: { keywords: ["x-expected"] } },
    // As Fastify makes its server, with the answers in front of its handler (front-answers.ts). Node checks the header
    // and request timeouts every connectionsCheckingInterval; its default (30 s) would let them run late.
    serverFactory: (handler) => {
      const server = createServer(
        {
          headersTimeout: timeouts.HEADERS,
          connectionsCheckingInterval: Math.min(1_000, timeouts.HEADERS / 2),
          // Answered by `answerMalformedHead`, in the envelope, instead of Node's empty 400.
          requireHostHeader: false,
        },
        inFront === undefined
          ? (request, response) => answerMalformedHead(request, response) || handler(request, response)
          : (request, response) =>
              answerMalformedHead(request, response) ||
              inFront(request, response) ||
              handler(request, response),
      );
      server.keepAliveTimeout = timeouts.KEEP_ALIVE;
      server.requestTimeout = timeouts.REQUEST;
      server.setTimeout(timeouts.IDLE);
      // CONNECT and an Expect other than 100-continue, which Node answers without a route: in the envelope.
      answerWithoutRoutes(server);
      return server;
    },
  }).withTypeProvider() as unknown as App;
  app.addHook("preClose", (done) => {
    closing = true;
    done();
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = toApiError(error, request);
    if (apiError.code === "internal") request.log.error({ err: error }, "request failed");
    else if (apiError.code === "unavailable" && isUnreadableSnapshot(error))
      request.log.error({ err: error }, "the snapshot could not be read; answered unavailable");
    return sendError(reply, request, apiError);
  });

  /** 405 for another method on a path that has a GET route (with its Allow header), else 404. */
  const noRouteError = (request: FastifyRequest, reply: FastifyReply): ApiError => {
    const path = request.url.split("?")[0] ?? "";
    const other = app.findRoute({ method: "GET", url: path });
    if (other && request.method !== "GET" && request.method !== "HEAD") {
      reply.header("Allow", "GET, HEAD");
      return new ApiError(
        "method_not_allowed",
        `${request.method} is not allowed on ${cut(path)}; this API is read-only, use GET`,
      );
    }
    return new ApiError(
      "not_found",
      `no endpoint at ${request.method} ${cut(path)}; the reference is at /docs`,
    );
  };
  app.setNotFoundHandler((request, reply) => sendError(reply, request, noRouteError(request, reply)));

  app.addHook("onRequest", (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    connectionGuard(request, reply, (refused) => {
      if (refused) return done(refused);
      // Before the access check: a key sent in the URL is refused whether or not a header comes with it.
      const leaked = credentialInQuery(request.query as Record<string, unknown>);
      if (leaked !== undefined) {
        corsOnRefusal(request, reply);
        return refuse(ctx, leaked, request, reply);
      }
      // No route: answered before a body is read, so a body it would refuse (malformed JSON on a POST)
      // does not turn the 405 or 404 into a 400.
      if (!request.is404) return done();
      corsOnRefusal(request, reply);
      refuse(ctx, noRouteError(request, reply), request, reply);
    });
  });
  if (corsOrigins === "*" || corsOrigins.length > 0) await registerCors(app, corsOrigins);
  if (ctx.gate) app.addHook("onRequest", accessHook(ctx.gate));
  app.addHook("preValidation", (request, _reply, done) => {
    const schema = request.routeOptions.schema;
    // API routes only: the CORS preflight route and the reference pages take what browsers send.
    if (schema === undefined || !request.routeOptions.url?.startsWith(API_PREFIX)) return done();
    done(
      pathProblem((request.params ?? {}) as Record<string, unknown>) ??
        queryProblem(request.query as Record<string, unknown>, schema.querystring as never),
    );
  });

  registerSnapshotCaching(app, ctx);

  await registerDocs(app, API_PREFIX);
  registerHealth(app, ctx);
  await app.register(
    async (v1) => {
      const api = v1 as App;
      registerWords(api, ctx);
      registerWordClips(api, ctx);
      registerPhraseClips(api, ctx);
      registerClip(api, ctx);
      registerTranscript(api, ctx);
      registerTopics(api, ctx);
      registerCorpus(api, ctx);
      registerUsage(api, ctx);
      registerFeed(api, ctx);
    },
    { prefix: API_PREFIX },
  );
  await registerWeb(app, ctx);
  return app;
}
