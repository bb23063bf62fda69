/** Unbiased random base62 strings: the alphabet of key secrets and public ids (no `-` or `_` to trip a double-click). */
import { randomBytes } from "node:crypto";

export const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Bits of entropy carried by `length` base62 characters. */
export function base62Bits(length: number): number {
  return length * Math.log2(62);
}

/**
 * `length` characters drawn uniformly from BASE62. Bytes of 248 and above are rejected rather than
 * folded with `% 62`, which would make the first eight characters more likely than the rest.
 */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length - out.length + 8)) {
      if (byte >= 248) continue;
      out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}
