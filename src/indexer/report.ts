/** The build report: what was indexed, what was skipped and why, written as JSON beside the snapshot. */
import { renameSync, writeFileSync } from "node:fs";
import type { CatalogueProblem } from "../catalogue/entry.js";
import type { Skipped, SkipReason } from "./load-job.js";

export interface BuildReport {
  snapshot: string;
  buildId: string;
  builtAt: string;
  from: string | null;
  elapsedMs: number;
  clipsPerSecond: number;
  workers: number;
  clips: { sources: number; indexed: number; carriedOver: number; skipped: number; total: number };
  postings: number;
  skippedByReason: Partial<Record<SkipReason, number>>;
  skipped: Skipped[];
  languages: Record<
    string,
    { clips: number; words: number; wordsCovered: number; coverage: number; wordsKept: number }
  >;
  catalogueProblems: CatalogueProblem[];
}

export function writeReport(path: string, report: BuildReport): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, `${JSON.stringify(report, null, 2)}\n`);
  renameSync(tmp, path);
}

/** A few lines for a person: totals, then skipped clips grouped by reason with examples. */
export function reportSummary(report: BuildReport, reportPath: string): string[] {
  const { clips } = report;
  const seconds = (report.elapsedMs / 1000).toFixed(1);
  const lines = [
    `built ${report.snapshot} in ${seconds} s (${Math.round(report.clipsPerSecond)} clips/s, ${report.workers || "no"} worker threads)`,
    `clips: ${clips.total} indexed (${clips.indexed} from sources, ${clips.carriedOver} carried over), ${clips.skipped} skipped; ${report.postings} postings`,
  ];
  for (const [language, l] of Object.entries(report.languages)) {
    lines.push(
      `${language}: ${l.clips} clips, ${l.wordsCovered} of ${l.words} catalogue words covered (${(l.coverage * 100).toFixed(1)}%)`,
    );
  }
  if (report.catalogueProblems.length > 0) {
    lines.push(`catalogue: ${report.catalogueProblems.length} lines skipped or merged (see the report)`);
  }
  lines.push(...skippedSummary(report.skipped));
  lines.push(`report: ${reportPath}`);
  return lines;
}

/** Skipped clips grouped by reason, in order of first appearance, with a few examples of each. */
export function skippedSummary(skipped: readonly Skipped[]): string[] {
  const byReason = new Map<SkipReason, Skipped[]>();
  for (const s of skipped) {
    const group = byReason.get(s.reason);
    if (group === undefined) byReason.set(s.reason, [s]);
    else group.push(s);
  }
  const lines: string[] = [];
  for (const [reason, group] of byReason) {
    const examples = group.slice(0, 3);
    lines.push(`skipped ${group.length} × ${reason}:`);
    for (const s of examples) lines.push(`  ${s.origin}: ${s.detail}`);
    if (group.length > examples.length) lines.push(`  … and ${group.length - examples.length} more`);
  }
  return lines;
}
