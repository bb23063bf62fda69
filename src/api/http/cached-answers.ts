/**
 * Cached answers before the framework. A GET whose URL the response cache holds an answer for is answered
 * from the raw request: its connection is within bounds, the gate admits it (the same `admit` the access
 * hook calls, with the same client address), and the bytes go out with the headers the routes would have
 * set (request id, minute window, ETag, Cache-Control, CORS). Routing, validation and the hooks are skipped:
 * they decided the same URL the same way when its answer was stored (only 200 answers are, and only for
 * this snapshot). Everything else goes on to Fastify unchanged: a miss, HEAD, a conditional request, a
 * refusal of the gate or an admission that must wait for a store (handed on, so it is counted once), a
 * server closing, a logger writing a line per request, an origin list for CORS.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import type { Gate } from "../../access/gate/gate.js";
import { handOnAdmission } from "../access-hook.js";
import { SNAPSHOT_MAX_AGE_S, snapshotEtag } from "../caching.js";
import type { ApiContext } from "../context.js";
import type { CachedAnswer } from "../response-cache.js";
import { connectionHasRoom, enterConnection } from "./connection-guard.js";
import { CORS_EXPOSED_HEADERS } from "./cors.js";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id.js";

export interface CachedAnswerOptions {
  /** Client addresses from `X-Forwarded-For`, as the routes take them. */
  trustProxy: boolean;
  /** CORS for every origin ("*"), or none; with a list of origins nothing is answered here. */
  cors: "*" | "off" | "list";
  /** True when every request must reach the framework (its request lines are logged). */
  logsEveryRequest: boolean;
}

/** Answers `request` and returns true, or returns false having written nothing. */
export type CachedAnswers = (request: IncomingMessage, response: ServerResponse) => boolean;

const trustAll = (): boolean => true;

export function cachedAnswers(
  ctx: ApiContext,
  options: CachedAnswerOptions,
  closing: () => boolean,
): CachedAnswers | undefined {
  const { responses, gate } = ctx;
  if (responses === undefined || options.logsEveryRequest || options.cors === "list") return undefined;
  const corsHeaders: string[] =
    options.cors === "*"
      ? ["access-control-allow-origin", "*", "access-control-expose-headers", CORS_EXPOSED_HEADERS.join(", ")]
      : [];
  const clientAddress = options.trustProxy
    ? (request: IncomingMessage) => {
        const addresses = proxyAddr.all(request, trustAll);
        return addresses[addresses.length - 1] ?? "";
      }
    : (request: IncomingMessage) => request.socket.remoteAddress ?? "";

  return function answerFromCache(request, response) {
    const url = request.url;
    if (request.method !== "GET" || url === undefined || request.headers["if-none-match"] !== undefined)
      return false;
    const buildId = ctx.snapshots.current().buildId;
    const answer = responses.get(`${buildId}\0${url}`);
    if (answer === undefined || closing() || !connectionHasRoom(request)) return false;
    const window = gate === undefined ? undefined : admitted(gate, answer, request, clientAddress(request));
    if (window === false) return false;
    enterConnection(request, response);
    const headers = [REQUEST_ID_HEADER, requestIdOf(request), ...corsHeaders];
    if (window !== undefined)
      headers.push(
        "x-ratelimit-limit",
        String(window.limit),
        "x-ratelimit-remaining",
        String(window.remaining),
        "x-ratelimit-reset",
        String(window.resetAtS),
      );
    headers.push(
      "etag",
      snapshotEtag(buildId, url),
      "cache-control",
      `private, max-age=${SNAPSHOT_MAX_AGE_S}`,
      "content-type",
      "application/json; charset=utf-8",
      "content-length",
      String(answer.body.length),
    );
    response.writeHead(200, headers);
    response.end(answer.body);
    return true;
  };
}

/**
 * The admitted request's minute window; false, with the gate's answer handed on to the access hook, when
 * the gate refused or must wait for a store.
 */
function admitted(
  gate: Gate,
  answer: CachedAnswer,
  request: IncomingMessage,
  clientAddress: string,
): { limit: number; remaining: number; resetAtS: number } | undefined | false {
  if (answer.access === "none") return undefined;
  const admission = gate.admit({
    authorization: request.headers.authorization,
    clientAddress,
    endpoint: answer.access,
  });
  if (!(admission instanceof Promise) && admission.admitted) return admission.window;
  handOnAdmission(request, admission);
  return false;
}
