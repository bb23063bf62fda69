/** How a ratio and a target read in the printed table and in Markdown. */
import type { ResultRow } from "./results.js";

export function ratioText(row: ResultRow): string {
  if (row.ratio === undefined) return "";
  const value = row.ratio.value;
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return Number.isFinite(value) ? `${value.toFixed(digits)}×` : "n/a";
}

export function metText(row: ResultRow): string {
  if (row.target === undefined) return "";
  return row.target.met ? "✓" : "✗";
}

export const SECTION_TITLES: Record<ResultRow["section"], string> = {
  build: "Build",
  serving: "Serving (HTTP, ours vs bare Fastify)",
  realistic: "Serving a realistic mix (HTTP, ours vs bare Fastify)",
  access: "Access overhead",
  inprocess: "In-process latency",
  memory: "Memory and start-up",
  peer: "Peer: PostgreSQL pg_trgm",
  spelling: "Near spellings: accuracy beside GNU Aspell and pg_trgm",
  scale: "Scale-out: embedded, --workers 2, PostgreSQL + Redis",
  soak: "Soak: steady load at 80% of peak, and memory against the response cache",
  phrase: "Phrase search: the positional index",
};
