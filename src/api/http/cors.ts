/**
 * Cross-origin calls from browsers. The API is read-only and keyed by a header, never by cookies, so any
 * origin may call it by default; an operator narrows the list with `WORDCLIP_CORS_ORIGINS` or turns CORS
 * off. Preflights are answered for GET and HEAD with the headers a client sends, and the headers a client
 * reads (the minute window, Retry-After, ETag, the request id) are exposed. An OPTIONS request that is not
 * a full preflight (no Origin or no Access-Control-Request-Method) gets the same 204 and headers, never a
 * plain-text refusal outside the error envelope.
 */
import cors from "@fastify/cors";
import type { App } from "../app-type.js";

/** How long a browser may reuse a preflight's answer, in seconds. */
export const PREFLIGHT_MAX_AGE_S = 600;

/** The headers a browser script may read from an answer. */
export const CORS_EXPOSED_HEADERS = [
  "X-RateLimit-Limit",
  "X-RateLimit-Remaining",
  "X-RateLimit-Reset",
  "Retry-After",
  "ETag",
  "X-Request-Id",
] as const;

export async function registerCors(app: App, origins: "*" | readonly string[]): Promise<void> {
  await app.register(cors, {
    origin: origins === "*" ? "*" : [...origins],
    methods: ["GET", "HEAD"],
    allowedHeaders: ["Authorization", "If-None-Match", "X-Request-Id"],
    exposedHeaders: [...CORS_EXPOSED_HEADERS],
    credentials: false,
    maxAge: PREFLIGHT_MAX_AGE_S,
    strictPreflight: false,
  });
}
