/**
 * What `wordclip serve --demo` (and so `npm start`) prepares on a fresh data folder: the demo snapshot,
 * built from the shipped catalogue, the real caption fixtures and a generated corpus; and the lines that
 * tell the person who started it how to call the API.
 */
import path from "node:path";
import type { CreatedKey } from "../access/store/interface.js";
import type { Config } from "../config.js";
import { DEFAULT_DEMO_CLIPS, DEFAULT_DEMO_SEED, generateDemoCorpus } from "../demo/corpus.js";
import { demoFixturesDir, projectDataDir } from "../demo/project-data.js";
import { buildSnapshot } from "../indexer/builder.js";
import type { CommandIo } from "./command.js";
import { createProgress } from "./progress.js";

/** The generated clips, inside the data folder: they are the demo's data, not the project's. */
export const DEMO_CLIPS_FOLDER = "demo-clips";

/** The word the printed example looks up: common, and spoken in the real fixtures as well. */
export const DEMO_WORD = "run";

/**
 * Generates the demo corpus and builds the snapshot at `config.indexPath`, showing progress. The corpus is
 * regenerated each time (it is deterministic, so the same clips come back); an interrupted build leaves no
 * snapshot behind and the next start begins again.
 */
export async function buildDemoSnapshot(
  config: Pick<Config, "dataDir" | "indexPath">,
  io: CommandIo,
  options: { clips?: number; signal?: AbortSignal } = {},
): Promise<{ buildId: string; clips: number }> {
  const generatedDir = path.join(config.dataDir, DEMO_CLIPS_FOLDER);
  const clips = options.clips ?? DEFAULT_DEMO_CLIPS;
  io.err(`wordclip serve --demo: no snapshot yet; generating ${clips} demo clips into ${generatedDir}`);
  const generating = createProgress(io, "generating", "clips");
  try {
    await generateDemoCorpus({ outDir: generatedDir, clips, seed: DEFAULT_DEMO_SEED, force: true }, (p) =>
      generating.update(p.done, p.total),
    );
  } finally {
    generating.stop();
  }
  io.err(`wordclip serve --demo: building the demo snapshot ${config.indexPath}`);
  const indexing = createProgress(io, "indexing", "clips");
  try {
    const { report } = await buildSnapshot({
      catalogueDir: path.join(projectDataDir(), "catalogue"),
      clipSources: [demoFixturesDir(), generatedDir],
      outPath: config.indexPath,
      workers: "auto",
      signal: options.signal,
      onProgress: (p) => indexing.update(p.done, p.total),
    });
    indexing.stop();
    const skipped =
      report.clips.skipped > 0 ? ` (${report.clips.skipped} skipped; see the build report)` : "";
    io.err(`wordclip serve --demo: indexed ${report.clips.total} clips${skipped}`);
    return { buildId: report.buildId, clips: report.clips.total };
  } catch (error) {
    indexing.stop();
    throw error;
  }
}

/** The demo key, shown once with a request to try; or, on later starts, where keys are managed. */
export function demoAccessLines(created: CreatedKey | undefined, url: string): string[] {
  if (created === undefined) {
    return [
      "Keys: wordclip keys list (secrets are shown only when a key is made: wordclip keys create --account <id>)",
    ];
  }
  return [
    `Demo API key (shown once, keep it): ${created.secret}`,
    "Try:",
    `  curl -H "Authorization: Bearer ${created.secret}" ${url}/v1/words/${DEMO_WORD}/clips`,
  ];
}
