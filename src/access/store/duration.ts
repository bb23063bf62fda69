/** Durations written by operators (`30m`, `24h`, `7d`) as milliseconds. */
import { AccessError } from "../errors.js";

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** The longest duration accepted: a grace period longer than this is a mistake, not a policy. */
export const MAX_DURATION_MS = 365 * UNIT_MS.d;

/** Parses `<integer><s|m|h|d>`; throws a RangeError naming the value when it is anything else. */
export function parseDurationMs(text: string): number {
  const match = /^(\d{1,6})([smhd])$/.exec(text.trim());
  if (!match) {
    throw new RangeError(
      `duration must be a whole number followed by s, m, h or d (such as 30m, 24h, 7d), got "${text}"`,
    );
  }
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  if (ms > MAX_DURATION_MS) throw new RangeError(`duration must be at most 365d, got "${text}"`);
  return ms;
}

/** The shortest exact spelling of a duration, for messages (`86400000` → `1d`, `5400000` → `90m`). */
export function formatDurationMs(ms: number): string {
  for (const unit of ["d", "h", "m"] as const) {
    if (ms !== 0 && ms % UNIT_MS[unit] === 0) return `${ms / UNIT_MS[unit]}${unit}`;
  }
  return `${Math.round(ms / 1_000)}s`;
}

/** A rotation's grace period as the store receives it: whole milliseconds from 0 (none) to 365 days. */
export function checkGraceMs(graceMs: number): number {
  if (!Number.isSafeInteger(graceMs) || graceMs < 0 || graceMs > MAX_DURATION_MS) {
    throw new AccessError(
      "invalid_request",
      `grace period must be whole milliseconds from 0 to ${MAX_DURATION_MS}, got ${graceMs}`,
    );
  }
  return graceMs;
}
