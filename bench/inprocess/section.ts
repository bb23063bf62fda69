/**
 * In-process latency, no HTTP: each operation timed call by call on the shipped catalogue and on a
 * 100,000-word catalogue, with the same lookup inputs. Timed calls are capped by a time budget so the
 * slow operations (fuzzy at 100,000 words) still finish, but never below a floor that keeps p99 meaningful.
 */
import { type LanguageIndex, Snapshot } from "../../src/index/snapshot.js";
import type { BenchContext } from "../context.js";
import { formatCount } from "../progress.js";
import { type LatencySummary, summariseUs, timeCalls } from "../stats.js";
import { atMost } from "../targets.js";
import {
  autocompletePrefixes,
  catalogueMisspellings,
  inflectedForms,
  isCatalogueSpelling,
  wordsWithClips,
} from "../workload/words.js";
import { autocomplete } from "./autocomplete.js";
import { exactLookup } from "./exact-lookup.js";
import { formsLookup } from "./forms-lookup.js";
import { fuzzyLookup } from "./fuzzy-lookup.js";
import { ensureLargeCatalogueSnapshot } from "./large-catalogue.js";
import type { InProcessInputs, InProcessOperation } from "./operation.js";

export const IN_PROCESS_OPERATIONS: readonly InProcessOperation[] = [
  exactLookup,
  formsLookup,
  fuzzyLookup,
  autocomplete,
];

const INPUTS_PER_OPERATION = 2000;
const PREFIXES = 5000;

export function formatUs(us: number): string {
  if (us >= 1000) return `${(us / 1000).toFixed(2)} ms`;
  return `${us < 10 ? us.toFixed(2) : us.toFixed(1)} µs`;
}

function measure(
  index: LanguageIndex,
  op: InProcessOperation,
  inputs: readonly string[],
  limits: { minCalls: number; maxCalls: number; budgetMs: number },
): LatencySummary {
  const { minCalls, maxCalls, budgetMs } = limits;
  const probeUs = summariseUs(timeCalls(inputs, (x) => op.run(index, x), 200, 0)).meanUs;
  const calls = Math.max(
    minCalls,
    Math.min(maxCalls, Math.floor((budgetMs * 1000) / Math.max(probeUs, 0.01))),
  );
  // One pass over the inputs warms up (at most as many calls as are timed).
  const warmup = Math.min(calls, inputs.length);
  return summariseUs(timeCalls(inputs, (x) => op.run(index, x), calls, warmup));
}

export async function runInProcessSection(ctx: BenchContext): Promise<void> {
  const { options, progress } = ctx;
  const shipped = await ctx.index();
  const largePath = await ensureLargeCatalogueSnapshot(options.outDir, await ctx.corpus(), progress);
  const largeSnapshot = new Snapshot(largePath);
  try {
    const large = largeSnapshot.language("en");
    if (large === undefined) throw new Error("bench: the large catalogue snapshot has no English catalogue");
    const seed = options.seed;
    const n = INPUTS_PER_OPERATION;
    const base = {
      words: wordsWithClips(shipped, seed, n).map((w) => w.word),
      forms: inflectedForms(shipped, seed, n),
      typos: catalogueMisspellings(shipped, `${seed}-inprocess`, n)
        .map((m) => m.typo)
        .filter((typo) => !isCatalogueSpelling(large, typo)),
    };
    const catalogues = [
      { name: "shipped catalogue", index: shipped },
      { name: "100,000-word catalogue", index: large },
    ];
    const p99AtShipped = new Map<string, number>();
    const limits = options.quick
      ? { minCalls: 500, maxCalls: options.iterations, budgetMs: 1000 }
      : { minCalls: 1000, maxCalls: options.iterations, budgetMs: 6000 };
    for (const { name, index } of catalogues) {
      const words = index.catalog.words.length;
      const inputs: InProcessInputs = {
        ...base,
        prefixes: autocompletePrefixes(index, seed, PREFIXES, "all"),
      };
      for (const op of IN_PROCESS_OPERATIONS) {
        const opInputs = op.inputs(inputs);
        progress.line(
          `in-process: ${op.name}, ${name} (${formatCount(words)} words), ${opInputs.length} inputs`,
        );
        const summary = measure(index, op, opInputs, limits);
        const targetUs = op.targetP99Us(words);
        const shippedP99 = p99AtShipped.get(op.name);
        if (shippedP99 === undefined) p99AtShipped.set(op.name, summary.p99Us);
        ctx.results.add({
          section: "inprocess",
          measure: `${op.name}, ${name} (${formatCount(words)} words)`,
          result: `p50 ${formatUs(summary.p50Us)} · p99 ${formatUs(summary.p99Us)} · mean ${formatUs(summary.meanUs)} (${formatCount(summary.samples)} calls over ${formatCount(opInputs.length)} inputs)`,
          ratio:
            shippedP99 === undefined
              ? undefined
              : { value: summary.p99Us / shippedP99, label: "p99 / shipped-catalogue p99" },
          target: atMost(summary.p99Us, targetUs, `p99 ≤ ${formatUs(targetUs)}`),
          data: { operation: op.name, catalogueWords: words, inputs: opInputs.length, ...summary },
        });
      }
    }
  } finally {
    largeSnapshot.close();
  }
}
