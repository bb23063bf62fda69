/** Writes a run's results as `results-<timestamp>.json` and `.md` in the output folder. */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { markdownReport } from "./markdown.js";
import type { BenchResults } from "./results.js";

export function writeResults(
  outDir: string,
  results: BenchResults,
): { jsonPath: string; markdownPath: string } {
  mkdirSync(outDir, { recursive: true });
  const stamp = results.startedAt.replace(/\.\d+Z$/, "Z").replace(/:/g, "-");
  const jsonPath = path.join(outDir, `results-${stamp}.json`);
  const markdownPath = path.join(outDir, `results-${stamp}.md`);
  writeFileSync(jsonPath, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(markdownPath, markdownReport(results));
  return { jsonPath, markdownPath };
}
