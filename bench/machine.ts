/** The machine a run was measured on, printed with the results: numbers mean little without it. */
import { availableParallelism, cpus, freemem, loadavg, platform, release, totalmem } from "node:os";

export interface Machine {
  cpuModel: string;
  cores: number;
  memoryGB: number;
  freeMemoryGB: number;
  /** 1, 5 and 15 minute load averages when the run started: above the core count, others share the CPU. */
  loadAverage: number[];
  node: string;
  os: string;
}

export function describeMachine(): Machine {
  const round1 = (x: number): number => Math.round(x * 10) / 10;
  return {
    cpuModel: cpus()[0]?.model.trim() ?? "unknown",
    cores: availableParallelism(),
    memoryGB: round1(totalmem() / 2 ** 30),
    freeMemoryGB: round1(freemem() / 2 ** 30),
    loadAverage: loadavg().map(round1),
    node: process.version,
    os: `${platform()} ${release()}`,
  };
}

/** True when other work was already using the cores when the run started. */
export function machineIsLoaded(machine: Machine): boolean {
  return (machine.loadAverage[0] ?? 0) >= machine.cores * 0.5;
}

export function machineLine(m: Machine): string {
  return `${m.cores} cores (${m.cpuModel}), ${m.memoryGB} GB memory, Node ${m.node}, ${m.os}; load average ${m.loadAverage.join(" / ")} at start`;
}
