/** `wordclip build`: catalogue + clip sources → an index snapshot, with a progress bar and a report. */
import { existsSync } from "node:fs";
import path from "node:path";
import { CatalogueError } from "../catalogue/read.js";
import { loadConfig } from "../config.js";
import { buildSnapshot, EmptyBuildError } from "../indexer/builder.js";
import { reportSummary, skippedSummary } from "../indexer/report.js";
import { SourceError, surveySources } from "../indexer/sources.js";
import { SnapshotError } from "../snapshot/schema.js";
import { type Command, type CommandIo, flag, integerOption, stringOption, UsageError } from "./command.js";
import { createProgress } from "./progress.js";

function buildTime(): Date | undefined {
  // Reproducible builds: the conventional SOURCE_DATE_EPOCH fixes the build's clock.
  const epoch = process.env.SOURCE_DATE_EPOCH;
  if (epoch === undefined || epoch === "") return undefined;
  if (!/^\d+$/.test(epoch)) throw new UsageError(`SOURCE_DATE_EPOCH must be Unix seconds, got "${epoch}"`);
  return new Date(Number(epoch) * 1000);
}

/**
 * Caption files found in a source folder with no info.json beside them are never indexed: say so, and how
 * to index them through a manifest instead.
 */
export function unusedCaptionsNote(files: readonly string[]): string[] {
  if (files.length === 0) return [];
  const which = files.length === 1 ? "1 caption file" : `${files.length} caption files`;
  return [
    `${which} without an info.json beside them, not used (first: ${files[0]}).`,
    "  A folder source needs yt-dlp's ID.info.json beside each ID.LANG.vtt (yt-dlp --write-info-json --write-auto-subs);",
    '  for caption files alone, list them in a JSONL manifest, one clip a line with its info fields and a "captions"',
    '  path (README, "Clip sources"), and pass it: wordclip build --clips clips.jsonl',
  ];
}

/** Nothing at all to index: the sources hold no clip, so no snapshot is written. */
function nothingToIndex(io: CommandIo, clips: readonly string[], unused: readonly string[]): number {
  io.err(`wordclip build: no clip to index in ${clips.join(", ")}; no snapshot was written`);
  const note = unusedCaptionsNote(unused);
  if (note.length > 0) for (const line of note) io.err(`  ${line}`);
  else
    io.err(
      '  A clip source is a folder of yt-dlp downloads (ID.info.json beside ID.LANG.vtt) or a JSONL manifest (README, "Clip sources").',
    );
  return 1;
}

/**
 * Every clip found was skipped: the build installed nothing, so the snapshot being served (if any) is not
 * replaced by an empty one. Says which sources, how many clips were skipped and why.
 */
function everyClipSkipped(
  io: CommandIo,
  clips: readonly string[],
  outPath: string,
  error: EmptyBuildError,
): number {
  const kept = existsSync(outPath) ? `${outPath} was not replaced` : "no snapshot was written";
  io.err(
    `wordclip build: no clip could be indexed from ${clips.join(", ")}: all ${error.skipped.length} clips were skipped; ${kept}`,
  );
  for (const line of skippedSummary(error.skipped)) io.err(line);
  return 1;
}

export const commands: Command[] = [
  {
    name: "build",
    summary: "build an index snapshot from a catalogue and clip sources",
    options: {
      catalogue: {
        type: "string",
        description: "folder of <language>.jsonl catalogue files",
        default: "data/catalogue",
        valueName: "dir",
      },
      clips: {
        type: "string",
        multiple: true,
        description: "clip source: a yt-dlp folder or a .jsonl manifest (repeatable)",
        valueName: "path",
      },
      from: {
        type: "string",
        description: "previous snapshot: keep its word and clip ids, carry its clips over",
        valueName: "file",
      },
      out: {
        type: "string",
        description: "snapshot to write (default: the data folder's index.sqlite)",
        valueName: "file",
      },
      report: {
        type: "string",
        description: "JSON report of the build (default: beside the snapshot)",
        valueName: "file",
      },
      workers: {
        type: "string",
        description: "parse worker threads (default: one per core, none for small builds)",
        valueName: "n",
      },
      json: { type: "boolean", description: "print the report as JSON instead of a summary" },
    },
    details: [
      "The snapshot is written to a temporary file and renamed into place: an interrupted build leaves",
      "the previous snapshot untouched. Clips that cannot be indexed (longer than 180 s, no or unreadable",
      "captions, malformed info.json) are skipped and listed in the report with the reason. Caption files",
      "with no info.json beside them are counted and named, not indexed. Exits 1 when no clip at all could",
      "be indexed, leaving the previous snapshot and its report as they were.",
      "",
      "example: wordclip build --clips ./downloads --from .wordclip/index.sqlite",
    ].join("\n"),
    async run(args, io) {
      const clips = (args.values.clips as string[] | undefined) ?? [];
      if (clips.length === 0)
        throw new UsageError("--clips is required (a yt-dlp folder or a .jsonl manifest)");
      const outPath = stringOption(args, "out") ?? loadConfig().indexPath;
      const workers = integerOption(args, "workers", 0, 64) ?? "auto";
      const progress = createProgress(io, "indexing", "clips");
      const fromPath = stringOption(args, "from");
      if (fromPath !== undefined && path.resolve(fromPath) === path.resolve(outPath)) {
        io.err(
          `wordclip build: rebuilding ${outPath} in place from itself; the old snapshot stays until the new one is complete`,
        );
      }
      const interrupt = new AbortController();
      const onSignal = (): void => interrupt.abort();
      process.once("SIGINT", onSignal);
      process.once("SIGTERM", onSignal);
      let unused: readonly string[] = [];
      try {
        const survey = surveySources(clips);
        unused = survey.captionsWithoutInfo;
        if (fromPath === undefined && survey.jobs === 0) {
          progress.stop();
          return nothingToIndex(io, clips, unused);
        }
        const { report, reportPath } = await buildSnapshot({
          catalogueDir: stringOption(args, "catalogue") ?? "data/catalogue",
          clipSources: clips,
          survey,
          outPath,
          fromPath,
          reportPath: stringOption(args, "report"),
          workers,
          signal: interrupt.signal,
          builtAt: buildTime(),
          refuseEmpty: true,
          onProgress: (p) =>
            progress.update(p.done, p.total, p.phase === "carried-over" ? "(carried over)" : ""),
        });
        progress.stop();
        if (flag(args, "json")) io.out(JSON.stringify(report, null, 2));
        else for (const line of reportSummary(report, reportPath)) io.out(line);
        for (const line of unusedCaptionsNote(unused)) io.err(`wordclip build: ${line}`);
        return 0;
      } catch (error) {
        progress.stop();
        if (interrupt.signal.aborted) {
          io.err("wordclip build: interrupted; the previous snapshot is untouched");
          return 130;
        }
        if (error instanceof EmptyBuildError) {
          for (const line of unusedCaptionsNote(unused)) io.err(`wordclip build: ${line}`);
          return everyClipSkipped(io, clips, outPath, error);
        }
        // Inputs that cannot be read at all: a clear line, no stack (the previous snapshot is untouched).
        if (
          error instanceof SourceError ||
          error instanceof SnapshotError ||
          error instanceof CatalogueError
        ) {
          io.err(`wordclip build: ${error.message}`);
          return 1;
        }
        throw error;
      } finally {
        process.off("SIGINT", onSignal);
        process.off("SIGTERM", onSignal);
      }
    },
  },
];
