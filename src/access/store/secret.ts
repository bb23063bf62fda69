/** API key secrets: generated once, shown once, stored only as their SHA-256 and a short visible prefix. */
import { createHash } from "node:crypto";
import { randomBase62 } from "./random.js";

export const SECRET_PREFIX = "wc_";

/** 32 base62 characters after `wc_`: about 190 random bits. */
export const SECRET_RANDOM_LENGTH = 32;

/**
 * Characters of the random part kept in the visible prefix (`wc_Ab3xY9`), enough to tell keys apart in
 * a list; about 36 bits, which leaves more than 150 bits unknown to anyone who sees the prefix.
 */
export const VISIBLE_RANDOM_LENGTH = 6;

/** Any token that could be a wordclip key, of this or a later length; anything else is malformed. */
const SECRET_SHAPE = /^wc_[0-9A-Za-z]{16,128}$/;

export function generateSecret(): string {
  return SECRET_PREFIX + randomBase62(SECRET_RANDOM_LENGTH);
}

/** Lower-case hex SHA-256: what the store keeps and looks keys up by. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** The part of a secret that may be shown in lists and messages. */
export function visiblePrefix(secret: string): string {
  return secret.slice(0, SECRET_PREFIX.length + VISIBLE_RANDOM_LENGTH);
}

export function looksLikeSecret(token: string): boolean {
  return SECRET_SHAPE.test(token);
}
