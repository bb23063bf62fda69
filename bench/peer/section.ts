/**
 * The peer: the same fuzzy lookup done by PostgreSQL pg_trgm, on the same catalogue words and the same
 * misspellings. Latency (ours in process, PostgreSQL inside the server) and top-1 accuracy: how often
 * the first answer is the word that was misspelled.
 */
import { resolveWord } from "../../src/index/lookup.js";
import type { BenchContext } from "../context.js";
import { formatUs } from "../inprocess/section.js";
import { formatCount } from "../progress.js";
import { summariseUs, timeCalls } from "../stats.js";
import { atLeast, TARGETS } from "../targets.js";
import { MISSPELLING_KINDS } from "../workload/misspell.js";
import { catalogueMisspellings } from "../workload/words.js";
import { runPgTrgm } from "./pg-trgm.js";
import { psqlProblem } from "./psql.js";

const percent = (x: number): string => `${(x * 100).toFixed(1)}%`;

export async function runPeerSection(ctx: BenchContext): Promise<void> {
  const { options, progress } = ctx;
  const problem = psqlProblem();
  if (problem !== undefined) {
    progress.line(`peer: PostgreSQL NOT REACHABLE (${problem}); the pg_trgm comparison is NOT RUN`);
    ctx.results.notice(
      "peer",
      `PostgreSQL pg_trgm comparison NOT RUN: the database did not answer (${problem})`,
    );
    return;
  }
  const index = await ctx.index();
  const misspellings = catalogueMisspellings(index, `${options.seed}-peer`, options.misspellings, "all");
  const typos = misspellings.map((m) => m.typo);
  const words = index.catalog.words.map((w) => w.norm);

  progress.line(`peer: ours on ${formatCount(typos.length)} misspellings`);
  const resolve = (typo: string) => resolveWord(index.catalog, index.fuzzy, typo, "fuzzy");
  const ours = summariseUs(timeCalls(typos, resolve, Math.max(typos.length * 3, 3000), typos.length));
  const ourTop1 = typos.map((typo) => {
    const r = resolve(typo);
    return r.found ? r.entry.norm : "";
  });

  progress.line(`peer: pg_trgm on the same ${formatCount(words.length)} words and misspellings`);
  const pg = runPgTrgm(words, typos);
  if ("problem" in pg) {
    ctx.results.notice("peer", `PostgreSQL pg_trgm comparison FAILED: ${pg.problem}`);
    return;
  }
  const theirs = summariseUs(pg.latenciesUs);
  const speedup = theirs.p50Us / ours.p50Us;
  ctx.results.add({
    section: "peer",
    measure: `fuzzy lookup latency: ours / pg_trgm (${formatCount(words.length)} words, ${formatCount(typos.length)} misspellings)`,
    result: `ours p50 ${formatUs(ours.p50Us)} · p99 ${formatUs(ours.p99Us)}; PostgreSQL ${pg.version} p50 ${formatUs(theirs.p50Us)} · p99 ${formatUs(theirs.p99Us)}; speed-up over pg_trgm ${formatCount(speedup, 1)}× at p50, ${formatCount(theirs.p99Us / ours.p99Us, 1)}× at p99`,
    ratio: { value: ours.p50Us / theirs.p50Us, label: "p50 ours / pg_trgm" },
    target: atLeast(speedup, TARGETS.fuzzySpeedupVsPg, `≥ ${TARGETS.fuzzySpeedupVsPg}× faster`),
    data: { words: words.length, misspellings: typos.length, ours, pgTrgm: theirs, version: pg.version },
  });

  const correct = (answers: readonly string[], kind?: string): number => {
    let n = 0;
    let of = 0;
    misspellings.forEach((m, i) => {
      if (kind !== undefined && m.kind !== kind) return;
      of++;
      if (answers[i] === m.intended) n++;
    });
    return of === 0 ? Number.NaN : n / of;
  };
  const ourAccuracy = correct(ourTop1);
  const pgAccuracy = correct(pg.top1);
  const byKind = MISSPELLING_KINDS.map(
    (kind) => `${kind} ${percent(correct(ourTop1, kind))}/${percent(correct(pg.top1, kind))}`,
  ).join(", ");
  ctx.results.add({
    section: "peer",
    measure: "fuzzy top-1 accuracy: ours / pg_trgm",
    result: `ours ${percent(ourAccuracy)}, pg_trgm ${percent(pgAccuracy)} right first (by kind, ours/pg_trgm: ${byKind}); pg_trgm gave no answer for ${formatCount(pg.top1.filter((t) => t === "").length)}`,
    ratio: { value: ourAccuracy / pgAccuracy, label: "accuracy ours / pg_trgm" },
    target: { text: "more often right", met: ourAccuracy > pgAccuracy },
    data: {
      ours: ourAccuracy,
      pgTrgm: pgAccuracy,
      byKind: Object.fromEntries(
        MISSPELLING_KINDS.map((kind) => [
          kind,
          { ours: correct(ourTop1, kind), pgTrgm: correct(pg.top1, kind) },
        ]),
      ),
      examples: misspellings.slice(0, 20).map((m, i) => ({ ...m, ours: ourTop1[i], pgTrgm: pg.top1[i] })),
    },
  });
}
