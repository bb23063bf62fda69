/**
 * Serialized answers kept in memory, keyed by snapshot and URL. An answer that depends only on the
 * snapshot and the query is the same bytes until the next build, and clients' lookups repeat (autocomplete
 * prefixes, the common words of a course), so the second request for a URL costs a map lookup. Bodies are
 * kept as UTF-8 bytes, encoded once, with the access class of the route that answered them (what the gate
 * must check before the bytes go out again). Bounded by bytes, least recently used first out; a new
 * snapshot's build id changes every key.
 */
import type { AccessClass } from "./app-type.js";

export interface CachedAnswer {
  /** The JSON body, UTF-8. */
  body: Buffer;
  /** The answering route's access class. */
  access: AccessClass;
}

export interface ResponseCache {
  get(key: string): CachedAnswer | undefined;
  set(key: string, answer: CachedAnswer): void;
  readonly bytes: number;
  readonly entries: number;
}

/** Bytes an entry is counted for: the key's UTF-16 code units and the body's bytes. */
function sizeOf(key: string, answer: CachedAnswer): number {
  return key.length * 2 + answer.body.length;
}

export function createResponseCache(maxBytes: number): ResponseCache {
  const answers = new Map<string, CachedAnswer>();
  let bytes = 0;
  return {
    get(key) {
      const answer = answers.get(key);
      if (answer !== undefined) {
        // A Map iterates in insertion order: re-inserting marks the entry most recently used.
        answers.delete(key);
        answers.set(key, answer);
      }
      return answer;
    },
    set(key, answer) {
      const size = sizeOf(key, answer);
      if (size > maxBytes / 16 || answers.has(key)) return;
      answers.set(key, answer);
      bytes += size;
      for (const [oldKey, oldAnswer] of answers) {
        if (bytes <= maxBytes) break;
        answers.delete(oldKey);
        bytes -= sizeOf(oldKey, oldAnswer);
      }
    },
    get bytes() {
      return bytes;
    },
    get entries() {
      return answers.size;
    },
  };
}
