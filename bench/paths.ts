/** Where the benchmark finds the project (its catalogue) and writes its corpora and results by default. */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The folder holding package.json, found by walking up from this module (bench/… or dist/bench/…). */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 6; up++) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new Error(`bench: cannot find package.json above ${fileURLToPath(import.meta.url)}`);
}

/** The shipped catalogue folder. */
export function catalogueDir(): string {
  return path.join(projectRoot(), "data", "catalogue");
}

/** Default output folder: corpora, snapshots and results (git-ignored). */
export function defaultOutDir(): string {
  return path.join(projectRoot(), "bench", "out");
}
