/** The minute rate limit in this process's memory: exact for one process, forgotten on restart. */
import {
  bucketResetAtS,
  MINUTE_MS,
  type RateWindow,
  type WindowHit,
  type WindowState,
  windowBucket,
} from "./interface.js";

/**
 * The memory window also answers at once, without a promise: the gate takes that path when its window is
 * this one, so most requests are admitted without a single await. A shared window has no such path.
 */
export interface MemoryRateWindow extends RateWindow {
  hitNow(subject: string, limit: number, nowMs: number): WindowHit;
  peekNow(subject: string, limit: number, nowMs: number): WindowState;
  /** Subjects counted in the current window: what the memory holds. */
  subjectCount(): number;
}

const memoryWindows = new WeakSet<RateWindow>();

/** Whether `window` is a memory window, whose `hitNow` and `peekNow` answer at once. */
export function isMemoryRateWindow(window: RateWindow): window is MemoryRateWindow {
  return memoryWindows.has(window);
}

/**
 * Only the newest window is kept: when the clock enters a new window every count is dropped at once, so
 * memory holds the subjects of one window at most. A hit stamped with an older window (the clock stepped
 * back, or a caller read it late) counts against the newest one, which never frees capacity early.
 * JavaScript runs each hit to completion, so concurrent hits cannot overshoot the limit.
 */
export function createMemoryRateWindow(options: { windowMs?: number } = {}): MemoryRateWindow {
  const windowMs = options.windowMs ?? MINUTE_MS;
  let currentBucket = Number.NEGATIVE_INFINITY;
  let counts = new Map<string, number>();

  function bucketAt(nowMs: number): number {
    const bucket = windowBucket(nowMs, windowMs);
    if (bucket > currentBucket) {
      currentBucket = bucket;
      counts = new Map();
    }
    return currentBucket;
  }

  function state(subject: string, limit: number, bucket: number): WindowState {
    const used = counts.get(subject) ?? 0;
    return { limit, remaining: Math.max(0, limit - used), resetAtS: bucketResetAtS(bucket, windowMs) };
  }

  // Every request of a keyed endpoint passes here: one map lookup and one object, no spread.
  function hitNow(subject: string, limit: number, nowMs: number): WindowHit {
    const bucket = bucketAt(nowMs);
    const before = counts.get(subject) ?? 0;
    const admitted = before < limit;
    const used = admitted ? before + 1 : before;
    if (admitted) counts.set(subject, used);
    return {
      admitted,
      limit,
      remaining: Math.max(0, limit - used),
      resetAtS: bucketResetAtS(bucket, windowMs),
    };
  }

  function peekNow(subject: string, limit: number, nowMs: number): WindowState {
    return state(subject, limit, bucketAt(nowMs));
  }

  const window: MemoryRateWindow = {
    hitNow,
    peekNow,
    async hit(subject, limit, nowMs) {
      return hitNow(subject, limit, nowMs);
    },
    async peek(subject, limit, nowMs) {
      return peekNow(subject, limit, nowMs);
    },
    async close() {
      counts = new Map();
    },
    subjectCount: () => counts.size,
  };
  memoryWindows.add(window);
  return window;
}
