/**
 * Start-up and memory of one server over one snapshot: time from spawning the process to `/readyz`
 * answering 200, then resident memory after a load run of exact lookups, read from `/proc/<pid>/status`
 * (VmRSS now, VmHWM the peak). The first start finds no record of an earlier verification beside the
 * file (it is removed), so it reads the whole file for its checksum, as on a file copied in by hand; the
 * later starts find the record that start wrote, as every restart does, and their median is kept.
 */
import { rmSync, statSync } from "node:fs";
import path from "node:path";
import { verifiedRecordPath } from "../../src/snapshot/checksum.js";
import { runLoad } from "../serve/load.js";
import { keyOf, type OurServer, startOurServer } from "../serve/setup.js";
import { percentile } from "../stats.js";

export interface Footprint {
  /** The first start, which read the whole file for its checksum. */
  fullReadStartMs: number;
  /** The later starts, which found the file's verification recorded. */
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
  rmSync(verifiedRecordPath(snapshotPath), { force: true });
  try {
    for (let i = 0; i <= settings.starts; i++) {
      await server?.child.stop();
      server = await startOurServer(snapshotPath, path.join(dataDir, "access"), "on", ["memory"]);
      startsMs.push(server.child.readyMs);
    }
    if (server === undefined) throw new Error("bench: no server start");
    const atReady = server.child.memoryMB();
    const headers = { authorization: `Bearer ${keyOf(server, "memory")}` };
    const load = await runLoad(server.child.url, paths, headers, settings);
    const after = server.child.memoryMB();
    const [fullReadStartMs, ...recorded] = startsMs as [number, ...number[]];
    return {
      fullReadStartMs,
      startsMs: recorded,
      medianStartMs: percentile(
        [...recorded].sort((a, b) => a - b),
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
