/**
 * A node on PostgreSQL and Redis when either stops answering, through TCP proxies the test can cut (the
 * real services stay up for everyone else): Redis down → the node limits on its own windows, logs one
 * warning, reports `degraded` and returns to Redis when it is back; PostgreSQL down → a cached key with
 * quota left in its lease is served, anything else is 503 `unavailable` with `Retry-After`, never a 500
 * and never a hang.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAccessStore } from "../src/access/factory.js";
import type { AccessStore } from "../src/access/store/interface.js";
import { awayFromMinuteEnd } from "./support/api-checks.js";
import { get, type NodeProcess, startNode } from "./support/node.js";
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from "./support/postgres.js";
import { deleteRedisPrefix, testRedisPrefix, testRedisUrl } from "./support/redis.js";
import { buildTestSnapshot, processScratchDir } from "./support/snapshot.js";
import { hostPortOf, startTcpProxy, type TcpProxy, throughProxy } from "./support/tcp-proxy.js";

const databaseUrl = testDatabaseUrl("the failure tests of PostgreSQL and Redis");
const redisUrl = testRedisUrl("the failure tests of PostgreSQL and Redis");
const LOOKUP = "/v1/words/run/clips?limit=1";

/** The node's JSON log lines whose message matches `pattern`. */
function logLines(node: NodeProcess, pattern: RegExp): Array<{ level: number; msg: string }> {
  return node
    .output()
    .stdout.split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((entry) => pattern.test(entry.msg ?? ""));
}

