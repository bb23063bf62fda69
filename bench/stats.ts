/** Percentiles of timing samples, and a latency loop that times single calls with the monotonic clock. */

export interface LatencySummary {
  samples: number;
  p50Us: number;
  p99Us: number;
  meanUs: number;
  maxUs: number;
}

/** The value below which `fraction` of the sorted samples fall (nearest rank). */
export function percentile(sorted: ArrayLike<number>, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil(fraction * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] as number;
}

export function summariseUs(samplesUs: Float64Array): LatencySummary {
  const sorted = Float64Array.from(samplesUs).sort();
  let sum = 0;
  for (const x of sorted) sum += x;
  return {
    samples: sorted.length,
    p50Us: percentile(sorted, 0.5),
    p99Us: percentile(sorted, 0.99),
    meanUs: sorted.length === 0 ? Number.NaN : sum / sorted.length,
    maxUs: sorted.length === 0 ? Number.NaN : (sorted[sorted.length - 1] as number),
  };
}

/** Keeps results alive so the engine cannot drop a call whose value is never read. */
let sink = 0;
export function consume(value: unknown): void {
  if (value !== undefined && value !== null) sink = (sink + 1) | 0;
}
export function sinkValue(): number {
  return sink;
}

/**
 * Starts measuring the process's CPU (user and system, every thread); the function returned gives the
 * milliseconds of it used since.
 */
export function cpuMeter(): () => number {
  const before = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000;
  };
}

/**
 * Calls `op` on the inputs in turn: `warmup` untimed calls, then `iterations` calls each timed alone
 * with `process.hrtime.bigint()`. Returns the latency of each timed call in microseconds.
 */
export function timeCalls<T>(
  inputs: readonly T[],
  op: (input: T) => unknown,
  iterations: number,
  warmup = iterations,
): Float64Array {
  if (inputs.length === 0) throw new Error("timeCalls: no inputs");
  for (let i = 0; i < warmup; i++) consume(op(inputs[i % inputs.length] as T));
  const samplesUs = new Float64Array(iterations);
  for (let i = 0; i < iterations; i++) {
    const input = inputs[i % inputs.length] as T;
    const t0 = process.hrtime.bigint();
    const result = op(input);
    const t1 = process.hrtime.bigint();
    consume(result);
    samplesUs[i] = Number(t1 - t0) / 1000;
  }
  return samplesUs;
}
