/**
 * Bounds on what one connection may ask for before it reads its answers. Node parses every request a
 * client pipelines and the answers queue in memory until the client reads them; a client that pipelines
 * and never reads would pin memory without limit. Past the bounds the connection stops being read, the
 * request is answered 503 `unavailable` with `Connection: close`, and the connection ends once its queued
 * answers are sent (or the idle timeout cuts it).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../errors.js";

/** Requests one connection may have waiting for their answers. */
export const MAX_IN_FLIGHT_PER_CONNECTION = 32;

/** Bytes of answers one connection may leave unread before it is no longer read. */
export const MAX_UNREAD_BYTES_PER_CONNECTION = 1024 * 1024;

const inFlight = new WeakMap<Socket, number>();

function withinBounds(socket: Socket, waiting: number): boolean {
  // In-process requests (`inject`) have a stand-in socket without a write buffer.
  return (
    waiting <= MAX_IN_FLIGHT_PER_CONNECTION && (socket.writableLength ?? 0) <= MAX_UNREAD_BYTES_PER_CONNECTION
  );
}

/** True when the connection is within its bounds with this request; it is counted until `response` closes. */
export function enterConnection(request: IncomingMessage, response: ServerResponse): boolean {
  const socket = request.socket;
  const waiting = (inFlight.get(socket) ?? 0) + 1;
  inFlight.set(socket, waiting);
  response.once("close", () => inFlight.set(socket, (inFlight.get(socket) ?? 1) - 1));
  return withinBounds(socket, waiting);
}

/** True when a request on this connection now would be within its bounds; counts nothing. */
export function connectionHasRoom(request: IncomingMessage): boolean {
  return withinBounds(request.socket, (inFlight.get(request.socket) ?? 0) + 1);
}

export function connectionGuard(
  request: FastifyRequest,
  reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  if (enterConnection(request.raw, reply.raw)) {
    done();
    return;
  }
  const socket = request.raw.socket;
  socket.pause?.();
  reply.header("Connection", "close");
  reply.header("Retry-After", 1);
  done(
    new ApiError(
      "unavailable",
      `more than ${MAX_IN_FLIGHT_PER_CONNECTION} requests (or 1 MB of answers) are waiting to be read on this connection; read the answers before sending more`,
      1,
    ),
  );
}
