/**
 * What a build costs before and after its clips: compiling the catalogue, starting the worker threads
 * and finishing the snapshot, measured by building over an empty clip folder with the same settings.
 */
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { buildSnapshot } from "../../src/indexer/builder.js";
import { catalogueDir } from "../paths.js";

export async function emptyBuildMs(outDir: string, workers: number): Promise<number> {
  const dir = path.join(outDir, "empty-build");
  const clips = path.join(dir, "clips");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(clips, { recursive: true });
  const startedMs = performance.now();
  await buildSnapshot({
    catalogueDir: catalogueDir(),
    clipSources: [clips],
    outPath: path.join(dir, "empty.sqlite"),
    workers,
  });
  const elapsedMs = performance.now() - startedMs;
  rmSync(dir, { recursive: true, force: true });
  return elapsedMs;
}
