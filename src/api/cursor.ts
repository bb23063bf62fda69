/**
 * Opaque page cursors: `base64url(version ‖ position ‖ mac)`, the MAC an HMAC-SHA256 over the version, the
 * position, the endpoint and the request's filters. A cursor cannot be forged, altered, or reused under
 * other filters; a cursor of another encoding version is refused, never misread.
 *
 * The HMAC is computed in JavaScript (`@noble/hashes`) from a state that has absorbed the key once, copied
 * into one working state per message: no crypto object is made per cursor. The bytes are those of
 * `createHmac("sha256", secret)` over the same message (a test compares them), so cursors issued before
 * stay valid.
 */

import { timingSafeEqual } from "node:crypto";
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";

export const CURSOR_VERSION = 1;
const MAC_BYTES = 16;
/** Bytes of the buffer a cursor and its message are written in; it grows for a longer one. */
const SCRATCH_BYTES = 4096;

/** A cursor the server will not use; the message says why, for the 400 answer. */
export class CursorError extends Error {
  override name = "CursorError";
}

export interface CursorCodec {
  encode(endpoint: string, filters: string, position: unknown): string;
  /** The position, or CursorError when the cursor is malformed, altered, of another version or other filters. */
  decode(endpoint: string, filters: string, cursor: string): unknown;
  /**
   * The position a cursor holds, its MAC unchecked (for a cursor whose filters cannot be known, as the
   * feed's without its seed): CursorError when it is not of the form this API issues.
   */
  unverified(cursor: string): unknown;
}

export function createCursorCodec(secret: string): CursorCodec {
  if (secret.length < 16) throw new Error("the cursor secret must be at least 16 characters");
  const keyed = hmac.create(sha256, Buffer.from(secret, "utf8"));
  let working = keyed.clone();
  const digest = new Uint8Array(32);
  let scratch = Buffer.allocUnsafe(SCRATCH_BYTES);
  /**
   * Writes `version ‖ position ‖ mac` into `scratch` from the position's bytes already at offset 1, and
   * returns its length; the MAC covers those bytes and `\0endpoint\0filters`.
   */
  const seal = (version: number, payloadBytes: number, endpoint: string, filters: string): number => {
    const end = 1 + payloadBytes;
    scratch[0] = version;
    const tail = `\0${endpoint}\0${filters}`;
    // At most three bytes a UTF-16 unit.
    const room = end + 3 * tail.length + MAC_BYTES;
    if (room > scratch.length) {
      const grown = Buffer.allocUnsafe(2 * room);
      scratch.copy(grown, 0, 0, end);
      scratch = grown;
    }
    const messageEnd = end + scratch.write(tail, end, "utf8");
    // `_cloneInto` copies the keyed state into the working one without allocating (the version is pinned;
    // the test against createHmac would catch a change of its meaning).
    working = keyed._cloneInto(working);
    working.update(scratch.subarray(0, messageEnd));
    working.digestInto(digest);
    scratch.set(digest.subarray(0, MAC_BYTES), end);
    return end + MAC_BYTES;
  };

  return {
    encode(endpoint, filters, position) {
      const json = JSON.stringify(position);
      if (1 + 3 * json.length > scratch.length) scratch = Buffer.allocUnsafe(2 * (1 + 3 * json.length));
      const bytes = scratch.write(json, 1, "utf8");
      const sealed = seal(CURSOR_VERSION, bytes, endpoint, filters); // may move `scratch`
      return scratch.toString("base64url", 0, sealed);
    },
    decode(endpoint, filters, cursor) {
      const bytes = cursorBytes(cursor);
      const payload = bytes.subarray(1, bytes.length - MAC_BYTES);
      const given = bytes.subarray(bytes.length - MAC_BYTES);
      if (1 + payload.length > scratch.length) scratch = Buffer.allocUnsafe(2 * (1 + payload.length));
      scratch.set(payload, 1);
      const sealed = seal(CURSOR_VERSION, payload.length, endpoint, filters);
      if (!timingSafeEqual(given, scratch.subarray(sealed - MAC_BYTES, sealed))) {
        throw new CursorError("was altered, or was produced under other filters or for another endpoint");
      }
      return positionIn(payload);
    },
    unverified(cursor) {
      const bytes = cursorBytes(cursor);
      return positionIn(bytes.subarray(1, bytes.length - MAC_BYTES));
    },
  };
}

/**
 * A cursor's bytes, `version ‖ position ‖ mac`, of this version; CursorError when it is not base64url as
 * this API writes it (no padding, no bits beyond the last byte: one cursor has one spelling, so an altered
 * character is never read as the same cursor), too short, or of another version.
 */
function cursorBytes(cursor: string): Buffer {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor))
    throw new CursorError("is not a cursor this API issued (not base64url)");
  const bytes = Buffer.from(cursor, "base64url");
  if (bytes.toString("base64url") !== cursor)
    throw new CursorError("is not a cursor this API issued (not as this API writes base64url)");
  if (bytes.length < 1 + MAC_BYTES + 1) throw new CursorError("is not a cursor this API issued (too short)");
  const version = bytes[0] as number;
  if (version !== CURSOR_VERSION) {
    throw new CursorError(`has encoding version ${version}; this server reads version ${CURSOR_VERSION}`);
  }
  return bytes;
}

function positionIn(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString("utf8"));
  } catch {
    throw new CursorError("is not a cursor this API issued (bad position)");
  }
}
