/**
 * A catalogue of 100,000 words for the in-process benchmarks: the shipped English words plus made-up
 * ones, written as a catalogue file and built into a small snapshot over the corpus's first clips (a
 * manifest of a few hundred, so the shipped words have clip counts). Reused when its stamp matches.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildSnapshot } from "../../src/indexer/builder.js";
import { searchKey } from "../../src/text/tokenise.js";
import { firstClipFiles } from "../corpus/clip-files.js";
import { snapshotFormat } from "../corpus/snapshot.js";
import { removeStamp, stampMatches, writeStamp } from "../corpus/stamp.js";
import { catalogueDir } from "../paths.js";
import { formatCount, type Progress } from "../progress.js";
import { SeededRandom } from "../random.js";
import { pseudoWords } from "../workload/pseudo-words.js";

export const LARGE_CATALOGUE_WORDS = 100_000;
/** Clips indexed with the large catalogue: matching clips against 100,000 words is slow, and few suffice. */
const LARGE_CATALOGUE_CLIPS = 200;
const LEVELS = ["A1", "A2", "B1", "B2", "C1", "C2"];
const PARTS_OF_SPEECH = ["noun", "noun", "noun", "verb", "adjective", "adverb"];

/** The catalogue lines: the shipped file as it is, then made-up words up to `words`. */
export function largeCatalogueLines(words: number, seed: string): string[] {
  const shipped = readFileSync(path.join(catalogueDir(), "en.jsonl"), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "");
  const norms = new Set(shipped.map((line) => searchKey((JSON.parse(line) as { word: string }).word, "en")));
  const random = new SeededRandom(seed, "large-catalogue");
  const extra = pseudoWords(Math.max(0, words - shipped.length), seed, norms).map((word) =>
    JSON.stringify({
      word,
      level: random.pick(LEVELS),
      pos: [random.pick(PARTS_OF_SPEECH)],
      meanings: { en: "a made-up word of the benchmark catalogue" },
    }),
  );
  return shipped.concat(extra);
}

/** A clip manifest (one info.json object and its captions path a line) of the corpus's first clips. */
function writeManifest(file: string, corpusDir: string, clips: number): void {
  const lines = firstClipFiles(corpusDir, clips).map(({ infoPath, captionPath }) =>
    JSON.stringify({
      ...(JSON.parse(readFileSync(infoPath, "utf8")) as object),
      captions: path.relative(path.dirname(file), captionPath),
    }),
  );
  writeFileSync(file, `${lines.join("\n")}\n`);
}

/** Path of the snapshot over the large catalogue, built now unless an earlier one matches. */
export async function ensureLargeCatalogueSnapshot(
  outDir: string,
  corpus: { dir: string; clips: number; seed: string },
  progress: Progress,
  words = LARGE_CATALOGUE_WORDS,
): Promise<string> {
  const seed = corpus.seed;
  const base = path.join(outDir, `catalogue-${words}`);
  const outPath = `${base}.sqlite`;
  const stampFile = `${outPath}.stamp.json`;
  const stamp = { words, seed, clips: LARGE_CATALOGUE_CLIPS, format: snapshotFormat() };
  if (stampMatches(stampFile, stamp)) return outPath;
  removeStamp(stampFile);
  progress.line(`in-process: building a ${formatCount(words)}-word catalogue snapshot`);
  mkdirSync(base, { recursive: true });
  writeFileSync(path.join(base, "en.jsonl"), `${largeCatalogueLines(words, seed).join("\n")}\n`);
  const manifest = `${base}.clips.jsonl`;
  writeManifest(manifest, corpus.dir, LARGE_CATALOGUE_CLIPS);
  const startedMs = performance.now();
  await buildSnapshot({ catalogueDir: base, clipSources: [manifest], outPath, workers: 0 });
  writeStamp(stampFile, stamp);
  progress.line(
    `in-process: catalogue snapshot built in ${formatCount((performance.now() - startedMs) / 1000, 1)} s`,
  );
  return outPath;
}
