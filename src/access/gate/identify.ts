/** Who is calling: the `Authorization` header resolved to a usable key, or the reason it is not one. */

import { isAccessError } from "../errors.js";
import { type AccessStore, type KeyGrant, keyStatus } from "../store/interface.js";
import { hashSecret, visiblePrefix } from "../store/secret.js";
import { type BearerParse, parseBearer } from "./bearer.js";
import { createTtlCache } from "./ttl-cache.js";

/**
 * How long a key lookup is served from memory. A disabled key, a plan change or a new plan limit takes
 * effect within this time; in exchange most requests skip the store's key lookup. Rotation grace ends are
 * exact: they are checked against the clock on every request, cached or not.
 */
export const KEY_CACHE_TTL_MS = 2_000;

/**
 * A key in use is looked up again in the background once its lookup is this old, so its requests never
 * wait for the store (the served lookup is still never older than KEY_CACHE_TTL_MS).
 */
const KEY_REFRESH_AFTER_MS = 1_000;

/** Bounds the cache under a flood of random tokens (which are cached too, as unknown). */
export const KEY_CACHE_MAX_ENTRIES = 10_000;

/**
 * While the access store does not answer, a key looked up in the last ten minutes is still recognised
 * from the cache (its quota lease decides whether it is served), and the store is asked again every
 * second; any other key is answered 503 `unavailable`.
 */
export const KEY_STALE_IF_UNAVAILABLE_MS = 10 * 60_000;
const KEY_RETRY_WHILE_UNAVAILABLE_MS = 1_000;

/** The longest header kept parsed: "Bearer " and the longest key shape, with room for spacing. */
const HELD_HEADER_MAX_CHARS = 160;

/** A secret as messages show it: its visible prefix only. */
const shown = (secret: string): string => `${visiblePrefix(secret)}…`;

/** The lookup of a header that carries no key: never made. */
const noLookup = (): Promise<KeyGrant | undefined> => Promise.resolve(undefined);

export type Identity =
  | { kind: "key"; grant: KeyGrant }
  | { kind: "none"; reason: "missing" | "malformed" | "unknown" | "disabled" | "expired"; message: string };

/**
 * A header as parsed, the SHA-256 of its secret when it carries one ("" otherwise), and the store lookup of
 * that hash, made once with the header rather than on every request.
 */
interface ParsedHeader {
  bearer: BearerParse;
  hash: string;
  load: () => Promise<KeyGrant | undefined>;
}

export interface KeyIdentifierOptions {
  store: AccessStore;
  keyCacheTtlMs?: number;
  keyCacheMaxEntries?: number;
}

export interface KeyIdentifier {
  identify(authorization: string | undefined, nowMs: number): Promise<Identity>;
  /** The identity at once when the key's lookup is cached (or no lookup is needed); else undefined. */
  identifyNow(authorization: string | undefined, nowMs: number): Identity | undefined;
  /** Forgets every cached lookup, so the next request reads the store. */
  clearCache(): void;
  /** Authorization headers held parsed in memory (each carries something shaped like a key). */
  headersHeld(): number;
}

export function createKeyIdentifier(options: KeyIdentifierOptions): KeyIdentifier {
  const { store } = options;
  const cache = createTtlCache<KeyGrant | undefined>({
    ttlMs: options.keyCacheTtlMs ?? KEY_CACHE_TTL_MS,
    maxEntries: options.keyCacheMaxEntries ?? KEY_CACHE_MAX_ENTRIES,
    refreshAfterMs: Math.min(KEY_REFRESH_AFTER_MS, (options.keyCacheTtlMs ?? KEY_CACHE_TTL_MS) / 2),
    staleIfError: {
      when: (error) => isAccessError(error, "unavailable"),
      maxAgeMs: KEY_STALE_IF_UNAVAILABLE_MS,
      retryMs: KEY_RETRY_WHILE_UNAVAILABLE_MS,
    },
  });

  // Recent headers, parsed and with the SHA-256 of their secret, so a busy key is neither parsed nor
  // hashed on every request. Process memory holds the secrets of requests in flight anyway; this keeps a
  // bounded number of them a little longer.
  const maxHeaders = options.keyCacheMaxEntries ?? KEY_CACHE_MAX_ENTRIES;
  const headers = new Map<string, ParsedHeader>();
  // Only headers that carry something shaped like a key are kept: a missing or malformed header costs a
  // regular expression to parse again, and keeping every distinct one would let anonymous callers pin
  // memory (10,000 different 15 KB headers).
  const parsedOf = (authorization = ""): ParsedHeader => {
    const known = headers.get(authorization);
    if (known !== undefined) return known;
    const bearer = parseBearer(authorization);
    if (bearer.kind !== "token") return { bearer, hash: "", load: noLookup };
    const hash = hashSecret(bearer.secret);
    const parsed = { bearer, hash, load: () => store.findKeyByHash(hash) };
    if (authorization.length > HELD_HEADER_MAX_CHARS) return parsed;
    if (headers.size >= maxHeaders) headers.clear();
    headers.set(authorization, parsed);
    return parsed;
  };

  /** The identity of a parsed header once its key lookup (if any) is known. */
  function resolve(bearer: BearerParse, grant: KeyGrant | undefined, nowMs: number): Identity {
    if (bearer.kind === "missing") {
      return {
        kind: "none",
        reason: "missing",
        message: "an API key is required: send the header Authorization: Bearer <API key>",
      };
    }
    if (bearer.kind === "malformed") return { kind: "none", reason: "malformed", message: bearer.message };
    // Only a refusal names the key: an admitted request builds no message.
    if (!grant)
      return { kind: "none", reason: "unknown", message: `the API key ${shown(bearer.secret)} is not known` };
    const { key } = grant;
    switch (keyStatus(key, nowMs)) {
      case "disabled":
        return {
          kind: "none",
          reason: "disabled",
          message: `the API key ${key.id} (${shown(bearer.secret)}) is disabled`,
        };
      case "expired":
        return {
          kind: "none",
          reason: "expired",
          message: `the API key ${key.id} (${shown(bearer.secret)}) was replaced by ${key.replacedBy ?? "a new key"} and stopped working at ${new Date(key.expiresAtMs ?? nowMs).toISOString()}`,
        };
      default:
        return { kind: "key", grant };
    }
  }

  return {
    async identify(authorization, nowMs) {
      const { bearer, hash, load } = parsedOf(authorization);
      if (bearer.kind !== "token") return resolve(bearer, undefined, nowMs);
      // The lookup is by hash, so no comparison ever runs over the secret itself.
      return resolve(bearer, await cache.get(hash, nowMs, load), nowMs);
    },
    identifyNow(authorization, nowMs) {
      const { bearer, hash, load } = parsedOf(authorization);
      if (bearer.kind !== "token") return resolve(bearer, undefined, nowMs);
      const cached = cache.peek(hash, nowMs, load);
      return cached && resolve(bearer, cached.value, nowMs);
    },
    clearCache: () => cache.clear(),
    headersHeld: () => headers.size,
  };
}
