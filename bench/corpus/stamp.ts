/**
 * Stamp files: a small JSON record written after a long step (a generated corpus, a built snapshot)
 * completes, so a later run reuses the result only when it was made with the same parameters.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";

export type Stamp = Record<string, string | number>;

export function readStamp(file: string): Stamp | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Stamp;
  } catch {
    return undefined;
  }
}

/** True when the stamp exists and holds every field of `wanted` with the same value. */
export function stampMatches(file: string, wanted: Stamp): boolean {
  const found = readStamp(file);
  return found !== undefined && Object.entries(wanted).every(([key, value]) => found[key] === value);
}

export function writeStamp(file: string, stamp: Stamp): void {
  writeFileSync(file, `${JSON.stringify(stamp, null, 2)}\n`);
}

export function removeStamp(file: string): void {
  rmSync(file, { force: true });
}
