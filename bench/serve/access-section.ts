/**
 * Access overhead: the same requests against our server with access on (key lookup, minute window,
 * monthly quota on every request) and a second instance started with WORDCLIP_ACCESS=off, both as
 * shipped (response cache on). The target is on exact lookups; autocomplete is shown beside them.
 */
import path from "node:path";
import type { BenchContext } from "../context.js";
import { atMost, TARGETS } from "../targets.js";
import { bestOf, compareServers, loadSummary } from "./compare.js";
import { keyOf, servingSetup, startOurServer } from "./setup.js";
import { type HttpOperation, OPERATION_LABELS } from "./workloads.js";

const MEASURED: readonly HttpOperation[] = ["exact", "autocomplete"];

export async function runAccessSection(ctx: BenchContext): Promise<void> {
  const { options, progress } = ctx;
  const setup = await servingSetup(ctx);
  const snapshot = await ctx.snapshot();
  // A fresh pair, so neither carries the state (caches, heap) of earlier load runs.
  progress.line("access: starting a server with access on and one with WORDCLIP_ACCESS=off");
  const keyNames = MEASURED.map((op) => `access-${op}`);
  const on = await startOurServer(
    snapshot.path,
    path.join(options.outDir, "serve-access-pair-on"),
    "on",
    keyNames,
  );
  const off = await startOurServer(snapshot.path, path.join(options.outDir, "serve-access-off"), "off", []);
  try {
    for (const operation of MEASURED) {
      const paths = setup.workloads.get(operation)?.paths ?? [];
      const label = OPERATION_LABELS[operation];
      if (paths.length === 0) {
        ctx.results.notice("access", `${label}: no paths were answered 200; access overhead not measured`);
        continue;
      }
      progress.line(`access: ${label}, access on against off`);
      // Both get the same header: the server without access checks ignores it.
      const headers = { authorization: `Bearer ${keyOf(on, `access-${operation}`)}` };
      const results = await compareServers(
        [
          { name: "access on", url: on.child.url, headers, cpu: on.child.cpu },
          { name: "access off", url: off.child.url, headers, cpu: off.child.cpu },
        ],
        paths,
        options,
        progress.line,
      );
      const onResult = bestOf(results, "access on");
      const offResult = bestOf(results, "access off");
      const ratio = onResult.rps / offResult.rps;
      const overhead = 1 - ratio;
      const target = `overhead ≤ ${TARGETS.accessOverhead * 100}%`;
      ctx.results.add({
        section: "access",
        measure: `${label}: access on / access off`,
        result: `on ${loadSummary(onResult)}; off ${loadSummary(offResult)}; overhead ${(overhead * 100).toFixed(1)}% of throughput`,
        ratio: { value: ratio, label: "req/s on / off" },
        target: operation === "exact" ? atMost(overhead, TARGETS.accessOverhead, target) : undefined,
        data: {
          operation,
          paths: paths.length,
          overhead,
          on: results.get("access on"),
          off: results.get("access off"),
        },
      });
    }
  } finally {
    await on.child.stop();
    await off.child.stop();
  }
}
