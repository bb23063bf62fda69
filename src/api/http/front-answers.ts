/**
 * Answers before the framework. A GET is answered from the raw request when its URL's answer is in the
 * response cache, or when it is a plain request for a direct route (`direct-routes.ts`), whose answer is
 * then made by the route's own answer function and kept in the cache like any other. Its connection must be
 * within bounds and the gate must admit it (the same `admit` the access hook calls, with the same client
 * address); the bytes go out with the headers the routes would have set (request id, minute window, ETag,
 * Cache-Control, CORS). Routing, validation and the hooks are skipped: for a cached URL they decided the same
 * way when its answer was stored (only 200 answers are, and only for this snapshot); a plain request needs
 * none of them. Everything else goes on to Fastify unchanged: a request neither cached nor plain, HEAD, a
 * conditional request, a refusal of the gate or an admission that must wait for a store (handed on, so it is
 * counted once), a direct answer the route leaves to the framework (an error, handed on the same way), a
 * server closing, a logger writing a line per request, an origin list for CORS.
 *
 * Behind trusted proxies every request passes here first, even when nothing is answered in front: its
 * `X-Forwarded-For` is cut to the entries the trusted hops vouch for (`settleClientAddress`), so that the
 * framework's `request.ip` and the address used here are one and the same, and always an IP address.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { isIP } from "node:net";
import proxyAddr from "@fastify/proxy-addr";
import type { Admission } from "../../access/gate/gate.js";
import type { WindowState } from "../../access/window/interface.js";
import { handOnAdmission } from "../access-hook.js";
import type { AccessClass } from "../app-type.js";
import { SNAPSHOT_MAX_AGE_S, snapshotEtag } from "../caching.js";
import type { ApiContext } from "../context.js";
import type { CachedAnswer } from "../response-cache.js";
import { connectionHasRoom, enterConnection } from "./connection-guard.js";
import { CORS_EXPOSED_HEADERS } from "./cors.js";
import { type DirectRoute, readDirect } from "./direct-routes.js";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id.js";

export interface FrontAnswerOptions {
  /** Proxies in front whose `X-Forwarded-For` entries are believed (false or 0: none), as for the routes. */
  trustProxy: number | false;
  /** CORS for every origin ("*"), or none; with a list of origins nothing is answered here. */
  cors: "*" | "off" | "list";
  /** True when every request must reach the framework (its request lines are logged). */
  logsEveryRequest: boolean;
}

/** Answers `request` and returns true, or returns false having written nothing. */
export type FrontAnswers = (request: IncomingMessage, response: ServerResponse) => boolean;

/** Whether the address `hop` steps out from the connection's (0: the connection's own) is a trusted proxy. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * The framework's `trustProxy` for `hops` proxies in front: the nearest `hops` addresses are proxies,
 * whatever they are. Fastify's `true` would trust every hop (the client's own entries too) and its number
 * form trusts none (it cannot check the peer), hence a function.
 */
export function proxyTrust(hops: number | false): ProxyTrust | false {
  if (!hops) return false;
  return (_address, hop) => hop < hops;
}

/**
 * The client address behind `hops` trusted proxies: from the connection's address, one `X-Forwarded-For`
 * entry to the left per trusted hop, the rightmost entries first (each proxy appends the address it saw, and
 * anything to the left of what a trusted proxy wrote is the client's to choose). An entry that is not an IP
 * address ends the walk at the one before it, so a name, a port or 3 KB of text is never an address; the
 * connection's is the last resort. The header is left holding only the entries walked (or removed), which is
 * what `request.ip` then reads with `proxyTrust(hops)`.
 */
export function settleClientAddress(request: IncomingMessage, hops: number): string {
  const connection = request.socket.remoteAddress ?? "";
  if (hops === 0 || request.headers["x-forwarded-for"] === undefined) return connection;
  const seen = proxyAddr.all(request, (_address, hop) => hop < hops);
  let walked = 1;
  while (walked < seen.length && isIP(seen[walked] as string) !== 0) walked += 1;
  const vouched = seen.slice(1, walked).reverse();
  if (vouched.length === 0) delete request.headers["x-forwarded-for"];
  else request.headers["x-forwarded-for"] = vouched.join(", ");
  return vouched[0] ?? connection;
}

