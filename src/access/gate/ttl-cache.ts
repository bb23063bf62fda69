/** A small time-bounded cache of async lookups: concurrent misses share one load, the oldest entry goes first. */

export interface TtlCacheOptions {
  /** How long a loaded value is served before it is loaded again. */
  ttlMs: number;
  /** Entries kept at most; the oldest is dropped when a new one would exceed this. */
  maxEntries: number;
}

export interface TtlCache<V> {
  /** The cached value of `key` at `nowMs`, or the value `load` gives (once for all concurrent callers). */
  get(key: string, nowMs: number, load: () => Promise<V>): Promise<V>;
  /** The cached value of `key` at `nowMs` when it is loaded already; undefined when it would need a load. */
  peek(key: string, nowMs: number): { value: V } | undefined;
  size(): number;
  clear(): void;
}

interface Entry<V> {
  value: Promise<V>;
  expiresAtMs: number;
  /** Set once the load has resolved, so a hit needs no promise. */
  settled?: { value: V };
}

export function createTtlCache<V>(options: TtlCacheOptions): TtlCache<V> {
  const entries = new Map<string, Entry<V>>();
  return {
    get(key, nowMs, load) {
      const cached = entries.get(key);
      if (cached && nowMs < cached.expiresAtMs) return cached.value;
      // Delete first so a reload goes to the end of the insertion order that eviction follows.
      entries.delete(key);
      const entry: Entry<V> = { value: load(), expiresAtMs: nowMs + options.ttlMs };
      entries.set(key, entry);
      // A failed load is not remembered: the next request tries again.
      entry.value.then(
        (value) => {
          entry.settled = { value };
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
      return entry.value;
    },
    peek(key, nowMs) {
      const cached = entries.get(key);
      return cached !== undefined && nowMs < cached.expiresAtMs ? cached.settled : undefined;
    },
    size: () => entries.size,
    clear: () => entries.clear(),
  };
}
