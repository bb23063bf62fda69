/** What a run produces: a row per figure (with its ratio and target), notices for parts not run, and the machine. */
import type { Machine } from "../machine.js";
import type { SectionName } from "../options.js";

export interface TargetCheck {
  /** The target as printed: `≥ 0.7× bare`. */
  text: string;
  met: boolean;
}

export interface ResultRow {
  section: SectionName;
  /** What was measured: `exact lookup (ours / bare Fastify)`. */
  measure: string;
  /** The figures for a reader: `4,210 req/s · p50 2.1 ms · p99 5.3 ms`. */
  result: string;
  ratio?: { value: number; label: string } | undefined;
  target?: TargetCheck | undefined;
  /** The raw numbers behind the row, for the JSON file. */
  data?: Record<string, unknown> | undefined;
}

/** A part of a section that did not run, and why: printed loudly, kept in the results. */
export interface Notice {
  section: SectionName;
  message: string;
}

export interface BenchResults {
  startedAt: string;
  finishedAt: string;
  command: string;
  quick: boolean;
  machine: Machine;
  /** True when the machine was already busy when the run started. */
  loaded: boolean;
  settings: Record<string, unknown>;
  rows: ResultRow[];
  notices: Notice[];
}

/** Collects rows and notices as sections run. */
export class ResultSink {
  readonly rows: ResultRow[] = [];
  readonly notices: Notice[] = [];

  add(row: ResultRow): void {
    this.rows.push(row);
  }

  notice(section: SectionName, message: string): void {
    this.notices.push({ section, message });
  }
}
