/**
 * One load run: autocannon with a fixed number of connections for a fixed time, cycling through many
 * request paths (each connection starts at its own place in the list, so connections do not ask for the
 * same path at the same moment). Latency is taken from every response at microsecond precision.
 */
import autocannon from "autocannon";
import { summariseUs } from "../stats.js";
import type { LoadResult, LoadSettings } from "./load-result.js";
import { runWrk, wrkAvailable } from "./wrk.js";

export type { LoadResult, LoadSettings } from "./load-result.js";

/** The load generator: wrk when installed (cheaper per request), else autocannon. */
export type Generator = "wrk" | "autocannon";

export function defaultGenerator(): Generator {
  return process.env.WORDCLIP_BENCH_GENERATOR === "autocannon" || !wrkAvailable() ? "autocannon" : "wrk";
}

/** Rotates `items` to start at `start`. */
function rotated<T>(items: readonly T[], start: number): T[] {
  return items.slice(start).concat(items.slice(0, start));
}

export async function runLoad(
  url: string,
  paths: readonly string[],
  headers: Record<string, string>,
  settings: LoadSettings,
): Promise<LoadResult> {
  if (paths.length === 0) throw new Error("runLoad: no request paths");
  if (defaultGenerator() === "wrk") return runWrk(url, paths, headers, settings);
  return runAutocannon(url, paths, headers, settings);
}

async function runAutocannon(
  url: string,
  paths: readonly string[],
  headers: Record<string, string>,
  settings: LoadSettings,
): Promise<LoadResult> {
  const requests = paths.map((path) => ({ method: "GET" as const, path }));
  const latenciesMs: number[] = [];
  let clientNo = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: settings.connections,
        duration: settings.durationS,
        headers,
        requests,
        setupClient: (client) => {
          const start = Math.floor((clientNo++ * paths.length) / settings.connections) % paths.length;
          client.setRequests(rotated(requests, start));
        },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on("response", (_client, _status, _bytes, responseTimeMs) => {
      latenciesMs.push(responseTimeMs);
    });
  });
  const latency = summariseUs(Float64Array.from(latenciesMs, (ms) => ms * 1000));
  const answered = result["2xx"] + result.non2xx;
  return {
    requests: answered,
    rps: answered / result.duration,
    p50Ms: latency.p50Us / 1000,
    p99Ms: latency.p99Us / 1000,
    non2xx: result.non2xx,
    errors: result.errors,
    durationS: result.duration,
  };
}
