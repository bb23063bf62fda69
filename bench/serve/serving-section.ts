/**
 * Serving: every operation against our server (access on, a real key) and against the bare Fastify
 * server answering the same paths with the same bytes from memory. The ratio is what our lookup,
 * serialisation and access checks cost over the least any Fastify server must spend. Ours runs twice:
 * as shipped, where the response cache answers every path after the warm-up (the paths cycle), and with
 * the cache off, where every request does the whole lookup (a long tail of words nobody asked yet).
 * Every run also reads the server's CPU a request from its counters, and before the operations the bare
 * server is run doing fixed amounts of work a request (`budget.ts`): what each target's ratio allows.
 */
import type { BenchContext } from "../context.js";
import type { ResultRow } from "../report/results.js";
import { atLeast, TARGETS } from "../targets.js";
import { againstBudget, type Budget, measureBudget } from "./budget.js";
import { startChild } from "./child.js";
import { bestOf, compareServers, loadSummary } from "./compare.js";
import { checkGenerator } from "./generator-check.js";
import { BARE_SCRIPT, keyOf, type OurServer, servingSetup } from "./setup.js";
import { HTTP_OPERATIONS, type HttpOperation, OPERATION_LABELS } from "./workloads.js";

/** Our two servers: load-run name → how the row names it. */
const VARIANTS: ReadonlyArray<[string, string]> = [
  ["ours", "response cache as shipped"],
  ["ours, cache off", "response cache off"],
];

/** The floor for `operation`, as shipped (`cached`) or with the response cache off. */
function floorOf(operation: HttpOperation, cached: boolean): number | undefined {
  switch (operation) {
    case "exact":
    case "forms":
    case "fuzzy":
      return cached ? TARGETS.lookupVsBare : TARGETS.lookupVsBareMiss;
    case "autocomplete":
      return cached ? TARGETS.autocompleteVsBare : TARGETS.autocompleteVsBareMiss;
    case "transcript":
      return cached ? undefined : TARGETS.transcriptVsBareMiss;
    case "feed":
      return cached ? undefined : TARGETS.feedVsBareMiss;
    default:
      return undefined;
  }
}

function targetOf(operation: HttpOperation, cached: boolean, ratio: number): ResultRow["target"] {
  const floor = floorOf(operation, cached);
  return floor === undefined ? undefined : atLeast(ratio, floor, `≥ ${floor}× bare`);
}

export async function runServingSection(ctx: BenchContext): Promise<void> {
  const { options, progress } = ctx;
  const setup = await servingSetup(ctx);
  progress.line("serving: starting the bare Fastify server");
  const bare = await startChild(BARE_SCRIPT, [setup.responsesFile], {});
  try {
    const exact = setup.workloads.get("exact");
    let connections = options.connections;
    let budget: Budget | undefined;
    if (exact !== undefined && exact.paths.length > 0) {
      progress.line("serving: the load generator against the bare server, by connections");
      const bearer = { authorization: `Bearer ${keyOf(setup.ours, "exact")}` };
      connections = (await checkGenerator(ctx, bare.url, exact.paths, bearer)).connections;
      budget = await measureBudget(ctx, bare, setup.responsesFile, exact.paths, connections);
    }
    for (const operation of HTTP_OPERATIONS) {
      const workload = setup.workloads.get(operation);
      if (workload === undefined || workload.paths.length === 0) {
        ctx.results.notice(
          "serving",
          `${OPERATION_LABELS[operation]}: no paths our server answered 200; not run`,
        );
        continue;
      }
      progress.line(`serving: ${OPERATION_LABELS[operation]} over ${workload.paths.length} paths`);
      // Each of our servers has its own access store, so its own key; the bare server ignores the header.
      const bearer = (server: OurServer) => ({ authorization: `Bearer ${keyOf(server, operation)}` });
      const results = await compareServers(
        [
          { name: "ours", url: setup.ours.child.url, headers: bearer(setup.ours), cpu: setup.ours.child.cpu },
          {
            name: "ours, cache off",
            url: setup.uncached.child.url,
            headers: bearer(setup.uncached),
            cpu: setup.uncached.child.cpu,
          },
          { name: "bare", url: bare.url, headers: bearer(setup.ours), cpu: bare.cpu },
        ],
        workload.paths,
        { ...options, connections },
        progress.line,
      );
      const bareResult = bestOf(results, "bare");
      for (const [name, variant] of VARIANTS) {
        const ours = bestOf(results, name);
        const ratio = ours.rps / bareResult.rps;
        ctx.results.add({
          section: "serving",
          measure: `${OPERATION_LABELS[operation]}, ${variant}: ours / bare Fastify`,
          result: `ours ${loadSummary(ours)}; bare ${loadSummary(bareResult)}${againstBudget(budget, floorOf(operation, name === "ours"), ours, bareResult)}`,
          ratio: { value: ratio, label: "req/s ours / bare" },
          target: targetOf(operation, name === "ours", ratio),
          data: {
            operation,
            variant,
            paths: workload.paths.length,
            dropped: workload.dropped,
            ours: results.get(name),
            bare: results.get("bare"),
          },
        });
      }
    }
  } finally {
    await bare.stop();
  }
}
