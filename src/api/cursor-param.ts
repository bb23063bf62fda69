/** Reads the `cursor` parameter of a list endpoint: the position it holds, or a 400 that says why not. */
import type { ApiContext } from "./context.js";
import { CursorError } from "./cursor.js";
import { ApiError } from "./errors.js";
import { shown } from "./http/shown.js";

export function readCursor<P>(
  ctx: ApiContext,
  endpoint: string,
  filters: string,
  cursor: string | undefined,
  isPosition: (value: unknown) => value is P,
  sameWhat: string,
): P | undefined {
  if (cursor === undefined) return undefined;
  try {
    const position = ctx.cursors.decode(endpoint, filters, cursor);
    if (!isPosition(position)) throw new CursorError("holds no position this endpoint understands");
    return position;
  } catch (error) {
    throw cursorProblem(error, cursor, `send the nextCursor of a page with the same ${sameWhat}`);
  }
}

/**
 * Checks only the form of a cursor whose filters cannot be known (the feed's without its seed): a 400
 * when it is not of the form this API issues or holds no position of the endpoint; its MAC is not checked,
 * and its position is not used.
 */
export function checkCursorForm<P>(
  ctx: ApiContext,
  cursor: string,
  isPosition: (value: unknown) => value is P,
  hint: string,
): void {
  try {
    if (!isPosition(ctx.cursors.unverified(cursor)))
      throw new CursorError("holds no position this endpoint understands");
  } catch (error) {
    throw cursorProblem(error, cursor, hint);
  }
}

/** The 400 for a cursor the codec refused, naming the value sent; any other error as it is. */
function cursorProblem(error: unknown, cursor: string, hint: string): unknown {
  if (!(error instanceof CursorError)) return error;
  return new ApiError("invalid_request", `cursor ${shown(cursor)} ${error.message}; ${hint}`);
}
