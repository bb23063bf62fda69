/**
 * wrk (C, one event loop per thread) as the load generator when it is installed: it spends a fraction of
 * autocannon's CPU per request, so on a small machine more of the cores go to the server under test. A
 * Lua script cycles every connection through the request paths, each from its own place in the list, and
 * prints the run's figures as one JSON line when it ends.
 */
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LoadResult, LoadSettings } from "./load-result.js";

let found: boolean | undefined;

/** True when a `wrk` binary answers on the PATH. */
export function wrkAvailable(): boolean {
  found ??= spawnSync("wrk", ["--version"], { encoding: "utf8" }).error === undefined;
  return found;
}

/** Lua string literal of `text` (paths are ASCII after percent-encoding; quotes and backslashes escaped). */
function luaString(text: string): string {
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

function script(paths: readonly string[], headers: Record<string, string>): string {
  const headerLines = Object.entries(headers)
    .map(([name, value]) => `wrk.headers[${luaString(name)}] = ${luaString(value)}`)
    .join("\n");
  return `${headerLines}
local paths = {${paths.map(luaString).join(",")}}
local n = #paths
local threads = {}
local counter = 0
function setup(thread)
  counter = counter + 1
  thread:set("offset", math.floor((counter - 1) * n / 2))
  table.insert(threads, thread)
end
local at = 0
function init(args)
  at = offset or 0
end
function request()
  at = at + 1
  if at > n then at = 1 end
  return wrk.format("GET", paths[at])
end
function done(summary, latency, requests)
  io.write(string.format('{"requests":%d,"durationUs":%d,"non2xx":%d,"errors":%d,"p50Us":%d,"p99Us":%d}\\n',
    summary.requests, summary.duration, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;
}

/** Threads of the generator: one per core of a two-core machine. */
const THREADS = 2;

export async function runWrk(
  url: string,
  paths: readonly string[],
  headers: Record<string, string>,
  settings: LoadSettings,
): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(tmpdir(), "wordclip-wrk-"));
  const file = path.join(dir, "paths.lua");
  writeFileSync(file, script(paths, headers));
  try {
    const connections = Math.max(settings.connections, THREADS);
    const args = [
      `-t${THREADS}`,
      `-c${connections}`,
      `-d${settings.durationS}s`,
      "--timeout",
      "10s",
      "-s",
      file,
      url,
    ];
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile("wrk", args, { maxBuffer: 16 * 1024 * 1024 }, (error, out) =>
        error ? reject(error) : resolve(out),
      );
    });
    const line = stdout
      .split("\n")
      .reverse()
      .find((l) => l.startsWith("{"));
    if (line === undefined) throw new Error(`wrk printed no summary:\n${stdout}`);
    const r = JSON.parse(line) as {
      requests: number;
      durationUs: number;
      non2xx: number;
      errors: number;
      p50Us: number;
      p99Us: number;
    };
    const durationS = r.durationUs / 1e6;
    return {
      requests: r.requests,
      rps: r.requests / durationS,
      p50Ms: r.p50Us / 1000,
      p99Ms: r.p99Us / 1000,
      non2xx: r.non2xx,
      errors: r.errors,
      durationS,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
