/**
 * The ETag cache: answers kept with their `ETag`, sent back as `If-None-Match`, so an unchanged answer
 * comes back as a bodiless 304 and is served from here. Any store with `get` and `set` will do
 * (localStorage, a shared map); the default keeps the most recently used entries in memory.
 */

export interface CachedAnswer {
  etag: string;
  /** The parsed JSON body of the 200 answer. */
  body: unknown;
}

export interface EtagCache {
  get(url: string): CachedAnswer | undefined;
  set(url: string, answer: CachedAnswer): void;
}

/** At most `maxEntries` answers; the least recently used goes first. */
export class MemoryEtagCache implements EtagCache {
  private readonly entries = new Map<string, CachedAnswer>();

  constructor(readonly maxEntries = 500) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) {
      throw new RangeError(`maxEntries must be a positive integer, got ${maxEntries}`);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get(url: string): CachedAnswer | undefined {
    const answer = this.entries.get(url);
    if (answer !== undefined) {
      this.entries.delete(url);
      this.entries.set(url, answer);
    }
    return answer;
  }

  set(url: string, answer: CachedAnswer): void {
    this.entries.delete(url);
    this.entries.set(url, answer);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
