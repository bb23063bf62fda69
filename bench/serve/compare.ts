/**
 * Servers measured side by side with the same client settings and the same paths: each round warms up
 * and measures every server in turn, starting with a different one each round; the best round of each
 * is kept (on a shared machine, the best run is the one least disturbed by other work).
 */
import { formatCount } from "../progress.js";
import type { CpuTime } from "./child.js";
import { type LoadResult, runLoad } from "./load.js";

export interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** The server's CPU so far (`RunningChild.cpu`): each result then carries its CPU a request. */
  cpu?: () => CpuTime | undefined;
}

export interface CompareSettings {
  connections: number;
  durationS: number;
  warmupS: number;
  rounds: number;
}

export interface Measured {
  best: LoadResult;
  rounds: LoadResult[];
}

function best(results: readonly LoadResult[]): LoadResult {
  return results.reduce((x, y) => (y.rps > x.rps ? y : x));
}

async function measure(
  target: Target,
  paths: readonly string[],
  settings: CompareSettings,
): Promise<LoadResult> {
  const load = { connections: settings.connections };
  await runLoad(target.url, paths, target.headers, { ...load, durationS: settings.warmupS });
  const before = target.cpu?.();
  const result = await runLoad(target.url, paths, target.headers, { ...load, durationS: settings.durationS });
  const after = target.cpu?.();
  if (before === undefined || after === undefined || result.requests === 0) return result;
  return {
    ...result,
    serverCpu: {
      userUs: (after.userUs - before.userUs) / result.requests,
      kernelUs: (after.kernelUs - before.kernelUs) / result.requests,
    },
  };
}

/** Results by target name, in the order given. */
export async function compareServers(
  targets: readonly Target[],
  paths: readonly string[],
  settings: CompareSettings,
  log: (line: string) => void,
): Promise<Map<string, Measured>> {
  const rounds = new Map<string, LoadResult[]>(targets.map((t) => [t.name, []]));
  for (let round = 0; round < settings.rounds; round++) {
    const order = targets.map((_, i) => targets[(i + round) % targets.length] as Target);
    for (const target of order) rounds.get(target.name)?.push(await measure(target, paths, settings));
    const line = targets.map((t) => `${t.name} ${formatCount(rounds.get(t.name)?.[round]?.rps ?? 0)} req/s`);
    log(`  round ${round + 1}: ${line.join(", ")}`);
  }
  return new Map(
    targets.map((t) => [t.name, { best: best(rounds.get(t.name) ?? []), rounds: rounds.get(t.name) ?? [] }]),
  );
}

/** The best result of `name`; throws when it was not measured. */
export function bestOf(results: ReadonlyMap<string, Measured>, name: string): LoadResult {
  const found = results.get(name);
  if (found === undefined) throw new Error(`bench: no load results for "${name}"`);
  return found.best;
}

export function loadSummary(result: LoadResult): string {
  const ms = (x: number): string => (x < 10 ? x.toFixed(2) : x.toFixed(1));
  const failures = result.non2xx + result.errors;
  const warn = failures > 0 ? ` · ${formatCount(failures)} non-2xx/errors` : "";
  const cpu = result.serverCpu;
  const us = (x: number): string => x.toFixed(1);
  const cpuText =
    cpu === undefined
      ? ""
      : ` · server CPU ${us(cpu.userUs + cpu.kernelUs)} µs a request (${us(cpu.userUs)} user, ${us(cpu.kernelUs)} kernel)`;
  return `${formatCount(result.rps)} req/s · p50 ${ms(result.p50Ms)} ms · p99 ${ms(result.p99Ms)} ms${cpuText}${warn}`;
}
