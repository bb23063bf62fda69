/**
 * The budget a ratio allows. The bare server is run again doing a fixed amount of CPU work for every
 * request (`bare-child.ts`), side by side with itself doing none, over the exact-lookup paths, and each
 * run's server CPU a request is read from the server's counters. A server on one thread that the load
 * keeps busy answers as fast as its CPU a request allows, so its ratio to the bare server should be
 * k / (k + extra), k being the bare server's own CPU a request and extra what the server spends beyond
 * it: the runs fit k (least squares of extra against 1/ratio − 1, through the origin), which shows
 * whether the model holds, and from it the extra CPU a request each target's ratio allows,
 * k × (1/ratio − 1). Each row of ours then says what it spent beyond the bare server against that.
 */
import type { BenchContext } from "../context.js";
import { TARGETS } from "../targets.js";
import { type RunningChild, startChild } from "./child.js";
import { bestOf, compareServers, loadSummary } from "./compare.js";
import type { LoadResult } from "./load.js";
import { BARE_SCRIPT } from "./setup.js";

/** Work a request, in microseconds, the bare server is run with. */
export const WORK_STEPS_US = [5, 10, 20, 40] as const;

/** The ratios to the bare server the targets hold ours to. */
const FLOORS = [
  ...new Set([
    TARGETS.lookupVsBare,
    TARGETS.transcriptVsBareMiss,
    TARGETS.feedVsBareMiss,
    TARGETS.lookupVsBareMiss,
  ]),
].sort((a, b) => b - a);

/** A calibration run: the server CPU a request it spent beyond the bare server's, and its ratio to it. */
export interface CostPoint {
  extraUs: number;
  ratio: number;
}

/**
 * k of ratio = k / (k + extra), fitted to the points by least squares of extra against 1/ratio − 1
 * through the origin; undefined without a point below 1×.
 */
export function fitCostScale(points: readonly CostPoint[]): number | undefined {
  let xy = 0;
  let xx = 0;
  for (const { extraUs, ratio } of points) {
    if (!(ratio > 0)) continue;
    const x = 1 / ratio - 1;
    xy += x * extraUs;
    xx += x * x;
  }
  return xx > 0 ? xy / xx : undefined;
}

/** The extra CPU a request, beyond the bare server's, at which the ratio is `floor`. */
export function costAllowed(scaleUs: number, floor: number): number {
  return scaleUs * (1 / floor - 1);
}

/** Server CPU a request of a load run, user and kernel together; undefined when it was not read. */
export function cpuPerRequest(result: LoadResult): number | undefined {
  const cpu = result.serverCpu;
  return cpu === undefined ? undefined : cpu.userUs + cpu.kernelUs;
}

/** What the calibration found: the extra server CPU a request each ratio allows (undefined: not found). */
export type Budget = ReadonlyMap<number, number>;

/**
 * Runs the calibration beside `bare` over `paths`, adds its rows to the serving section and returns the
 * budget; undefined when the servers' CPU cannot be read (no `/proc`).
 */
export async function measureBudget(
  ctx: BenchContext,
  bare: RunningChild,
  responsesFile: string,
  paths: readonly string[],
  connections: number,
): Promise<Budget | undefined> {
  const { options, progress } = ctx;
  if (bare.cpu() === undefined) {
    ctx.results.notice("serving", "budget: the servers' CPU cannot be read here (no /proc); not run");
    return undefined;
  }
  progress.line(`serving: the bare server doing ${WORK_STEPS_US.join(", ")} µs of work a request`);
  const workers: Array<{ workUs: number; child: RunningChild }> = [];
  try {
    for (const workUs of WORK_STEPS_US) {
      const child = await startChild(BARE_SCRIPT, [responsesFile], {
        WORDCLIP_BENCH_WORK_US: String(workUs),
      });
      workers.push({ workUs, child });
    }
    const name = (workUs: number): string => `bare + ${workUs} µs`;
    const results = await compareServers(
      [
        { name: "bare", url: bare.url, headers: {}, cpu: bare.cpu },
        ...workers.map(({ workUs, child }) => ({
          name: name(workUs),
          url: child.url,
          headers: {},
          cpu: child.cpu,
        })),
      ],
      paths,
      { ...options, connections },
      progress.line,
    );
    const bareResult = bestOf(results, "bare");
    const bareCpu = cpuPerRequest(bareResult) ?? 0;
    const points: CostPoint[] = [];
    for (const { workUs } of workers) {
      const result = bestOf(results, name(workUs));
      const ratio = result.rps / bareResult.rps;
      const extraUs = (cpuPerRequest(result) ?? bareCpu) - bareCpu;
      points.push({ extraUs, ratio });
      ctx.results.add({
        section: "serving",
        measure: `budget: bare Fastify doing a loop of ${workUs} µs (timed alone) a request / bare, exact-lookup paths`,
        result: `${loadSummary(result)}; bare ${loadSummary(bareResult)}; ${extraUs.toFixed(1)} µs of server CPU a request more than bare`,
        ratio: { value: ratio, label: "req/s" },
        data: { workUs, extraUs, result: results.get(name(workUs)), bare: results.get("bare") },
      });
    }
    const scaleUs = fitCostScale(points);
    if (scaleUs === undefined) {
      ctx.results.notice("serving", "budget: no run was slower than the bare server; no budget fitted");
      return undefined;
    }
    const budget = new Map(FLOORS.map((floor) => [floor, costAllowed(scaleUs, floor)]));
    const fitted = points.map((p) => `${(scaleUs / (scaleUs + p.extraUs)).toFixed(2)}×`).join(", ");
    ctx.results.add({
      section: "serving",
      measure: "budget: server CPU a request beyond the bare server's that each target's ratio allows",
      result: `ratio = k / (k + extra CPU a request), fitted k = ${scaleUs.toFixed(1)} µs (the bare server's own CPU a request: ${bareCpu.toFixed(1)} µs; the fit gives ${fitted} for the runs above); so ${[
        ...budget,
      ]
        .map(([floor, extraUs]) => `${floor}× allows about ${extraUs.toFixed(1)} µs`)
        .join(", ")}`,
      data: { points, scaleUs, bareCpuUs: bareCpu, budget: Object.fromEntries(budget) },
    });
    return budget;
  } finally {
    await Promise.all(workers.map(({ child }) => child.stop()));
  }
}

/**
 * Where a run of ours stands against the budget of `floor`: the server CPU a request it spent beyond the
 * bare server's and what the target allows; empty when either is unknown.
 */
export function againstBudget(
  budget: Budget | undefined,
  floor: number | undefined,
  ours: LoadResult,
  bare: LoadResult,
): string {
  const oursCpu = cpuPerRequest(ours);
  const bareCpu = cpuPerRequest(bare);
  const allowed = floor === undefined ? undefined : budget?.get(floor);
  if (oursCpu === undefined || bareCpu === undefined || allowed === undefined) return "";
  return `; ${(oursCpu - bareCpu).toFixed(1)} µs of server CPU a request more than bare, where ${floor}× allows about ${allowed.toFixed(1)}`;
}
