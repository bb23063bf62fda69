/**
 * The minute rate limit behind one interface: a fixed window aligned to the clock, counted per subject
 * (a key, or a client address). Memory serves one process; a shared store (Redis) serves many nodes.
 * Every implementation passes the contract suite in `contract.ts`.
 */

export const MINUTE_MS = 60_000;

/** The state of one subject's current window, as the `X-RateLimit-*` headers report it. */
export interface WindowState {
  /** Requests allowed in the window. */
  limit: number;
  /** Requests left in the window, never below 0. */
  remaining: number;
  /** Unix seconds when the window rolls over. */
  resetAtS: number;
}

export interface WindowHit extends WindowState {
  /** False when the window was already full: the request is refused and not counted. */
  admitted: boolean;
}

export interface RateWindow {
  /**
   * Counts one request of `subject` at `nowMs` if fewer than `limit` were counted in its window, as one
   * atomic step: concurrent hits never admit one request more than the limit.
   */
  hit(subject: string, limit: number, nowMs: number): Promise<WindowHit>;
  /** The window's state at `nowMs` without counting anything. */
  peek(subject: string, limit: number, nowMs: number): Promise<WindowState>;
  close(): Promise<void>;
}

/** The window `nowMs` falls in: windows start on whole multiples of `windowMs` since the epoch. */
export function windowBucket(nowMs: number, windowMs: number): number {
  return Math.floor(nowMs / windowMs);
}

/** Unix seconds at which `bucket` ends. */
export function bucketResetAtS(bucket: number, windowMs: number): number {
  return Math.ceil(((bucket + 1) * windowMs) / 1_000);
}

/** Whole seconds from `nowMs` until `resetAtS`, at least 1: what `Retry-After` carries. */
export function retryAfterS(resetAtS: number, nowMs: number): number {
  return Math.max(1, Math.ceil((resetAtS * 1_000 - nowMs) / 1_000));
}
