import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leaseSize } from "../src/access/gate/quota-ledger.js";
import type { AccessStore } from "../src/access/store/interface.js";
import { type Answer, get, type NodeProcess, tally } from "./support/node.js";
import { type TestDatabase, testDatabaseUrl } from "./support/postgres.js";
import { deleteRedisPrefix, testRedisPrefix, testRedisUrl } from "./support/redis.js";
import { startTwoNodes } from "./support/two-nodes.js";

const databaseUrl = testDatabaseUrl("the two-node usage tests on PostgreSQL and Redis");
const redisUrl = testRedisUrl("the two-node usage tests on PostgreSQL and Redis");
const LOOKUP = "/v1/words/run/clips?limit=1";
const PER_MONTH = 1_000_000;

describe.skipIf(databaseUrl === undefined || redisUrl === undefined)("GET /usage on two nodes", () => {
  const prefix = testRedisPrefix();
  let db: TestDatabase;
  let store: AccessStore;
  let a: NodeProcess;
  let b: NodeProcess;

  async function key(): Promise<{ accountId: string; secret: string }> {
    const plan = `p${Math.random().toString(36).slice(2, 10)}`;
    await store.setPlan(plan, { perMinute: 1_000_000, perMonth: PER_MONTH });
    const account = await store.createAccount({ plan });
    return { accountId: account.id, secret: (await store.createKey({ accountId: account.id })).secret };
  }

  async function usageOn(node: NodeProcess, secret: string): Promise<Answer> {
    const usage = await get(`${node.url}/v1/usage`, secret);
    expect(usage.status, JSON.stringify(usage.body)).toBe(200);
    return usage;
  }

  beforeAll(async () => {
    const services = { databaseUrl: databaseUrl as string, redisUrl: redisUrl as string, prefix };
    ({ db, a, b, store } = await startTwoNodes("scale-out-usage", services));
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await store?.close();
    await db?.drop();
    await deleteRedisPrefix(redisUrl as string, prefix);
  });

  it("reports the same used count on both nodes: the requests answered, not the leases held", async () => {
    expect(leaseSize(PER_MONTH), "each node leases ahead").toBeGreaterThan(1);
    const { secret } = await key();
    for (let i = 0; i < 10; i++) {
      const answer = await get(`${(i % 2 === 0 ? a : b).url}${LOOKUP}`, secret);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    for (const node of [a, b]) {
      const usage = await usageOn(node, secret);
      expect(usage.body.quota, node.url).toMatchObject({
        limit: PER_MONTH,
        used: 10,
        remaining: PER_MONTH - 10,
      });
    }
  });

  it("agrees with the answers after a concurrent burst to both nodes", async () => {
    const { secret } = await key();
    const answers = await Promise.all(
      Array.from({ length: 400 }, (_, i) => get(`${(i % 2 === 0 ? a : b).url}${LOOKUP}`, secret)),
    );
    expect(tally(answers)).toEqual({ "200": 400 });
    const reports = [];
    for (const node of [a, b, a]) reports.push((await usageOn(node, secret)).body.quota);
    expect(reports).toEqual(
      Array(3).fill(expect.objectContaining({ used: 400, remaining: PER_MONTH - 400 })),
    );
  });
});
