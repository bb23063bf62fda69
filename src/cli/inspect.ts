/** `wordclip inspect`: what a snapshot holds: its build, and the corpus per language and per topic. */
import { statSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "../config.js";
import { LEVELS } from "../domain.js";
import { type CorpusLanguage, Snapshot, type TopicStat } from "../index/snapshot.js";
import { SNAPSHOT_SCHEMA_VERSION, SnapshotError } from "../snapshot/schema.js";
import { type Command, type CommandIo, flag, type ParsedArgs, stringOption } from "./command.js";

export interface InspectReport {
  path: string;
  sizeBytes: number;
  buildId: string;
  builtAt: string;
  schemaVersion: number;
  languages: CorpusLanguage[];
  /** Clips per topic for each language, every topic of the fixed list included. */
  topics: Record<string, TopicStat[]>;
}

export function inspectSnapshot(snapshot: Snapshot, sizeBytes: number): InspectReport {
  return {
    path: snapshot.path,
    sizeBytes,
    buildId: snapshot.buildId,
    builtAt: snapshot.builtAt,
    // The reader refuses any other version, so an open snapshot is of this one.
    schemaVersion: SNAPSHOT_SCHEMA_VERSION,
    languages: snapshot.corpus,
    topics: Object.fromEntries(snapshot.corpus.map(({ language }) => [language, snapshot.topics(language)])),
  };
}

const count = (n: number): string => n.toLocaleString("en-US");

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** Rows of cells as columns: the first left-aligned, the others right-aligned. */
function table(rows: string[][]): string[] {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
  return rows.map((row) =>
    row
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join("  ")
      .trimEnd(),
  );
}

export function reportLines(report: InspectReport): string[] {
  const lines = [
    `snapshot  ${report.path}`,
    `size      ${megabytes(report.sizeBytes)} (${count(report.sizeBytes)} bytes)`,
    `build id  ${report.buildId}`,
    `built at  ${report.builtAt}`,
    `schema    version ${report.schemaVersion}`,
    "",
  ];
  if (report.languages.length === 0) return [...lines, "no clip language: the snapshot holds no catalogue"];
  lines.push(
    ...table([
      ["language", "clips", "channels", "words", "covered", "coverage"],
      ...report.languages.map((l) => [
        l.language,
        count(l.clips),
        count(l.channels),
        count(l.words),
        count(l.wordsCovered),
        `${(l.coverage * 100).toFixed(1)}%`,
      ]),
    ]),
  );
  for (const { language } of report.languages) {
    lines.push("", `clips per topic (${language})`);
    const topics = report.topics[language] ?? [];
    lines.push(
      ...table([
        ["topic", "clips", ...LEVELS],
        ...topics.map((t) => [
          t.topic,
          count(t.clips),
          ...LEVELS.map((level) => count(t.byLevel[level] ?? 0)),
        ]),
      ]).map((line) => `  ${line}`),
    );
  }
  return lines;
}

async function run(args: ParsedArgs, io: CommandIo): Promise<number> {
  const option = stringOption(args, "index");
  const indexPath = option === undefined || option === "" ? loadConfig().indexPath : path.resolve(option);
  let snapshot: Snapshot;
  try {
    snapshot = new Snapshot(indexPath);
  } catch (error) {
    if (!(error instanceof SnapshotError)) throw error;
    io.err(`wordclip inspect: ${error.message}`);
    return 1;
  }
  try {
    const report = inspectSnapshot(snapshot, statSync(indexPath).size);
    if (flag(args, "json")) io.out(JSON.stringify(report, null, 2));
    else for (const line of reportLines(report)) io.out(line);
    return 0;
  } finally {
    snapshot.close();
  }
}

export const commands: Command[] = [
  {
    name: "inspect",
    summary: "print what a snapshot holds: corpus statistics per language",
    options: {
      index: {
        type: "string",
        description: "the snapshot to read (default: WORDCLIP_INDEX, or the data folder's index.sqlite)",
        valueName: "file",
      },
      json: { type: "boolean", description: "print JSON for scripts" },
    },
    details: "example: wordclip inspect --index .wordclip/index.sqlite",
    run,
  },
];
