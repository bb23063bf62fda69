/** The closed list of error codes, their HTTP status, and the error envelope every failure is sent in. */
import Type from "typebox";

export const ERROR_CODES = [
  "invalid_request",
  "invalid_key",
  "not_found",
  "rate_limited",
  "quota_exceeded",
  "method_not_allowed",
  "not_ready",
  "unavailable",
  "internal",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export function statusOf(code: ErrorCode): number {
  switch (code) {
    case "invalid_request":
      return 400;
    case "invalid_key":
      return 401;
    case "not_found":
      return 404;
    case "method_not_allowed":
      return 405;
    case "rate_limited":
    case "quota_exceeded":
      return 429;
    case "not_ready":
    case "unavailable":
      return 503;
    case "internal":
      return 500;
  }
}

/** A failure the API answers with its envelope. Thrown by handlers, sent by the one error handler. */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly retryAfterS?: number,
  ) {
    super(message);
  }

  get status(): number {
    return statusOf(this.code);
  }
}

export const ErrorEnvelope = Type.Object(
  {
    error: Type.Object({
      code: Type.String({
        enum: [...ERROR_CODES],
        description: "Machine-readable code; see the error table.",
      }),
      message: Type.String({ description: "What was wrong, naming the parameter and the value." }),
      retryAfter: Type.Optional(
        Type.Integer({ minimum: 0, description: "Seconds to wait; on rate_limited and unavailable." }),
      ),
      requestId: Type.Optional(Type.String({ description: "The request's id, as in the logs." })),
    }),
  },
  { $id: "ErrorEnvelope", description: "Every error response has this body." },
);

export function envelope(error: ApiError, requestId: string): { error: Record<string, unknown> } {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.retryAfterS === undefined ? {} : { retryAfter: error.retryAfterS }),
      requestId,
    },
  };
}

/** Seconds a client is told to wait when the access store does not answer (`Retry-After` on 503). */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/**
 * The answer to an access failure that is not the request's fault: the store does not answer. The
 * store's own message (which names the database) is for the logs; the client is told what it can do.
 */
export function unavailableError(): ApiError {
  return new ApiError(
    "unavailable",
    `the service cannot check API keys or quota right now; retry in ${UNAVAILABLE_RETRY_AFTER_S} s`,
    UNAVAILABLE_RETRY_AFTER_S,
  );
}
