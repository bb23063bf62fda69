/** Reads the `cursor` parameter of a list endpoint: the position it holds, or a 400 that says why not. */
import type { ApiContext } from "./context.js";
import { CursorError } from "./cursor.js";
import { ApiError } from "./errors.js";

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
    if (!(error instanceof CursorError)) throw error;
    throw new ApiError(
      "invalid_request",
      `cursor ${error.message}; send the nextCursor of a page with the same ${sameWhat}`,
    );
  }
}
