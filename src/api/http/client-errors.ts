/**
 * Answers to what the HTTP parser refuses before any route runs (a space or raw bytes in the path, a
 * control character in a header, a lower-case method, headers over the size limit, a request that does
 * not arrive in time). They get the same error envelope, with a request id, as every other error; the
 * connection is closed after the answer, since the parser cannot tell where the next request starts.
 */
import { randomUUID } from "node:crypto";
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { ApiError, envelope } from "../errors.js";
import { requestIdOf } from "./request-id.js";

interface ClientError extends Error {
  code?: string;
}

interface Answer {
  status: number;
  message: string;
}

/** What went wrong, phrased for the client, by Node's parser error code. */
export function clientErrorAnswer(code: string | undefined): Answer {
  switch (code) {
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return { status: 408, message: "the request did not arrive in time; the connection is closed" };
    case "HPE_HEADER_OVERFLOW":
      return { status: 431, message: "the request headers are larger than the server accepts (16 KB)" };
    case "HPE_INVALID_METHOD":
      return { status: 400, message: "the request method is not an HTTP method; this API answers GET" };
    case "HPE_INVALID_URL":
      return {
        status: 400,
        message: "the request target is not a valid URL: percent-encode spaces and non-ASCII characters",
      };
    case "HPE_INVALID_HEADER_TOKEN":
    case "HPE_INVALID_CONSTANT":
    case "HPE_INVALID_VERSION":
    case "HPE_LF_EXPECTED":
    case "HPE_CR_EXPECTED":
      return {
        status: 400,
        message: "the request is not well-formed HTTP/1.1 (a header or the request line)",
      };
    case "HPE_UNEXPECTED_CONTENT_LENGTH":
    case "HPE_INVALID_CONTENT_LENGTH":
    case "HPE_INVALID_TRANSFER_ENCODING":
    case "HPE_INVALID_CHUNK_SIZE":
      return { status: 400, message: "the request's body framing (Content-Length or chunks) is not valid" };
    default:
      return { status: 400, message: "the request is not well-formed HTTP/1.1" };
  }
}

/** The raw HTTP response carrying the envelope. */
export function clientErrorResponse(code: string | undefined, requestId: string): string {
  const { status, message } = clientErrorAnswer(code);
  const body = JSON.stringify(envelope(new ApiError("invalid_request", message), requestId));
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Bad Request"}`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Cache-Control: no-store",
    `X-Request-Id: ${requestId}`,
    "Connection: close",
    "",
    body,
  ].join("\r\n");
}

/** Fastify's `clientErrorHandler`: `this` is the Fastify instance. */
export function answerClientError(
  this: { log: FastifyBaseLogger },
  error: ClientError,
  socket: Socket,
): void {
  // A reset connection has nobody to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const requestId = randomUUID();
  this.log.debug({ requestId, code: error.code }, "request refused by the HTTP parser");
  // A response already under way on this socket (a timeout mid-answer) cannot be followed by another.
  const busy = (socket as Socket & { _httpMessage?: unknown })._httpMessage;
  if (socket.writable && !busy) socket.end(clientErrorResponse(error.code, requestId));
  else socket.destroy();
}

/**
 * An HTTP/1.1 request without a Host header must be answered 400 (RFC 9112, 3.2). Node's own answer has an
 * empty body, so the server lets such requests through and answers them here, in the envelope, before the
 * cached answers or a route. True when it answered.
 */
export function answerMissingHost(request: IncomingMessage, response: ServerResponse): boolean {
  if (request.headers.host !== undefined || request.httpVersion !== "1.1") return false;
  const requestId = requestIdOf(request);
  const body = JSON.stringify(
    envelope(new ApiError("invalid_request", "an HTTP/1.1 request needs a Host header"), requestId),
  );
  response.writeHead(400, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    "X-Request-Id": requestId,
    Connection: "close",
  });
  response.end(body);
  return true;
}
