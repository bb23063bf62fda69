/** Where the shipped `data/` folder is, whether running from the sources or from the compiled `dist/`. */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** A file every checkout has; the folder holding `data/` with it is the project root. */
const MARKER = path.join("data", "sources", "glosses-omw-wordnet", "cefr_wn30_definitions.tsv");

/** The project's `data/` folder, found by walking up from this module (src/… or dist/src/…). */
export function projectDataDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 8; up++) {
    if (existsSync(path.join(dir, MARKER))) return path.join(dir, "data");
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new Error(
    `cannot find the project's data folder (looked for ${MARKER} above ${fileURLToPath(import.meta.url)})`,
  );
}

/** The real caption fixtures laid out as a clip source, served beside the generated corpus. */
export function demoFixturesDir(): string {
  return path.join(projectDataDir(), "demo");
}
