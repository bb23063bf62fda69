/**
 * Nodes on PostgreSQL and Redis as they start: a node (or `wordclip migrate`) that finds another one
 * migrating waits for it rather than failing, and a node started while Redis is away takes change notices
 * once Redis answers, so a key disabled afterwards is refused by it at once, as by every other node.
 */
import path from "node:path";
import pg from "pg";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changesChannel } from "../src/access/changes.js";
import { openAccessStore } from "../src/access/factory.js";
import type { AccessStore } from "../src/access/store/interface.js";
import { MIGRATION_LOCK } from "../src/access/store/postgres-migrations.js";
import { okCli, runCli } from "./support/cli.js";
import { get, type NodeProcess, startNode } from "./support/node.js";
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from "./support/postgres.js";
import { deleteRedisPrefix, testRedisPrefix, testRedisUrl } from "./support/redis.js";
import { buildTestSnapshot, processScratchDir, type TestSnapshot } from "./support/snapshot.js";
import { hostPortOf, startTcpProxy, type TcpProxy, throughProxy } from "./support/tcp-proxy.js";

const databaseUrl = testDatabaseUrl("the start-up tests of nodes on PostgreSQL and Redis");
const redisUrl = testRedisUrl("the start-up tests of nodes on PostgreSQL and Redis");
const LOOKUP = "/v1/words/run/clips?limit=1";

/** How long the test holds the migration lock: past the 3 s a request's statement may wait for a reply. */
const LOCK_HELD_MS = 5_000;

describe.skipIf(databaseUrl === undefined || redisUrl === undefined)("nodes starting together", () => {
  // A prefix per test, so one test's nodes are not counted among another's subscribers.
  const prefixes: string[] = [];
  let snapshot: TestSnapshot;
  const databases: TestDatabase[] = [];
  const nodes: NodeProcess[] = [];

  function envFor(db: TestDatabase, prefix: string): Record<string, string> {
    prefixes.push(prefix);
    return {
      WORDCLIP_DATA_DIR: path.join(processScratchDir(), `startup-data-${databases.length}`),
      WORDCLIP_INDEX: snapshot.path,
      WORDCLIP_CURSOR_SECRET: "a cursor secret every node shares",
      WORDCLIP_DATABASE_URL: db.url,
      WORDCLIP_REDIS_URL: redisUrl as string,
      WORDCLIP_REDIS_PREFIX: prefix,
      // Few connections: the test database server is shared with other test files and users.
      WORDCLIP_DATABASE_POOL: "4",
    };
  }

  async function newDatabase(): Promise<TestDatabase> {
    const db = await createTestDatabase(databaseUrl as string);
    databases.push(db);
    return db;
  }

  beforeAll(async () => {
    snapshot = await buildTestSnapshot(path.join(processScratchDir(), "startup"), { generatedClips: 0 });
  });

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    for (const db of databases) await db.drop();
    for (const prefix of prefixes) await deleteRedisPrefix(redisUrl as string, prefix);
  });

  it("waits for another node's migration holding the lock past a statement's timeout, then starts", async () => {
    const db = await newDatabase();
    const env = envFor(db, testRedisPrefix());
    // Another node migrating slowly: the lock every migration takes, held for a while.
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    try {
      await other.query("BEGIN");
      await other.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
      const migrate = runCli(env, "migrate");
      const node = startNode({ env });
      await new Promise((resolve) => setTimeout(resolve, LOCK_HELD_MS));
      await other.query("COMMIT");
      const migrated = await migrate;
      expect(migrated.code, migrated.stderr).toBe(0);
      nodes.push(await node);
    } finally {
      await other.end();
    }
    const ran = await okCli(env, "migrate");
    expect(ran.stdout).toContain("nothing to do");
    const plans = await okCli(env, "plans", "list");
    expect(plans.stdout).toContain("trial");
  }, 60_000);

  describe("a node started while Redis does not answer", () => {
    let redis: TcpProxy;
    let store: AccessStore;
    let db: TestDatabase;

    beforeAll(async () => {
      db = await newDatabase();
      redis = await startTcpProxy(hostPortOf(redisUrl as string));
      store = await openAccessStore({ accessDbPath: "", databaseUrl: db.url });
    });

    afterAll(async () => {
      await store?.close();
      await redis?.close();
    });

    it("subscribes to change notices once Redis answers: a key disabled then is refused at once", async () => {
      const prefix = testRedisPrefix();
      const env = envFor(db, prefix);
      const steady = await startNode({ env });
      nodes.push(steady);
      await redis.set("refuse");
      const late = await startNode({
        env: { ...env, WORDCLIP_REDIS_URL: throughProxy(redisUrl as string, redis) },
      });
      nodes.push(late);
      expect((await get(`${late.url}/readyz`, undefined)).body.status).toBe("degraded");
      await redis.set("forward");
      await expect
        .poll(async () => (await get(`${late.url}/readyz`, undefined)).body.status, {
          timeout: 10_000,
          interval: 100,
        })
        .toBe("ready");

      // Both nodes listen on the channel the commands announce changes on.
      const watcher = createClient({ url: redisUrl as string });
      await watcher.connect();
      try {
        await expect
          .poll(async () => (await watcher.pubSubNumSub(changesChannel(prefix)))[changesChannel(prefix)], {
            timeout: 10_000,
            interval: 100,
          })
          .toBe(2);
      } finally {
        watcher.destroy();
      }

      const plan = `p${Math.random().toString(36).slice(2, 10)}`;
      await store.setPlan(plan, { perMinute: 1_000_000, perMonth: 1_000_000_000 });
      const account = await store.createAccount({ plan });
      const { key, secret } = await store.createKey({ accountId: account.id });
      // Looked up and cached by both nodes, for the key cache's two seconds.
      for (const node of [steady, late]) {
        const served = await get(`${node.url}${LOOKUP}`, secret);
        expect(served.status, JSON.stringify(served.body)).toBe(200);
      }
      await okCli(env, "keys", "disable", key.id);
      for (const node of [steady, late]) {
        const refused = await get(`${node.url}${LOOKUP}`, secret);
        expect(refused.status, `${node.url}: ${JSON.stringify(refused.body)}`).toBe(401);
        expect(refused.code).toBe("invalid_key");
      }
    }, 60_000);
  });
});
