/**
 * What one request costs the shared services, for sizing them (docs/deploy.md): Redis memory per subject
 * counted in a minute and minute-window hits a second from one process; PostgreSQL quota statements and
 * key lookups a second. Measured through the same code the servers run, against the run's own database
 * and key prefix.
 */
import { connectRedis } from "../../src/access/redis-connection.js";
import { openPostgresAccessStore } from "../../src/access/store/postgres.js";
import { createRedisRateWindow } from "../../src/access/window/redis.js";
import type { BenchContext } from "../context.js";
import { formatCount } from "../progress.js";
import { cpuMeter } from "../stats.js";
import type { BenchServices } from "./services.js";

const SUBJECTS = 20_000;
const CONCURRENCY = 10;

/** `calls` calls of `call`, `CONCURRENCY` at a time; calls a second and CPU microseconds a call here. */
async function rate(calls: number, call: () => Promise<unknown>): Promise<{ perS: number; cpuUs: number }> {
  let started = 0;
  const cpuMs = cpuMeter();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (started < calls) {
        started++;
        await call();
      }
    }),
  );
  const elapsedMs = performance.now() - t0;
  return { perS: (calls / elapsedMs) * 1000, cpuUs: (cpuMs() * 1000) / calls };
}

function usedMemory(info: string): number {
  return Number(/used_memory:(\d+)/.exec(info)?.[1] ?? Number.NaN);
}

export async function measureServices(ctx: BenchContext, services: BenchServices): Promise<void> {
  const calls = ctx.options.quick ? 5_000 : 20_000;
  const redis = connectRedis({ url: services.redisUrl });
  try {
    await redis.ready(5_000);
    const window = createRedisRateWindow({ client: redis.client, prefix: `${services.redisPrefix}sizing:` });
    const nowMs = Date.now();
    const before = usedMemory(await redis.client.info("memory"));
    for (let i = 0; i < SUBJECTS; i += 500) {
      await Promise.all(
        Array.from({ length: 500 }, (_, j) =>
          window.hit(`key:key_${String(i + j).padStart(12, "0")}`, 600, nowMs),
        ),
      );
    }
    const bytes = (usedMemory(await redis.client.info("memory")) - before) / SUBJECTS;
    const hits = await rate(calls, () => window.hit("key:key_sizing", 1_000_000_000, Date.now()));
    ctx.results.add({
      section: "scale",
      measure: "Redis: minute windows, per subject and per hit",
      result:
        `${formatCount(Math.round(bytes))} bytes per subject counted in a minute (${formatCount(SUBJECTS)} subjects); ` +
        `${formatCount(hits.perS)} hits/s from one process at concurrency ${CONCURRENCY}, ${hits.cpuUs.toFixed(1)} µs of its CPU a hit`,
      data: { bytesPerSubject: bytes, hitsPerS: hits.perS, clientCpuUsPerHit: hits.cpuUs },
    });
  } finally {
    await redis.close();
  }

  const { store } = await openPostgresAccessStore({ url: services.databaseUrl });
  try {
    const account = await store.createAccount({ plan: "trial" });
    const charges = await rate(calls, () => store.chargeQuota(account.id, "2099-01", 1_000_000_000_000));
    const reserves = await rate(calls, () =>
      store.reserveQuota(account.id, "2099-02", 1_000_000_000_000, 1_024),
    );
    const lookups = await rate(calls, () => store.findKeyByHash("0".repeat(64)));
    ctx.results.add({
      section: "scale",
      measure: "PostgreSQL: quota statements and key lookups",
      result:
        `${formatCount(charges.perS)} charges/s, ${formatCount(reserves.perS)} lease reservations/s, ` +
        `${formatCount(lookups.perS)} key lookups/s, each from one process at concurrency ${CONCURRENCY}`,
      data: { chargesPerS: charges.perS, reservesPerS: reserves.perS, lookupsPerS: lookups.perS },
    });
  } finally {
    await store.close();
  }
}
