/**
 * Serialized answers kept in memory, keyed by snapshot and URL. An answer that depends only on the
 * snapshot and the query is the same bytes until the next build, and clients' lookups repeat (autocomplete
 * prefixes, the common words of a course), so the second request for a URL costs a map lookup. Bounded by
 * bytes, least recently used first out; a new snapshot's build id changes every key.
 */

export interface ResponseCache {
  get(key: string): string | undefined;
  set(key: string, body: string): void;
  readonly bytes: number;
  readonly entries: number;
}

export function createResponseCache(maxBytes: number): ResponseCache {
  const bodies = new Map<string, string>();
  let bytes = 0;
  return {
    get(key) {
      const body = bodies.get(key);
      if (body !== undefined) {
        // A Map iterates in insertion order: re-inserting marks the entry most recently used.
        bodies.delete(key);
        bodies.set(key, body);
      }
      return body;
    },
    set(key, body) {
      // Strings are UTF-16 in memory; two bytes a code unit is the honest count.
      const size = (key.length + body.length) * 2;
      if (size > maxBytes / 16 || bodies.has(key)) return;
      bodies.set(key, body);
      bytes += size;
      for (const [oldKey, oldBody] of bodies) {
        if (bytes <= maxBytes) break;
        bodies.delete(oldKey);
        bytes -= (oldKey.length + oldBody.length) * 2;
      }
    },
    get bytes() {
      return bytes;
    },
    get entries() {
      return bodies.size;
    },
  };
}
