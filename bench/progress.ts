/** Progress lines on standard error while the benchmark runs, stamped with the time since it started. */

export interface Progress {
  /** One line, always printed. */
  line(message: string): void;
  /** A line printed at most once per interval for the same topic (for counters that tick fast). */
  tick(topic: string, message: string): void;
}

function clock(elapsedMs: number): string {
  const totalS = Math.floor(elapsedMs / 1000);
  const minutes = Math.floor(totalS / 60);
  return `${String(minutes).padStart(2, "0")}:${String(totalS % 60).padStart(2, "0")}`;
}

export function createProgress(intervalMs = 3000, write = (s: string) => process.stderr.write(s)): Progress {
  const startedMs = performance.now();
  const lastTickMs = new Map<string, number>();
  const line = (message: string): void => {
    write(`[bench ${clock(performance.now() - startedMs)}] ${message}\n`);
  };
  return {
    line,
    tick(topic, message) {
      const nowMs = performance.now();
      const last = lastTickMs.get(topic);
      if (last !== undefined && nowMs - last < intervalMs) return;
      lastTickMs.set(topic, nowMs);
      line(message);
    },
  };
}

/** `12345.6` → `12,346`: figures for people. */
export function formatCount(value: number, digits = 0): string {
  return value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
}