describe.skipIf(databaseUrl === undefined || redisUrl === undefined)(
  "a node when a shared service fails",
  () => {
    const prefix = testRedisPrefix();
    let db: TestDatabase;
    let pg: TcpProxy;
    let redis: TcpProxy;
    let node: NodeProcess;
    let nodeEnv: Record<string, string>;
    let store: AccessStore;

    async function key(perMinute: number, perMonth: number): Promise<string> {
      const plan = `p${Math.random().toString(36).slice(2, 10)}`;
      await store.setPlan(plan, { perMinute, perMonth });
      const account = await store.createAccount({ plan });
      return (await store.createKey({ accountId: account.id })).secret;
    }

    beforeAll(async () => {
      db = await createTestDatabase(databaseUrl as string);
      pg = await startTcpProxy(hostPortOf(db.url));
      redis = await startTcpProxy(hostPortOf(redisUrl as string));
      const snapshot = await buildTestSnapshot(path.join(processScratchDir(), "failures"), {
        generatedClips: 0,
      });
      nodeEnv = {
        WORDCLIP_DATA_DIR: path.join(processScratchDir(), "failures-data"),
        WORDCLIP_INDEX: snapshot.path,
        WORDCLIP_DATABASE_URL: throughProxy(db.url, pg),
        WORDCLIP_REDIS_URL: throughProxy(redisUrl as string, redis),
        WORDCLIP_REDIS_PREFIX: prefix,
        // Few connections: the test database server is shared with other test files and users.
        WORDCLIP_DATABASE_POOL: "4",
        // Request lines too: the test reads the outage lines among them.
        WORDCLIP_LOG_LEVEL: "info",
      };
      node = await startNode({ env: nodeEnv });
      store = await openAccessStore({ accessDbPath: "", databaseUrl: db.url });
    });

    afterAll(async () => {
      await node?.stop();
      await store?.close();
      await pg?.close();
      await redis?.close();
      await db?.drop();
      await deleteRedisPrefix(redisUrl as string, prefix);
    });

    it("limits on its own windows while Redis is down, says so once and in /readyz, and returns to Redis", async () => {
      const secret = await key(5, 1_000_000_000);
      await awayFromMinuteEnd(20_000);
      const remaining = async () =>
        (await get(`${node.url}${LOOKUP}`, secret)).headers.get("x-ratelimit-remaining");
      expect([await remaining(), await remaining()]).toEqual(["4", "3"]);
      expect((await get(`${node.url}/readyz`, undefined)).body.status).toBe("ready");

      await redis.set("refuse");
      // The node's own window starts from nothing and still stops the sixth request.
      const during = [];
      for (let i = 0; i < 8; i++) during.push(await get(`${node.url}${LOOKUP}`, secret));
      expect(during.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      expect(during[5]?.code).toBe("rate_limited");
      const degraded = await get(`${node.url}/readyz`, undefined);
      expect(degraded.status, JSON.stringify(degraded.body)).toBe(200);
      expect(degraded.body).toMatchObject({
        status: "degraded",
        degraded: [
          expect.stringMatching(
            /^Redis \(redis:\/\/127\.0\.0\.1:\d+\) does not answer .*; minute windows are counted by this node alone$/,
          ),
        ],
      });
      const warnings = logLines(node, /^Redis .* does not answer/);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]?.level).toBe(40);

      await redis.set("forward");
      await expect
        .poll(async () => (await get(`${node.url}/readyz`, undefined)).body.status, {
          timeout: 10_000,
          interval: 100,
        })
        .toBe("ready");
      // Back on Redis, where this minute's count stopped at two.
      expect(await remaining()).toBe("2");
      expect(logLines(node, /^Redis .* answers again/)).toHaveLength(1);
      expect(logLines(node, /^Redis .* does not answer/)).toHaveLength(1);
    });

    it("starts while Redis is down, degraded, and moves to Redis once it answers", async () => {
      await redis.set("refuse");
      const late = await startNode({ env: { ...nodeEnv, WORDCLIP_LOG_LEVEL: "warn" } });
      try {
        const ready = await get(`${late.url}/readyz`, undefined);
        expect(ready.status).toBe(200);
        expect(ready.body.status).toBe("degraded");
        const secret = await key(100, 1_000_000_000);
        expect((await get(`${late.url}${LOOKUP}`, secret)).status).toBe(200);
        await redis.set("forward");
        // Both nodes: the first lost its connection to Redis too while the proxy refused.
        for (const each of [late, node]) {
          await expect
            .poll(async () => (await get(`${each.url}/readyz`, undefined)).body.status, {
              timeout: 10_000,
              interval: 100,
            })
            .toBe("ready");
        }
        // Shared with the other node from now on: its next request sees this one's count.
        await awayFromMinuteEnd(5_000);
        const first = await get(`${late.url}${LOOKUP}`, secret);
        const second = await get(`${node.url}${LOOKUP}`, secret);
        expect(Number(second.headers.get("x-ratelimit-remaining"))).toBe(
          Number(first.headers.get("x-ratelimit-remaining")) - 1,
        );
      } finally {
        await redis.set("forward");
        await late.stop();
      }
    }, 60_000);

    it("serves a cached key from its lease while PostgreSQL is down, answers others 503 unavailable, and recovers", async () => {
      const cached = await key(1_000_000, 100_000_000);
      const fresh = await key(1_000_000, 100_000_000);
      // 20 a month leases one request at a time: every request needs the database.
      const small = await key(1_000_000, 20);
      for (const secret of [cached, small])
        expect((await get(`${node.url}${LOOKUP}`, secret)).status).toBe(200);

      await pg.set("refuse");
      // Past the key cache's two seconds: the lookup fails, the cached grant is kept.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      for (let i = 0; i < 5; i++) {
        const served = await get(`${node.url}${LOOKUP}`, cached);
        expect(served.status, JSON.stringify(served.body)).toBe(200);
      }
      for (const [secret, path] of [
        [fresh, LOOKUP],
        [small, LOOKUP],
        [cached, "/v1/usage"],
      ] as const) {
        const refused = await get(`${node.url}${path}`, secret);
        expect(refused.status, JSON.stringify(refused.body)).toBe(503);
        expect(refused.body.error).toEqual({
          code: "unavailable",
          message: "the service cannot check API keys or quota right now; retry in 5 s",
          retryAfter: 5,
          requestId: expect.any(String),
        });
        expect(refused.headers.get("retry-after")).toBe("5");
        expect(refused.headers.get("cache-control")).toBe("no-store");
      }
      const notReady = await get(`${node.url}/readyz`, undefined);
      expect(notReady.status).toBe(503);
      expect(notReady.body.error.code).toBe("not_ready");
      expect(logLines(node, /^PostgreSQL .* does not answer/)).toHaveLength(1);

      // A database that accepts connections and never answers: bounded by the connection timeout.
      await pg.set("blackhole");
      const startedMs = Date.now();
      const silent = await Promise.all(Array.from({ length: 10 }, () => get(`${node.url}${LOOKUP}`, fresh)));
      expect(silent.map((r) => r.status)).toEqual(Array(10).fill(503));
      expect(Date.now() - startedMs, "answered, not left hanging").toBeLessThan(15_000);

      await pg.set("forward");
      await expect
        .poll(async () => (await get(`${node.url}${LOOKUP}`, fresh)).status, {
          timeout: 10_000,
          interval: 200,
        })
        .toBe(200);
      expect((await get(`${node.url}/readyz`, undefined)).status).toBe(200);
      expect(logLines(node, /^PostgreSQL .* answers again/)).toHaveLength(1);
      expect(logLines(node, /request failed/)).toHaveLength(0);
    });
  },
);
