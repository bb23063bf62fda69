/**
 * Servers under test run in child processes, so the load generator and the server never share a thread:
 * spawned on a free port, ready when `/readyz` answers 200, measured through `/proc`, stopped by SIGTERM.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

export interface RunningChild {
  pid: number;
  url: string;
  /** From spawning the process to the first 200 from `/readyz`. */
  readyMs: number;
  /** Resident memory now and at its peak, from `/proc/<pid>/status`; NaN where there is no `/proc`. */
  memoryMB(): { rssMB: number; peakMB: number };
  /** CPU the process has used so far, from `/proc/<pid>/stat`; undefined where there is no `/proc`. */
  cpu(): CpuTime | undefined;
  stop(): Promise<void>;
}

/** CPU time a process used, in microseconds: in user space and in the kernel. */
export interface CpuTime {
  userUs: number;
  kernelUs: number;
}

let ticksPerS: number | undefined;

/** Clock ticks a second, as `/proc/<pid>/stat` counts CPU time (100 on Linux unless configured otherwise). */
function clockTicks(): number {
  if (ticksPerS === undefined) {
    const printed = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout);
    ticksPerS = Number.isInteger(printed) && printed > 0 ? printed : 100;
  }
  return ticksPerS;
}

/** Fields 14 and 15 of `/proc/<pid>/stat` (utime, stime), read after the command name's closing parenthesis. */
function cpuOf(pid: number): CpuTime | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const usPerTick = 1e6 / clockTicks();
  return { userUs: Number(fields[11]) * usPerTick, kernelUs: Number(fields[12]) * usPerTick };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function statusFieldMB(pid: number, field: string): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kB = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1];
    return kB === undefined ? Number.NaN : Number(kB) / 1024;
  } catch {
    return Number.NaN;
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

async function waitReady(
  child: ChildProcess,
  url: string,
  startedMs: number,
  timeoutMs: number,
  stderr: () => string,
): Promise<number> {
  let exit: string | undefined;
  child.once("exit", (code, signal) => {
    exit = `exited with ${signal ?? `code ${code}`}`;
  });
  while (performance.now() - startedMs < timeoutMs) {
    if (exit !== undefined) throw new Error(`bench: server ${exit} before it was ready:\n${stderr()}`);
    try {
      const response = await fetch(`${url}/readyz`);
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - startedMs;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  child.kill("SIGKILL");
  throw new Error(`bench: server not ready after ${timeoutMs / 1000} s:\n${stderr()}`);
}

/** Starts `node <script> ...args` with `env` and PORT set, and waits until it is ready. */
export async function startChild(
  script: URL,
  args: readonly string[],
  env: Record<string, string>,
  timeoutMs = 180_000,
): Promise<RunningChild> {
  const port = await freePort();
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith("WORDCLIP_")),
  ) as Record<string, string>;
  const startedMs = performance.now();
  const child = spawn(process.execPath, [fileURLToPath(script), ...args], {
    env: { ...inherited, ...env, WORDCLIP_HOST: "127.0.0.1", WORDCLIP_PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderrText = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderrText = (stderrText + chunk).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  const readyMs = await waitReady(child, url, startedMs, timeoutMs, () => stderrText);
  const pid = child.pid as number;
  return {
    pid,
    url,
    readyMs,
    memoryMB: () => ({ rssMB: statusFieldMB(pid, "VmRSS"), peakMB: statusFieldMB(pid, "VmHWM") }),
    cpu: () => cpuOf(pid),
    async stop() {
      const done = exited(child);
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await done;
      clearTimeout(timer);
    },
  };
}
