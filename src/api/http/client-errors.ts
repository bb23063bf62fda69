/**
 * Answers to what the HTTP parser refuses before any route runs (a space or raw bytes in the path, a
 * control character in a header, a lower-case method, headers over the size limit, broken body framing, a
 * request that does not arrive in time) and to what Node would answer without a route (CONNECT, an
 * unknown Expect). They get the same error envelope, with a request id, as every other error. The answers
 * to the requests before the refused one on the connection go out first, whole and in order; the
 * connection is closed after them, since the parser cannot tell where the next request starts.
 */
import { randomUUID } from "node:crypto";
import { type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import { ApiError, envelope, statusOf } from "../errors.js";
import { requestIdOf } from "./request-id.js";
import { shown } from "./shown.js";

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
        message: "the request is not well-formed HTTP/1.1 (the request line, a header or a chunk line)",
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

/** How long the answers already due on a connection get to be written after a refusal, before it is cut. */
const PENDING_ANSWERS_LIMIT_MS = 5_000;

interface ErrorAnswer {
  status: number;
  headers: Record<string, string | number>;
  body: string;
}

function errorAnswer(status: number, error: ApiError, requestId: string, close = true): ErrorAnswer {
  const body = JSON.stringify(envelope(error, requestId));
  return {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
      "Cache-Control": "no-store",
      "X-Request-Id": requestId,
      ...(close ? { Connection: "close" } : {}),
    },
    body,
  };
}

/** The answer as raw bytes, for a socket Node no longer writes answers on. */
function rawAnswer({ status, headers, body }: ErrorAnswer): string {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Bad Request"}`, ...lines, "", body].join("\r\n");
}

/** The answer through the request's own response, which Node writes in its turn on the connection. */
function sendAnswer(response: ServerResponse, { status, headers, body }: ErrorAnswer): void {
  response.writeHead(status, headers);
  response.end(body);
}

/** The answer to what the parser refused, in the envelope, closing the connection. */
function parserErrorAnswer(code: string | undefined, requestId: string): ErrorAnswer {
  const { status, message } = clientErrorAnswer(code);
  return errorAnswer(status, new ApiError("invalid_request", message), requestId);
}

/** What Node keeps on a server socket (not in its types). */
interface HttpSocket extends Socket {
  /** The answer being written; the answers to later pipelined requests wait in Node's queue behind it. */
  _httpMessage?: ServerResponse | null;
  /** The parser; `incoming` is the last request it read the head of. */
  parser?: { incoming?: IncomingMessage | null } | null;
}

/** Sockets whose refusal is being answered: the parser stops at its first error and reports it again. */
const refused = new WeakSet<Socket>();

/**
 * Lets the answers due on `socket` finish, in order, then calls `done` (unless the socket closed first).
 * `each` sees every answer when its turn to be written comes. A socket still open PENDING_ANSWERS_LIMIT_MS
 * after this starts (a route that does not answer, a client that does not read) is destroyed.
 */
function afterPendingAnswers(
  socket: HttpSocket,
  each: (response: ServerResponse) => void,
  done: () => void,
): void {
  const limit = setTimeout(() => socket.destroy(), PENDING_ANSWERS_LIMIT_MS);
  limit.unref();
  socket.once("close", () => clearTimeout(limit));
  const next = (): void => {
    const current = socket._httpMessage;
    if (!current) {
      done();
      return;
    }
    each(current);
    // Node's own 'finish' listener, added before this one, has already handed the socket to the next answer.
    current.once("finish", next);
  };
  next();
}

/** Fastify's `clientErrorHandler`: `this` is the Fastify instance. */
export function answerClientError(
  this: { log: FastifyBaseLogger },
  error: ClientError,
  socket: Socket,
): void {
  // A reset connection has nobody to answer.
  if (error.code === "ECONNRESET" || socket.destroyed || refused.has(socket)) return;
  refused.add(socket);
  // A request whose head was read (and handed to a route) but whose body broke: it gets the error answer in
  // its own turn, instead of the route's. A refused head never reached a route.
  const incoming = (socket as HttpSocket).parser?.incoming;
  const broken = incoming?.complete === false ? incoming : undefined;
  const requestId = broken === undefined ? randomUUID() : requestIdOf(broken);
  this.log.debug({ requestId, code: error.code }, "request refused by the HTTP parser");
  const answer = parserErrorAnswer(error.code, requestId);
  let brokenAnswered = false;
  afterPendingAnswers(
    socket,
    (response) => {
      if (response.req !== broken) return;
      brokenAnswered = true;
      // Fastify drops (and logs) the route's answer when it comes after this one.
      if (!response.headersSent) sendAnswer(response, answer);
    },
    () => {
      // Data after a `Connection: close` request is not a request: that request's answer closes the
      // connection. A broken request the route answered first has had its one answer.
      if (!socket.writable) return;
      if (error.code === "HPE_CLOSED_CONNECTION" || brokenAnswered) socket.end();
      else socket.end(rawAnswer(answer));
    },
  );
}

