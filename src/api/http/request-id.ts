/**
 * Request ids: a caller's `X-Request-Id` is kept only when it is short and made of safe characters, so it
 * can be echoed in bodies and logs as it is; anything else (markup, a list of ids, 15 KB) gets a new one.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** Letters, digits and `._:-`, 1 to 64 characters: a UUID, a trace id, a load balancer's id. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export const REQUEST_ID_HEADER = "x-request-id";

export function isSafeRequestId(value: unknown): value is string {
  return typeof value === "string" && SAFE_REQUEST_ID.test(value);
}

/** The id of a request: the caller's when it is safe, else a new UUID. */
export function requestIdOf(request: Pick<IncomingMessage, "headers">): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return isSafeRequestId(sent) ? sent : randomUUID();
}
