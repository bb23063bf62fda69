/**
 * Serialized answers kept in memory, keyed by snapshot and URL. An answer that depends only on the
 * snapshot and the query is the same bytes until the next build, and clients' lookups repeat (autocomplete
 * prefixes, the common words of a course), so the second request for a URL costs a map lookup. Bodies are
 * kept as UTF-8 bytes, encoded once, with the access class of the route that answered them (what the gate
 * must check before the bytes go out again). Bounded by bytes, about the least recently asked for out first
 * (`second-chance-map.ts`); a new snapshot's build id changes every key.
 */
import { SecondChanceMap } from "../index/second-chance-map.js";
import type { AccessClass } from "./app-type.js";

export interface CachedAnswer {
  /** The JSON body, UTF-8. */
  body: Buffer;
  /** The answering route's access class. */
  access: AccessClass;
  /** The ETag the answer went out with (it names the snapshot and the URL, as the key does). */
  etag: string;
}

export interface ResponseCache {
  get(key: string): CachedAnswer | undefined;
  set(key: string, answer: CachedAnswer): void;
  readonly bytes: number;
  readonly entries: number;
}

/** Bytes an entry is counted for: the key's and the ETag's UTF-16 code units and the body's bytes. */
function sizeOf(key: string, answer: CachedAnswer): number {
  return (key.length + answer.etag.length) * 2 + answer.body.length;
}

export function createResponseCache(maxBytes: number): ResponseCache {
  const answers = new SecondChanceMap<string, CachedAnswer>(maxBytes);
  return {
    get: (key) => answers.get(key),
    set(key, answer) {
      const size = sizeOf(key, answer);
      if (size <= maxBytes / 16 && !answers.has(key)) answers.set(key, answer, size);
    },
    get bytes() {
      return answers.bytes;
    },
    get entries() {
      return answers.size;
    },
  };
}
