/**
 * Start-up and memory of one server over one snapshot: time from spawning the process to `/readyz`
 * answering 200 (several starts, the median kept), then resident memory after a load run of exact
 * lookups, read from `/proc/<pid>/status` (VmRSS now, VmHWM the peak).
 */
import { statSync } from "node:fs";
import path from "node:path";
import { runLoad } from "../serve/load.js";
import { keyOf, type OurServer, startOurServer } from "../serve/setup.js";
import { percentile } from "../stats.js";

export interface Footprint {
  startsMs: number[];
  medianStartMs: number;
  rssAtReadyMB: number;
  rssAfterLoadMB: number;
  peakMB: number;
  loadRps: number;
  snapshotMB: number;
}

export interface FootprintSettings {
  starts: number;
  connections: number;
  durationS: number;
}

export async function measureFootprint(
  snapshotPath: string,
  dataDir: string,
  paths: readonly string[],
  settings: FootprintSettings,
): Promise<Footprint> {
  const startsMs: number[] = [];
  let server: OurServer | undefined;
  try {
    for (let i = 0; i < settings.starts; i++) {
      await server?.child.stop();
      server = await startOurServer(snapshotPath, path.join(dataDir, "access"), "on", ["memory"]);
      startsMs.push(server.child.readyMs);
    }
    if (server === undefined) throw new Error("bench: no server start");
    const atReady = server.child.memoryMB();
    const headers = { authorization: `Bearer ${keyOf(server, "memory")}` };
    const load = await runLoad(server.child.url, paths, headers, settings);
    const after = server.child.memoryMB();
    return {
      startsMs,
      medianStartMs: percentile(
        [...startsMs].sort((a, b) => a - b),
        0.5,
      ),
      rssAtReadyMB: atReady.rssMB,
      rssAfterLoadMB: after.rssMB,
      peakMB: after.peakMB,
      loadRps: load.rps,
      snapshotMB: statSync(snapshotPath).size / 2 ** 20,
    };
  } finally {
    await server?.child.stop();
  }
}
