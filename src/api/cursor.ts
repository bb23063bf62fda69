/**
 * Opaque page cursors: `base64url(version ‖ position ‖ mac)`, the MAC an HMAC-SHA256 over the version, the
 * position, the endpoint and the request's filters. A cursor cannot be forged, altered, or reused under
 * other filters; a cursor of another encoding version is refused, never misread.
 */
import { createHmac, createSecretKey, timingSafeEqual } from "node:crypto";

export const CURSOR_VERSION = 1;
const MAC_BYTES = 16;

/** A cursor the server will not use; the message says why, for the 400 answer. */
export class CursorError extends Error {
  override name = "CursorError";
}

export interface CursorCodec {
  encode(endpoint: string, filters: string, position: unknown): string;
  /** The position, or CursorError when the cursor is malformed, altered, of another version or other filters. */
  decode(endpoint: string, filters: string, cursor: string): unknown;
}

export function createCursorCodec(secret: string): CursorCodec {
  if (secret.length < 16) throw new Error("the cursor secret must be at least 16 characters");
  // A key object made once: an HMAC from a string key imports the key again on every call.
  const key = createSecretKey(Buffer.from(secret, "utf8"));
  const mac = (version: number, payload: Buffer, endpoint: string, filters: string): Buffer =>
    createHmac("sha256", key)
      .update(Buffer.from([version]))
      .update(payload)
      .update(`\0${endpoint}\0${filters}`)
      .digest()
      .subarray(0, MAC_BYTES);

  return {
    encode(endpoint, filters, position) {
      const payload = Buffer.from(JSON.stringify(position));
      return Buffer.concat([
        Buffer.from([CURSOR_VERSION]),
        payload,
        mac(CURSOR_VERSION, payload, endpoint, filters),
      ]).toString("base64url");
    },
    decode(endpoint, filters, cursor) {
      if (!/^[A-Za-z0-9_-]+$/.test(cursor))
        throw new CursorError("is not a cursor this API issued (not base64url)");
      const bytes = Buffer.from(cursor, "base64url");
      if (bytes.length < 1 + MAC_BYTES + 1)
        throw new CursorError("is not a cursor this API issued (too short)");
      const version = bytes[0] as number;
      if (version !== CURSOR_VERSION) {
        throw new CursorError(`has encoding version ${version}; this server reads version ${CURSOR_VERSION}`);
      }
      const payload = bytes.subarray(1, bytes.length - MAC_BYTES);
      const given = bytes.subarray(bytes.length - MAC_BYTES);
      if (!timingSafeEqual(given, mac(version, payload, endpoint, filters))) {
        throw new CursorError("was altered, or was produced under other filters or for another endpoint");
      }
      try {
        return JSON.parse(payload.toString("utf8"));
      } catch {
        throw new CursorError("is not a cursor this API issued (bad position)");
      }
    },
  };
}
