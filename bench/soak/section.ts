/**
 * Soak: our server as shipped (access on, response cache at its default size) under a steady load at
 * about 80% of the peak it just reached, for 10 minutes (1 in --quick), over every recorded request of the
 * serving workloads. Measured in consecutive windows: errors and non-2xx answers, p99 per window, and the
 * server's resident memory after each; the first window is the warm-up. Then short runs of servers with
 * the response cache off and at 16 MB show how the steady resident memory follows the cache's size.
 */
import path from "node:path";
import autocannon from "autocannon";
import type { BenchContext } from "../context.js";
import { formatCount } from "../progress.js";
import { runLoad } from "../serve/load.js";
import { type OurServer, servingSetup, startOurServer } from "../serve/setup.js";
import { summariseUs } from "../stats.js";

interface Window {
  rps: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  rssMB: number;
}

/** One window at a fixed overall rate (autocannon paces the requests; wrk cannot). */
async function paced(
  url: string,
  paths: readonly string[],
  key: string,
  rate: number,
  connections: number,
  durationS: number,
): Promise<Omit<Window, "rssMB">> {
  const requests = paths.map((p) => ({ method: "GET" as const, path: p }));
  const latenciesMs: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: durationS,
        overallRate: rate,
        headers: { authorization: `Bearer ${key}` },
        requests,
      },
      (error, out) => (error ? reject(error) : resolve(out)),
    );
    instance.on("response", (_client, _status, _bytes, ms) => latenciesMs.push(ms));
  });
  const latency = summariseUs(Float64Array.from(latenciesMs, (ms) => ms * 1000));
  return {
    rps: (result["2xx"] + result.non2xx) / result.duration,
    p99Ms: latency.p99Us / 1000,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function soak(
  server: OurServer,
  keyName: string,
  paths: readonly string[],
  rate: number,
  connections: number,
  windowS: number,
  windows: number,
  onWindow: (i: number, w: Window) => void,
): Promise<Window[]> {
  const key = server.keys.get(keyName) ?? "";
  const out: Window[] = [];
  for (let i = 0; i < windows; i++) {
    const measured = await paced(server.child.url, paths, key, rate, connections, windowS);
    const window = { ...measured, rssMB: server.child.memoryMB().rssMB };
    out.push(window);
    onWindow(i, window);
  }
  return out;
}

const mb = (value: number): string => `${value.toFixed(0)} MB`;

export async function runSoakSection(ctx: BenchContext): Promise<void> {
  const { options, progress } = ctx;
  const setup = await servingSetup(ctx);
  const snapshot = await ctx.snapshot();
  const paths = [...setup.workloads.values()].flatMap((w) => w.paths);
  const keyNames = ["peak", "soak"];
  const start = (dir: string, cacheMB?: number) =>
    startOurServer(
      snapshot.path,
      path.join(options.outDir, dir),
      "on",
      keyNames,
      cacheMB === undefined ? {} : { WORDCLIP_RESPONSE_CACHE_MB: String(cacheMB) },
    );

  const totalS = options.quick ? 60 : 600;
  const windowS = options.quick ? 15 : 30;
  const windows = totalS / windowS;
  const shipped = await start("soak-shipped");
  try {
    const peak = await runLoad(
      shipped.child.url,
      paths,
      { authorization: `Bearer ${shipped.keys.get("peak")}` },
      { connections: options.connections, durationS: options.quick ? 5 : 15 },
    );
    const rate = Math.max(1, Math.round(peak.rps * 0.8));
    progress.line(
      `soak: peak ${formatCount(Math.round(peak.rps))} req/s; ${totalS} s at ${formatCount(rate)} req/s in ${windows} windows`,
    );
    const result = await soak(shipped, "soak", paths, rate, options.connections, windowS, windows, (i, w) =>
      progress.line(
        `soak: window ${i + 1}/${windows}: ${formatCount(Math.round(w.rps))} req/s, p99 ${w.p99Ms.toFixed(2)} ms, rss ${mb(w.rssMB)}, errors ${w.errors}, non-2xx ${w.non2xx}`,
      ),
    );
    const steady = result.slice(1);
    const errors = result.reduce((sum, w) => sum + w.errors, 0);
    const non2xx = result.reduce((sum, w) => sum + w.non2xx, 0);
    const p99s = steady.map((w) => w.p99Ms);
    const rss = steady.map((w) => w.rssMB);
    ctx.results.add({
      section: "soak",
      measure: `${totalS} s at 80% of peak (${formatCount(rate)} req/s of ${formatCount(Math.round(peak.rps))}), response cache as shipped`,
      result:
        `errors ${errors}, non-2xx ${non2xx}; p99 per window after warm-up ${Math.min(...p99s).toFixed(2)} to ${Math.max(...p99s).toFixed(2)} ms ` +
        `(first ${p99s[0]?.toFixed(2)}, last ${p99s.at(-1)?.toFixed(2)}); RSS after warm-up ${mb(Math.min(...rss))} to ${mb(Math.max(...rss))} ` +
        `(first ${mb(rss[0] ?? Number.NaN)}, last ${mb(rss.at(-1) ?? Number.NaN)})`,
      ratio: {
        value: (rss.at(-1) ?? Number.NaN) / (rss[0] ?? Number.NaN),
        label: "RSS last / first window after warm-up",
      },
      data: { peak, rate, windows: result },
    });
  } finally {
    await shipped.child.stop();
  }

  // The steady resident memory against the response cache's size, each after a short run at the same rate.
  const sizes = [0, 16, 64];
  const rows: string[] = [];
  for (const cacheMB of sizes) {
    const server = await start(`soak-cache-${cacheMB}`, cacheMB);
    try {
      const run = await runLoad(
        server.child.url,
        paths,
        { authorization: `Bearer ${server.keys.get("soak")}` },
        { connections: options.connections, durationS: options.quick ? 10 : 30 },
      );
      const { rssMB, peakMB } = server.child.memoryMB();
      rows.push(
        `cache ${cacheMB} MB: RSS ${mb(rssMB)} (peak ${mb(peakMB)}) at ${formatCount(Math.round(run.rps))} req/s`,
      );
    } finally {
      await server.child.stop();
    }
  }
  ctx.results.add({
    section: "soak",
    measure: `resident memory under full load against WORDCLIP_RESPONSE_CACHE_MB (${formatCount(paths.length)} distinct requests)`,
    result: rows.join("; "),
  });
}
