import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteRedisPrefix, testRedisPrefix, testRedisUrl } from "../../../test/support/redis.js";
import { hostPortOf, startTcpProxy, throughProxy } from "../../../test/support/tcp-proxy.js";
import type { AccessLog } from "../log.js";
import type { RedisClient } from "../redis-connection.js";
import { connectRedis, describeRedisUrl, type RedisConnection } from "../redis-connection.js";
import { runRateWindowContract } from "./contract.js";
import { createFallbackRateWindow } from "./fallback.js";
import { createMemoryRateWindow } from "./memory.js";
import { createRedisRateWindow } from "./redis.js";

const url = testRedisUrl("the Redis minute window tests");
const MINUTE_START_MS = Date.UTC(2025, 2, 15, 12);

describe("describeRedisUrl", () => {
  it("names scheme, host, port and database, never the password", () => {
    expect(describeRedisUrl("rediss://:s3cret@cache.internal:6380/2")).toBe("rediss://cache.internal:6380/2");
    expect(describeRedisUrl("redis://127.0.0.1:6379")).toBe("redis://127.0.0.1:6379");
  });
});

describe("the Redis window's calls", () => {
  it("sends the hits of one turn of the event loop as one script call, at most 256 at a time, in order", async () => {
    const calls: Array<{ keys: string[]; arguments: string[] }> = [];
    const counts = new Map<string, number>();
    const fake = {
      async evalSha(_sha: string, call: { keys: string[]; arguments: string[] }) {
        calls.push(call);
        return call.keys.flatMap((key, i) => {
          const used = (counts.get(key) ?? 0) + 1;
          const admitted = used <= Number(call.arguments[2 * i]);
          if (admitted) counts.set(key, used);
          return [admitted ? 1 : 0, admitted ? used : used - 1];
        });
      },
    } as unknown as RedisClient;
    const window = createRedisRateWindow({ client: fake, prefix: "p:" });
    const hits = await Promise.all(Array.from({ length: 300 }, () => window.hit("k", 100, MINUTE_START_MS)));
    expect(calls.map((c) => c.keys.length)).toEqual([256, 44]);
    expect(hits.map((h) => h.remaining).slice(0, 3)).toEqual([99, 98, 97]);
    expect(hits.filter((h) => h.admitted)).toHaveLength(100);
    expect(calls[0]?.arguments.slice(0, 2)).toEqual(["100", String(60_000 + 5_000)]);
  });
});