/**
 * Node's 'connect' event: a CONNECT request (this server is no proxy). Node has handed over the socket, so
 * the answer is written on it directly, after the answers to the requests before it, then the close.
 */
export function answerConnect(request: IncomingMessage, socket: Duplex): void {
  // Node stopped listening for this socket's errors when it handed it over; unheard, a reset would throw.
  socket.on("error", () => undefined);
  const requestId = requestIdOf(request);
  const answer = errorAnswer(
    statusOf("method_not_allowed"),
    new ApiError(
      "method_not_allowed",
      "CONNECT is not allowed: this server is not a proxy; this API answers GET",
    ),
    requestId,
  );
  answer.headers.Allow = "GET, HEAD";
  afterPendingAnswers(
    socket as HttpSocket,
    () => undefined,
    () => {
      if (socket.writable) socket.end(rawAnswer(answer));
    },
  );
}

/**
 * Node's 'checkExpectation' event: an Expect header other than `100-continue`. Node's own 417 has an empty
 * body; this one is in the envelope. The connection stays open, as after any error a route answers.
 */
export function answerExpectation(request: IncomingMessage, response: ServerResponse): void {
  const message = `the only Expect this server meets is "100-continue", got ${shown(request.headers.expect)}`;
  sendAnswer(
    response,
    errorAnswer(417, new ApiError("invalid_request", message), requestIdOf(request), false),
  );
}

/** Answers in the envelope what Node would answer itself, without a route: CONNECT and an unknown Expect. */
export function answerWithoutRoutes(server: Server): void {
  server.on("connect", answerConnect);
  server.on("checkExpectation", answerExpectation);
}

/** The largest request body the server reads (Fastify's `bodyLimit`); a read-only API takes none. */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** What is wrong with a request's head that Node lets through, or undefined. */
function headProblem(request: IncomingMessage): { status: number; message: string } | undefined {
  const version = request.httpVersion;
  if (version !== "1.1" && version !== "1.0")
    return { status: 505, message: `this server speaks HTTP/1.1 and HTTP/1.0, got HTTP/${shown(version)}` };
  if (version === "1.1" && request.headers.host === undefined)
    return { status: 400, message: "an HTTP/1.1 request needs a Host header" };
  let hosts = 0;
  let authorizations = 0;
  const raw = request.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length === 4 && name.toLowerCase() === "host") hosts++;
    else if (name.length === 13 && name.toLowerCase() === "authorization") authorizations++;
  }
  // Two of either leave it open which one counts: a proxy may read the other (RFC 9112, 3.2).
  if (hosts > 1) return { status: 400, message: `the request has ${hosts} Host headers; send one` };
  if (authorizations > 1) {
    return {
      status: 400,
      message: `the request has ${authorizations} Authorization headers; send the API key in one`,
    };
  }
  if (request.url === "*" && request.method !== "OPTIONS")
    return {
      status: 400,
      message: `the request target * is for OPTIONS only; ${request.method} needs a path`,
    };
  const length = request.headers["content-length"];
  if (length !== undefined && Number(length) > BODY_LIMIT_BYTES) {
    return {
      status: 413,
      message: `this API takes no request body over ${BODY_LIMIT_BYTES / 1024} KB (a GET takes none); this one declares ${length} bytes`,
    };
  }
  return undefined;
}

/**
 * What Node's parser lets through but the server must refuse, answered here in the envelope before the
 * cached answers or a route, and the connection closed: an HTTP/1.1 request without a Host header (400,
 * RFC 9112, 3.2; Node's own answer has an empty body, so the server lets such requests through), two Host
 * or two Authorization headers, an HTTP version other than 1.1 and 1.0 (505), the target `*` but for
 * OPTIONS, a declared body over BODY_LIMIT_BYTES (413, refused unread). True when it answered.
 */
export function answerMalformedHead(request: IncomingMessage, response: ServerResponse): boolean {
  const problem = headProblem(request);
  if (problem === undefined) return false;
  const error = new ApiError("invalid_request", problem.message);
  sendAnswer(response, errorAnswer(problem.status, error, requestIdOf(request)));
  return true;
}
