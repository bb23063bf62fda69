/** Parsing of query values the schemas have already validated: level lists, booleans. */
import { isLevel, levelIndex } from "../domain.js";

/** `"B1,A2,B1"` → `[1, 2]` (sorted, unique); undefined or empty → `[]` (all levels). */
export function parseLevels(value: string | undefined): number[] {
  if (value === undefined || value === "") return [];
  const levels = new Set<number>();
  for (const part of value.split(",")) if (isLevel(part)) levels.add(levelIndex(part));
  return [...levels].sort((a, b) => a - b);
}

/**
 * The pace filter's part of a cursor's filters: nothing without one, so cursors made before the filter
 * existed stay valid.
 */
export function paceKey(pace: string | undefined): { pace?: string } {
  return pace === undefined ? {} : { pace };
}

/** The canonical text of a filter set, which a cursor is bound to. */
export function filterKey(
  parts: Record<string, string | number | boolean | readonly number[] | undefined>,
): string {
  return Object.entries(parts)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(",") : String(v ?? "")}`)
    .join("&");
}