const CACHE_CONTROL = `private, max-age=${SNAPSHOT_MAX_AGE_S}`;

export function frontAnswers(
  ctx: ApiContext,
  options: FrontAnswerOptions,
  closing: () => boolean,
  routes: readonly DirectRoute[] = [],
): FrontAnswers | undefined {
  const { responses, gate } = ctx;
  const hops = options.trustProxy || 0;
  if (
    (responses === undefined && routes.length === 0) ||
    options.logsEveryRequest ||
    options.cors === "list"
  ) {
    if (hops === 0) return undefined;
    return function settleOnly(request) {
      settleClientAddress(request, hops);
      return false;
    };
  }
  const corsHeaders: string[] =
    options.cors === "*"
      ? ["access-control-allow-origin", "*", "access-control-expose-headers", CORS_EXPOSED_HEADERS.join(", ")]
      : [];
  /**
   * An admitted request's admission (none when no gate checks it); undefined, with the gate's answer handed
   * on to the access hook, when the gate refused or must wait for a store.
   */
  const admit = (
    request: IncomingMessage,
    clientAddress: string,
    access: AccessClass,
  ): { admission: Admission | undefined } | undefined => {
    if (gate === undefined || access === "none") return { admission: undefined };
    const admission = gate.admit({
      authorization: request.headers.authorization,
      clientAddress,
      endpoint: access,
    });
    if (!(admission instanceof Promise) && admission.admitted) return { admission };
    handOnAdmission(request, admission);
    return undefined;
  };

  const send = (
    request: IncomingMessage,
    response: ServerResponse,
    window: WindowState | undefined,
    { body, etag }: CachedAnswer,
  ): void => {
    enterConnection(request, response);
    const headers = [REQUEST_ID_HEADER, requestIdOf(request), ...corsHeaders];
    if (window !== undefined) {
      headers.push(
        "x-ratelimit-limit",
        String(window.limit),
        "x-ratelimit-remaining",
        String(window.remaining),
        "x-ratelimit-reset",
        String(window.resetAtS),
      );
    }
    headers.push(
      "etag",
      etag,
      "cache-control",
      CACHE_CONTROL,
      "content-type",
      "application/json; charset=utf-8",
      "content-length",
      String(body.length),
    );
    response.writeHead(200, headers);
    response.end(body);
  };

  return function answerInFront(request, response) {
    // Before anything is handed on: the framework reads the header as it is left here.
    const clientAddress = settleClientAddress(request, hops);
    const url = request.url;
    if (request.method !== "GET" || url === undefined || request.headers["if-none-match"] !== undefined)
      return false;
    const buildId = ctx.snapshots.current().buildId;
    const key = `${buildId}\0${url}`;
    const cached = responses?.get(key);
    const direct = cached === undefined ? readDirect(routes, url) : undefined;
    if ((cached === undefined && direct === undefined) || closing() || !connectionHasRoom(request))
      return false;
    const admitted = admit(
      request,
      clientAddress,
      cached?.access ?? (direct as { route: DirectRoute }).route.access,
    );
    if (admitted === undefined) return false;
    const { admission } = admitted;
    let answer = cached;
    if (direct !== undefined) {
      let body: Buffer | undefined;
      try {
        body = direct.route.answer(direct.params, direct.query);
      } catch {
        body = undefined;
      }
      if (body === undefined) {
        // The framework answers it (an error, or what a route leaves to it), without counting it again.
        if (admission !== undefined) handOnAdmission(request, admission);
        return false;
      }
      answer = { body, access: direct.route.access, etag: snapshotEtag(buildId, url) };
      responses?.set(key, answer);
    }
    send(request, response, admission?.window, answer as CachedAnswer);
    return true;
  };
}
