/**
 * A small time-bounded cache of async lookups: concurrent misses share one load, the oldest entry goes
 * first. Optionally, a value in use is loaded again in the background before its time is up
 * (refresh-ahead), so steady callers never wait for the source; and when a reload fails because the
 * source does not answer, the value loaded last is served a while longer (stale-if-error), so an outage of
 * the source does not stop callers it has seen.
 */

export interface StaleIfError {
  /** Errors that mean "the source does not answer" (others are passed on). */
  when: (error: unknown) => boolean;
  /** How long after it was loaded a value may be served in place of a failed reload. */
  maxAgeMs: number;
  /** How long a value served in place of a failed reload is kept before the next reload is tried. */
  retryMs: number;
}

export interface TtlCacheOptions {
  /** How long a loaded value is served before it is loaded again. */
  ttlMs: number;
  /** Entries kept at most; the oldest is dropped when a new one would exceed this. */
  maxEntries: number;
  /** A value read this long after it was loaded (and before `ttlMs`) is loaded again in the background. */
  refreshAfterMs?: number;
  staleIfError?: StaleIfError;
}

export interface TtlCache<V> {
  /** The cached value of `key` at `nowMs`, or the value `load` gives (once for all concurrent callers). */
  get(key: string, nowMs: number, load: () => Promise<V>): Promise<V>;
  /**
   * The cached value of `key` at `nowMs` when it is loaded already; undefined when it would need a load.
   * With `load`, a value due for a refresh is loaded again in the background.
   */
  peek(key: string, nowMs: number, load?: () => Promise<V>): { value: V } | undefined;
  size(): number;
  clear(): void;
}

interface Entry<V> {
  value: Promise<V>;
  expiresAtMs: number;
  /** Set once the load has resolved, so a hit needs no promise; `loadedAtMs` is when the source gave it. */
  settled?: { value: V; loadedAtMs: number };
  /** A background reload is under way. */
  refreshing?: boolean;
}

export function createTtlCache<V>(options: TtlCacheOptions): TtlCache<V> {
  const entries = new Map<string, Entry<V>>();
  const stale = options.staleIfError;
  const { refreshAfterMs } = options;

  /** Loads `key` again in the background when `entry` is due; the new value replaces it if it is still there. */
  function refreshIfDue(key: string, entry: Entry<V>, nowMs: number, load: () => Promise<V>): void {
    const settled = entry.settled;
    if (refreshAfterMs === undefined || settled === undefined || entry.refreshing) return;
    if (nowMs - settled.loadedAtMs < refreshAfterMs) return;
    entry.refreshing = true;
    load().then(
      (value) => {
        if (entries.get(key) !== entry) return;
        entries.delete(key);
        entries.set(key, {
          value: Promise.resolve(value),
          expiresAtMs: nowMs + options.ttlMs,
          settled: { value, loadedAtMs: nowMs },
        });
      },
      () => {
        // Not the caller's failure: the value is served until its time is up, then reloaded as usual.
        entry.refreshing = false;
      },
    );
  }

  return {
    get(key, nowMs, load) {
      const cached = entries.get(key);
      if (cached && nowMs < cached.expiresAtMs) {
        refreshIfDue(key, cached, nowMs, load);
        return cached.value;
      }
      const previous = cached?.settled;
      // Delete first so a reload goes to the end of the insertion order that eviction follows.
      entries.delete(key);
      const entry: Entry<V> = { value: Promise.resolve() as Promise<V>, expiresAtMs: nowMs + options.ttlMs };
      entry.value = load().then(
        (value) => {
          entry.settled = { value, loadedAtMs: nowMs };
          return value;
        },
        (error: unknown) => {
          if (
            stale !== undefined &&
            previous !== undefined &&
            stale.when(error) &&
            nowMs - previous.loadedAtMs <= stale.maxAgeMs
          ) {
            entry.settled = previous;
            entry.expiresAtMs = nowMs + stale.retryMs;
            return previous.value;
          }
          // A failed load is not remembered: the next request tries again.
          if (entries.get(key) === entry) entries.delete(key);
          throw error;
        },
      );
      entries.set(key, entry);
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
      return entry.value;
    },
    peek(key, nowMs, load) {
      const cached = entries.get(key);
      if (cached === undefined || nowMs >= cached.expiresAtMs) return undefined;
      if (load !== undefined) refreshIfDue(key, cached, nowMs, load);
      return cached.settled;
    },
    size: () => entries.size,
    clear: () => entries.clear(),
  };
}