describe.skipIf(url === undefined)("Redis minute window", () => {
  const prefix = testRedisPrefix();
  let connection: RedisConnection;
  let windows = 0;
  beforeAll(async () => {
    connection = connectRedis({ url: url as string });
    expect(await connection.ready(5_000)).toBe(true);
  });
  afterAll(async () => {
    await connection?.close();
    await deleteRedisPrefix(url as string, prefix);
  });

  // Each window its own prefix: a fresh window with no counts, on one shared connection.
  runRateWindowContract("Redis", async () =>
    createRedisRateWindow({ client: connection.client, prefix: `${prefix}${++windows}:` }),
  );

  it("gives the same counts to two nodes: one window across connections", async () => {
    const other = connectRedis({ url: url as string });
    await other.ready(5_000);
    try {
      const shared = `${prefix}two-nodes:`;
      const a = createRedisRateWindow({ client: connection.client, prefix: shared });
      const b = createRedisRateWindow({ client: other.client, prefix: shared });
      const hits = await Promise.all(
        Array.from({ length: 300 }, (_, i) => (i % 2 === 0 ? a : b).hit("k", 100, MINUTE_START_MS + i)),
      );
      expect(hits.filter((h) => h.admitted)).toHaveLength(100);
      expect(await a.peek("k", 100, MINUTE_START_MS)).toEqual(await b.peek("k", 100, MINUTE_START_MS));
      expect((await b.peek("k", 100, MINUTE_START_MS)).remaining).toBe(0);
    } finally {
      await other.close();
    }
  });

  it("sends the script whole when Redis does not have it (NOSCRIPT), then runs it by its SHA", async () => {
    const window = createRedisRateWindow({
      client: connection.client,
      prefix: `${prefix}noscript:`,
      scriptTag: `${prefix}${Date.now()}`,
    });
    expect(await connection.client.scriptExists(window.scriptSha)).toEqual([0]);
    expect(await window.hit("k", 2, MINUTE_START_MS)).toMatchObject({ admitted: true, remaining: 1 });
    expect(await connection.client.scriptExists(window.scriptSha)).toEqual([1]);
    expect(await window.hit("k", 2, MINUTE_START_MS)).toMatchObject({ admitted: true, remaining: 0 });
  });

  it("keeps a counter until its window is over and a little after, not longer", async () => {
    const window = createRedisRateWindow({ client: connection.client, prefix: `${prefix}ttl:` });
    const nowMs = MINUTE_START_MS + 45_000;
    await window.hit("k", 5, nowMs);
    const ttlMs = await connection.client.pTTL(`${prefix}ttl:rl:60000:${Math.floor(nowMs / 60_000)}:k`);
    // 15 s left in the window, plus 5 s for clocks that run behind.
    expect(ttlMs).toBeGreaterThan(15_000);
    expect(ttlMs).toBeLessThanOrEqual(20_000);
  });

  describe("when Redis stops answering", () => {
    function recordingLog() {
      const lines: string[] = [];
      const log: AccessLog = {
        warn: (_details, message) => lines.push(`warn ${message}`),
        info: (_details, message) => lines.push(`info ${message}`),
      };
      return { log, lines };
    }

    for (const mode of ["refuse", "blackhole"] as const) {
      it(`falls back to this node's memory when Redis is ${mode === "refuse" ? "gone" : "silent"}, says so once, and returns when it is back`, async () => {
        const proxy = await startTcpProxy(hostPortOf(url as string));
        const { log, lines } = recordingLog();
        const node = connectRedis({ url: throughProxy(url as string, proxy), log, commandTimeoutMs: 200 });
        expect(await node.ready(5_000)).toBe(true);
        const shared = createRedisRateWindow({ client: node.client, prefix: `${prefix}fallback-${mode}:` });
        const window = createFallbackRateWindow({
          shared,
          fallback: createMemoryRateWindow(),
          outage: node.outage,
          service: "Redis",
          probeEveryMs: 50,
        });
        const check = createClient({ url: url as string });
        await check.connect();
        const nowMs = Date.now();
        try {
          expect(await window.hit("k", 3, nowMs)).toMatchObject({ admitted: true, remaining: 2 });
          expect(window.degradation()).toBeUndefined();
          await proxy.set(mode);
          // Counted in memory from now on: the memory window starts from nothing.
          expect(await window.hit("k", 3, nowMs)).toMatchObject({ admitted: true, remaining: 2 });
          expect(window.degradation()).toMatch(
            /^Redis does not answer \(.+\); minute windows are counted by this node alone$/,
          );
          for (let i = 0; i < 5; i++) await window.hit("k", 3, nowMs);
          expect(await window.hit("k", 3, nowMs)).toMatchObject({ admitted: false, remaining: 0 });
          expect(lines.filter((l) => l.startsWith("warn"))).toHaveLength(1);
          await proxy.set("forward");
          await expect.poll(() => window.degradation(), { timeout: 10_000, interval: 50 }).toBeUndefined();
          // Back on Redis, where the count stopped at one.
          expect(await window.hit("k", 3, nowMs)).toMatchObject({ admitted: true, remaining: 1 });
          const bucket = Math.floor(nowMs / 60_000);
          expect(await check.get(`${prefix}fallback-${mode}:rl:60000:${bucket}:k`)).toBe("2");
          expect(lines.filter((l) => l.startsWith("warn"))).toHaveLength(1);
          expect(lines.filter((l) => l.startsWith("info"))).toHaveLength(1);
        } finally {
          check.destroy();
          await window.close();
          await node.close();
          await proxy.close();
        }
      });
    }
  });
});
