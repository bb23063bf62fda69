/** Failures of the access layer as values with a code, so callers map them without parsing messages. */
import type { WindowState } from "./window/interface.js";

/**
 * `invalid_request` and `not_found` are codes of the API's closed list; `conflict` (an operation that the
 * record's state forbids, such as rotating a disabled key), `store_version` (an access store written by
 * a newer wordclip) and `store_unusable` (an access store file that is damaged, not a database or cannot be
 * opened) are internal and never reach a client. `unavailable`: the access store did not answer
 * (unreachable, or past its connection or statement timeout); the API answers it 503 with `Retry-After`.
 */
export type AccessErrorCode =
  | "invalid_request"
  | "not_found"
  | "conflict"
  | "store_version"
  | "store_unusable"
  | "unavailable";

export class AccessError extends Error {
  override name = "AccessError";
  readonly code: AccessErrorCode;
  /**
   * On `unavailable` from the gate: the minute window the request was counted in (or, when its key could
   * not be looked up, its address's window), for the `X-RateLimit-*` headers of the 503; when known.
   */
  window: WindowState | undefined;

  constructor(code: AccessErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export function isAccessError(error: unknown, code?: AccessErrorCode): error is AccessError {
  return error instanceof AccessError && (code === undefined || error.code === code);
}
