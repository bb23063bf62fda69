/**
 * The targets each figure is held to, on a 2-core machine. Ratios against a baseline measured in the
 * same run are what count; absolute figures depend on the machine and on whatever else it is doing.
 */
import type { TargetCheck } from "./report/results.js";

export const TARGETS = {
  /** Exact, forms and fuzzy lookups over HTTP, answers cached: requests per second of ours / the bare server. */
  lookupVsBare: 0.8,
  autocompleteVsBare: 0.8,
  /** The same with the response cache off: every request does the whole lookup. */
  lookupVsBareMiss: 0.5,
  transcriptVsBareMiss: 0.6,
  feedVsBareMiss: 0.6,
  autocompleteVsBareMiss: 0.8,
  exactP99Us: 50,
  formsP99Us: 50,
  fuzzyP99MsAt10k: 1,
  fuzzyP99MsAt100k: 5,
  autocompleteP99Us: 200,
  /** Throughput lost to access checks, as a fraction. */
  accessOverhead: 0.1,
  startupS: 2,
  rssMB: 512,
  buildClipsPerS: 3000,
  /** Build time / parse-only time. */
  buildVsParse: 3,
  /** pg_trgm latency / ours. */
  fuzzySpeedupVsPg: 10,
} as const;

export function atLeast(value: number, min: number, text: string): TargetCheck {
  return { text, met: Number.isFinite(value) && value >= min };
}

export function atMost(value: number, max: number, text: string): TargetCheck {
  return { text, met: Number.isFinite(value) && value <= max };
}

export function checkMark(check: TargetCheck | undefined): string {
  if (check === undefined) return "";
  return check.met ? "✓" : "✗";
}
