/**
 * Load runs against a set-up that may be several nodes: the connections are split between its URLs
 * (as a load balancer would), every response's latency is kept, and the set-ups are measured in turn,
 * starting with a different one each round; the best round of each is kept, as in the serving section.
 */
import autocannon from "autocannon";
import { formatCount } from "../progress.js";
import type { LoadResult } from "../serve/load.js";
import { summariseUs } from "../stats.js";

export interface SetUp {
  name: string;
  /** One URL per node; connections are split evenly between them. */
  urls: readonly string[];
  headers: Record<string, string>;
}

export interface LoadPlan {
  connections: number;
  durationS: number;
  warmupS: number;
  rounds: number;
}

function rotated<T>(items: readonly T[], start: number): T[] {
  return items.slice(start).concat(items.slice(0, start));
}

async function runOn(
  url: string,
  connections: number,
  paths: readonly string[],
  headers: Record<string, string>,
  durationS: number,
  latenciesMs: number[],
) {
  const requests = paths.map((path) => ({ method: "GET" as const, path }));
  let clientNo = 0;
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: durationS,
        headers,
        requests,
        setupClient: (client) => {
          client.setRequests(
            rotated(requests, Math.floor((clientNo++ * paths.length) / connections) % paths.length),
          );
        },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on("response", (_client, _status, _bytes, responseTimeMs) => {
      latenciesMs.push(responseTimeMs);
    });
  });
}

/** One load run on every node of `setUp` at once, `connections` in all. */
export async function loadSetUp(
  setUp: SetUp,
  paths: readonly string[],
  connections: number,
  durationS: number,
): Promise<LoadResult> {
  const latenciesMs: number[] = [];
  const share = Math.max(1, Math.floor(connections / setUp.urls.length));
  const results = await Promise.all(
    setUp.urls.map((url) => runOn(url, share, paths, setUp.headers, durationS, latenciesMs)),
  );
  const latency = summariseUs(Float64Array.from(latenciesMs, (ms) => ms * 1000));
  const answered = results.reduce((n, r) => n + r["2xx"] + r.non2xx, 0);
  const duration = Math.max(...results.map((r) => r.duration));
  return {
    requests: answered,
    rps: answered / duration,
    p50Ms: latency.p50Us / 1000,
    p99Ms: latency.p99Us / 1000,
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    errors: results.reduce((n, r) => n + r.errors, 0),
    durationS: duration,
  };
}

export interface SetUpResult {
  best: LoadResult;
  rounds: LoadResult[];
}

/** Every set-up measured in each round (warm-up, then the measured run), in a rotating order. */
export async function compareSetUps(
  setUps: readonly SetUp[],
  paths: readonly string[],
  plan: LoadPlan,
  log: (line: string) => void,
): Promise<Map<string, SetUpResult>> {
  const rounds = new Map<string, LoadResult[]>(setUps.map((s) => [s.name, []]));
  for (let round = 0; round < plan.rounds; round++) {
    const order = setUps.map((_, i) => setUps[(i + round) % setUps.length] as SetUp);
    for (const setUp of order) {
      await loadSetUp(setUp, paths, plan.connections, plan.warmupS);
      rounds.get(setUp.name)?.push(await loadSetUp(setUp, paths, plan.connections, plan.durationS));
    }
    const line = setUps.map((s) => `${s.name} ${formatCount(rounds.get(s.name)?.[round]?.rps ?? 0)} req/s`);
    log(`  round ${round + 1}: ${line.join(", ")}`);
  }
  const best = (results: readonly LoadResult[]) => results.reduce((x, y) => (y.rps > x.rps ? y : x));
  return new Map(
    setUps.map((s) => [s.name, { best: best(rounds.get(s.name) ?? []), rounds: rounds.get(s.name) ?? [] }]),
  );
}
