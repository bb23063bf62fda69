/**
 * Before any ratio against the bare server means something, the load generator must not be what limits
 * the bare server. The bare server is loaded over the exact-lookup paths at growing connection counts;
 * the runs of the section use the fewest connections within 5% of the best throughput seen, where more
 * connections no longer make the bare server answer more.
 */
import type { BenchContext } from "../context.js";
import { formatCount } from "../progress.js";
import { defaultGenerator, type LoadResult, runLoad } from "./load.js";

const STEPS = [10, 32, 64, 128] as const;
const PLATEAU = 0.95;

export interface GeneratorCheck {
  connections: number;
  curve: Array<{ connections: number; result: LoadResult }>;
}

export function checkGenerator(
  ctx: BenchContext,
  url: string,
  paths: readonly string[],
  headers: Record<string, string>,
): Promise<GeneratorCheck> {
  return ctx.once("generator-check", async () => {
    const { options, progress } = ctx;
    const durationS = Math.min(options.durationS, 5);
    const curve: GeneratorCheck["curve"] = [];
    for (const connections of STEPS) {
      await runLoad(url, paths, headers, { connections, durationS: options.warmupS });
      const result = await runLoad(url, paths, headers, { connections, durationS });
      curve.push({ connections, result });
      progress.line(`  bare, ${connections} connections: ${formatCount(result.rps)} req/s`);
    }
    const best = Math.max(...curve.map((c) => c.result.rps));
    const chosen = curve.find((c) => c.result.rps >= best * PLATEAU) ?? curve[curve.length - 1];
    const connections = chosen?.connections ?? options.connections;
    ctx.results.add({
      section: "serving",
      measure: `load generator (${defaultGenerator()}, 2 threads): bare Fastify req/s by connections, exact-lookup paths`,
      result: `${curve.map((c) => `${c.connections}: ${formatCount(c.result.rps)}`).join(" · ")}; the runs use ${connections} connections (the fewest within ${Math.round((1 - PLATEAU) * 100)}% of the best)`,
      data: { generator: defaultGenerator(), curve, connections },
    });
    return { connections, curve };
  });
}
