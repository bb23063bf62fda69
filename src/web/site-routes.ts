/**
 * `GET /site/v1/...`: the web app's same-origin view of the API. The server answers with its site
 * account's key (the page never holds one), after counting the request in the client address's own
 * minute window. Only the endpoints the app uses are open; `/usage` is not. Answers carry no CORS
 * headers: the routes are for the app's own pages.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../api/errors.js";
import type { SiteAccess } from "./site.js";

export const SITE_PREFIX = "/site/v1";

/** Paths after `/v1/` the app may call. */
const OPEN_PATHS = [
  /^words$/,
  /^words\/[^/]+\/clips$/,
  /^phrases\/[^/]+\/clips$/,
  /^clips\/[^/]+$/,
  /^clips\/[^/]+\/transcript$/,
  /^topics$/,
  /^corpus$/,
  /^feed$/,
];

/** Headers of the API's answer passed on to the page. */
const PASSED_HEADERS = ["content-type", "etag", "cache-control", "retry-after", "x-request-id"];

/** A path segment a URL parser reads as `.` or `..` (WHATWG counts `%2e` as a dot). */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * Whether `rest`, the path after `/site/v1/` as sent, is one the app may call. The API reads it again as
 * a URL, where a backslash is a slash and dot segments climb: `clips/..\usage` would be `/v1/usage`. So a
 * path with a backslash or a dot segment is never open, and neither is one a URL parser would write
 * otherwise: the path the API reads is the path checked here.
 */
export function isOpenPath(rest: string): boolean {
  if (rest.includes("\\") || rest.split("/").some((segment) => DOT_SEGMENT.test(segment))) return false;
  if (new URL(`/v1/${rest}`, "http://site.invalid").pathname !== `/v1/${rest}`) return false;
  return OPEN_PATHS.some((pattern) => pattern.test(rest));
}

function windowHeaders(reply: FastifyReply, state: { limit: number; remaining: number; resetAtS: number }) {
  reply.header("X-RateLimit-Limit", state.limit);
  reply.header("X-RateLimit-Remaining", state.remaining);
  reply.header("X-RateLimit-Reset", state.resetAtS);
}

/** Counts the request against the client address; throws 429 `rate_limited` when its minute is spent. */
async function limitAddress(site: SiteAccess, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (site.perAddress === undefined) return;
  const nowMs = Date.now();
  const hit = await site.perAddress.window.hit(`site:${request.ip}`, site.perAddress.perMinute, nowMs);
  windowHeaders(reply, hit);
  if (!hit.admitted) {
    const retryAfterS = Math.max(1, Math.ceil((hit.resetAtS * 1_000 - nowMs) / 1_000));
    throw new ApiError(
      "rate_limited",
      `this address made ${hit.limit} requests to the site this minute, its limit; retry in ${retryAfterS} s`,
      retryAfterS,
    );
  }
}

/** `api` is the root app: the request is answered by the API's own route, hooks and error envelope. */
export function registerSiteRoutes(web: FastifyInstance, api: FastifyInstance, site: SiteAccess): void {
  web.get(`${SITE_PREFIX}/*`, async (request, reply) => {
    // Same origin only: another site's pages must not spend the site account through their visitors.
    reply.removeHeader("access-control-allow-origin");
    reply.removeHeader("access-control-expose-headers");
    // The path as sent, still percent-encoded: it goes to the API unchanged.
    const at = request.url.indexOf("?");
    const rest = request.url.slice(SITE_PREFIX.length + 1, at === -1 ? undefined : at);
    if (!isOpenPath(rest)) {
      throw new ApiError(
        "not_found",
        `no site endpoint at GET ${SITE_PREFIX}/${rest}; the app uses the v1 API`,
      );
    }
    await limitAddress(site, request, reply);
    const query = at === -1 ? "" : request.url.slice(at);
    const headers: Record<string, string> = {};
    if (site.authorization !== undefined) headers.authorization = site.authorization;
    const ifNoneMatch = request.headers["if-none-match"];
    if (ifNoneMatch !== undefined) headers["if-none-match"] = ifNoneMatch;
    headers["x-request-id"] = request.id;
    const answer = await api.inject({ method: "GET", url: `/v1/${rest}${query}`, headers });
    for (const name of PASSED_HEADERS) {
      const value = answer.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    // Without a per-address window the page sees the site account's.
    if (site.perAddress === undefined) {
      for (const name of ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"]) {
        const value = answer.headers[name];
        if (value !== undefined) reply.header(name, value);
      }
    }
    reply.code(answer.statusCode);
    return answer.statusCode === 304 ? reply.send() : reply.send(answer.body);
  });
}
