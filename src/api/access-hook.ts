/**
 * The access hook: runs the gate before anything touches the index, sets the minute-window headers on
 * every response, and turns a rejection into the error envelope (401 with `WWW-Authenticate`, 429 with
 * `Retry-After` on rate_limited only, 503 `unavailable` with `Retry-After` when the access store does not
 * answer for a key it must ask about).
 */
import type { IncomingMessage } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isAccessError } from "../access/errors.js";
import type { Admission, Gate } from "../access/gate/gate.js";
import type { WindowState } from "../access/window/interface.js";
import { ApiError, unavailableError } from "./errors.js";

/** Admissions the cached-answer path asked the gate for, of requests it handed on to the routes. */
const decidedBefore = new WeakMap<IncomingMessage, Admission | Promise<Admission>>();

/**
 * Hands the gate's answer for `request` on to the access hook, which then uses it instead of asking again
 * (the request is counted once).
 */
export function handOnAdmission(request: IncomingMessage, admission: Admission | Promise<Admission>): void {
  // Should the request end before the hook (a refused connection), a failed promise is not left unhandled.
  if (admission instanceof Promise) admission.catch(() => undefined);
  decidedBefore.set(request, admission);
}

/** Levels at which Fastify logs each request (its request lines are `info`). */
const REQUEST_LOG_LEVELS = new Set(["info", "debug", "trace"]);

/** True when a logger at `level` writes a line for every request. */
export function logsEveryRequest(level: string): boolean {
  return REQUEST_LOG_LEVELS.has(level);
}

export function setWindowHeaders(reply: FastifyReply, window: WindowState): void {
  reply.header("X-RateLimit-Limit", window.limit);
  reply.header("X-RateLimit-Remaining", window.remaining);
  reply.header("X-RateLimit-Reset", window.resetAtS);
}

function apply(request: FastifyRequest, reply: FastifyReply, admission: Admission): void {
  setWindowHeaders(reply, admission.window);
  if (admission.admitted) {
    if (admission.caller) {
      request.keyId = admission.caller.keyId;
      // A child logger costs microseconds on every request; only when request lines are logged at all.
      if (logsEveryRequest(request.log.level))
        request.log = request.log.child({ keyId: admission.caller.keyId });
    }
    return;
  }
  if (admission.code === "rate_limited") {
    reply.header("Retry-After", admission.retryAfterS);
    throw new ApiError("rate_limited", admission.message, admission.retryAfterS);
  }
  if (admission.code === "invalid_key") reply.header("WWW-Authenticate", 'Bearer realm="wordclip"');
  throw new ApiError(admission.code, admission.message);
}

/**
 * A callback hook, not an async one: most admissions are decided in memory, and then the request goes on
 * without a promise in between.
 */
export function accessHook(gate: Gate) {
  return function checkAccess(
    request: FastifyRequest,
    reply: FastifyReply,
    done: (error?: Error) => void,
  ): void {
    // An unknown route is limited like a public one: per client address, so scanning costs the scanner.
    const access = request.is404 ? "public" : (request.routeOptions.config.access ?? "none");
    if (access === "none") {
      done();
      return;
    }
    const admission =
      decidedBefore.get(request.raw) ??
      gate.admit({
        authorization: request.headers.authorization,
        clientAddress: request.ip,
        endpoint: access,
      });
    const finish = (decided: Admission): void => {
      let refusal: Error | undefined;
      try {
        apply(request, reply, decided);
      } catch (error) {
        refusal = error as Error;
      }
      done(refusal);
    };
    const fail = (error: unknown): void => {
      if (!isAccessError(error, "unavailable")) {
        done(error as Error);
        return;
      }
      if (error.window !== undefined) setWindowHeaders(reply, error.window);
      const answer = unavailableError();
      reply.header("Retry-After", answer.retryAfterS);
      done(answer);
    };
    if (admission instanceof Promise) admission.then(finish, fail);
    else finish(admission);
  };
}
