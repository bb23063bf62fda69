/**
 * Scale-out: exact lookups with access on, side by side in one run, for one embedded process, for
 * `wordclip serve --workers 2` on the embedded store (SQLite shared in WAL mode, the primary's windows
 * over IPC), and for two processes on PostgreSQL and Redis with the load split between them; then the
 * cost of access on PostgreSQL and Redis against access off, one process each. Every server is the real
 * `wordclip serve` command in its own processes.
 */
import path from "node:path";
import { openAccessStore } from "../../src/access/factory.js";
import { MAX_PER_MINUTE, MAX_PER_MONTH } from "../../src/access/store/plans.js";
import type { BenchContext } from "../context.js";
import { BENCH_PLAN, prepareAccess } from "../serve/access-keys.js";
import { type RunningChild, startChild } from "../serve/child.js";
import { loadSummary } from "../serve/compare.js";
import { servingSetup } from "../serve/setup.js";
import { compareSetUps, type SetUp } from "./load.js";
import { benchServices } from "./services.js";
import { measureServices } from "./sizing.js";

const MAIN_SCRIPT = new URL("../../src/cli/main.js", import.meta.url);
const CURSOR_SECRET = "wordclip-benchmark-cursor-secret";

const ONE = "one embedded process";
const WORKERS = "--workers 2, embedded";
const SHARED = "two processes, PostgreSQL + Redis";
const SHARED_ONE = "access on, PostgreSQL + Redis";
const OFF = "access off";

export async function runScaleSection(ctx: BenchContext): Promise<void> {
  const { options, progress } = ctx;
  const services = await benchServices(process.env);
  if (typeof services === "string") {
    ctx.results.notice("scale", `not measured: ${services}`);
    return;
  }
  const children: RunningChild[] = [];
  try {
    progress.line("scale: what a request costs PostgreSQL and Redis");
    await measureServices(ctx, services);
    const setup = await servingSetup(ctx);
    const paths = setup.workloads.get("exact")?.paths ?? [];
    if (paths.length === 0) {
      ctx.results.notice("scale", "exact lookup: no paths were answered 200; scale-out not measured");
      return;
    }
    const snapshot = await ctx.snapshot();
    const base = {
      WORDCLIP_INDEX: snapshot.path,
      WORDCLIP_CURSOR_SECRET: CURSOR_SECRET,
      WORDCLIP_LOG_LEVEL: "warn",
    };
    const start = async (args: string[], env: Record<string, string>): Promise<RunningChild> => {
      const child = await startChild(MAIN_SCRIPT, ["serve", ...args], { ...base, ...env });
      children.push(child);
      return child;
    };

    progress.line(
      "scale: starting one embedded process, --workers 2 embedded, two nodes on PostgreSQL + Redis, access off",
    );
    const oneDir = path.join(options.outDir, "scale-one");
    const oneKey = (await prepareAccess(oneDir, ["scale"])).get("scale") as string;
    const one = await start([], { WORDCLIP_DATA_DIR: oneDir });
    const workersDir = path.join(options.outDir, "scale-workers");
    const workersKey = (await prepareAccess(workersDir, ["scale"])).get("scale") as string;
    const workers = await start(["--workers", "2"], { WORDCLIP_DATA_DIR: workersDir });
    const shared = {
      WORDCLIP_DATA_DIR: path.join(options.outDir, "scale-shared"),
      WORDCLIP_DATABASE_URL: services.databaseUrl,
      WORDCLIP_REDIS_URL: services.redisUrl,
      WORDCLIP_REDIS_PREFIX: services.redisPrefix,
    };
    // Both nodes migrate the new database at start, under the advisory lock.
    const [nodeA, nodeB] = await Promise.all([start([], shared), start([], shared)]);
    const sharedKey = await sharedAccess(services.databaseUrl);
    const off = await start([], {
      WORDCLIP_DATA_DIR: path.join(options.outDir, "scale-off"),
      WORDCLIP_ACCESS: "off",
    });

    const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
    // All five in one comparison, in turn, so that what the machine does meanwhile falls on each alike.
    const setUps: SetUp[] = [
      { name: ONE, urls: [one.url], headers: bearer(oneKey) },
      { name: WORKERS, urls: [workers.url], headers: bearer(workersKey) },
      { name: SHARED, urls: [nodeA.url, nodeB.url], headers: bearer(sharedKey) },
      { name: SHARED_ONE, urls: [nodeA.url], headers: bearer(sharedKey) },
      { name: OFF, urls: [off.url], headers: bearer(sharedKey) },
    ];
    progress.line("scale: exact lookups, the five set-ups in turn");
    const plan = {
      connections: options.connections,
      durationS: options.durationS,
      warmupS: options.warmupS,
      // Five set-ups share the machine's load swings: twice the other sections' rounds, best of each kept.
      rounds: options.rounds * 2,
    };
    const measured = await compareSetUps(setUps, paths, plan, progress.line);
    const best = (name: string) => measured.get(name)?.best;
    const oneResult = best(ONE);
    for (const name of [ONE, WORKERS, SHARED]) {
      const result = best(name);
      if (result === undefined || oneResult === undefined) continue;
      ctx.results.add({
        section: "scale",
        measure: `exact lookup, access on: ${name}`,
        result: loadSummary(result),
        ratio:
          name === ONE
            ? undefined
            : { value: result.rps / oneResult.rps, label: "req/s / one embedded process" },
        data: { setUp: name, paths: paths.length, ...measured.get(name) },
      });
    }
    const on = best(SHARED_ONE);
    const offResult = best(OFF);
    if (on !== undefined && offResult !== undefined) {
      const ratio = on.rps / offResult.rps;
      ctx.results.add({
        section: "scale",
        measure: "exact lookup: access on PostgreSQL + Redis / access off (one process each)",
        result: `on ${loadSummary(on)}; off ${loadSummary(offResult)}; overhead ${((1 - ratio) * 100).toFixed(1)}% of throughput`,
        ratio: { value: ratio, label: "req/s on / off" },
        data: { on: measured.get(SHARED_ONE), off: measured.get(OFF) },
      });
    }
  } finally {
    for (const child of children.reverse()) await child.stop();
    await services
      .remove()
      .catch((error: unknown) => progress.line(`scale: cleanup failed: ${String(error)}`));
  }
}

/** A plan whose limits are never reached, an account and a key, in the shared database. */
async function sharedAccess(databaseUrl: string): Promise<string> {
  const store = await openAccessStore({ accessDbPath: "", databaseUrl });
  try {
    await store.setPlan(BENCH_PLAN, { perMinute: MAX_PER_MINUTE, perMonth: MAX_PER_MONTH });
    const account = await store.createAccount({ plan: BENCH_PLAN, name: "benchmark" });
    return (await store.createKey({ accountId: account.id, name: "scale" })).secret;
  } finally {
    await store.close();
  }
}
