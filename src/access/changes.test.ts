import { afterAll, describe, expect, it } from "vitest";
import { deleteRedisPrefix, testRedisPrefix, testRedisUrl } from "../../test/support/redis.js";
import {
  type AccessChange,
  type AccessChanges,
  announcingChanges,
  createRedisAccessChanges,
} from "./changes.js";
import type { AccessLog } from "./log.js";
import { connectRedis } from "./redis-connection.js";
import { openSqliteAccessStore } from "./store/sqlite.js";

const redisUrl = testRedisUrl("the change notice tests over Redis");

function recorder(failing = false): AccessChanges & { sent: AccessChange[] } {
  const sent: AccessChange[] = [];
  return {
    sent,
    async publish(change) {
      if (failing) throw new Error("Redis (redis://cache:6379) does not answer");
      sent.push(change);
    },
    async subscribe() {},
    async close() {},
  };
}

const silent: AccessLog = { warn() {}, info() {} };

describe("announcingChanges", () => {
  it("announces a disabled or rotated key, a changed plan and an account moved, after the change is made", async () => {
    const changes = recorder();
    const store = announcingChanges(openSqliteAccessStore({ path: ":memory:" }), changes, silent);
    const account = await store.createAccount({ plan: "trial" });
    const first = await store.createKey({ accountId: account.id });
    const second = await store.createKey({ accountId: account.id });
    expect(changes.sent).toEqual([]);
    await store.disableKey(first.key.id);
    await store.rotateKey(second.key.id, 1_000);
    await store.setPlan("trial", { perMonth: 30 });
    await store.setAccountPlan(account.id, "starter");
    expect(changes.sent).toEqual([
      { kind: "key", id: first.key.id },
      { kind: "key", id: second.key.id },
      { kind: "plan", id: "trial" },
      { kind: "account", id: account.id },
    ]);
    // Everything else is the store's own.
    expect((await store.findKey(first.key.id))?.key.disabledAtMs).toBeDefined();
    expect(await store.countAccounts()).toBe(1);
    await store.close();
  });

  it("makes the change and warns when the notice cannot be sent", async () => {
    const warnings: string[] = [];
    const log: AccessLog = { warn: (_d, message) => warnings.push(message), info() {} };
    const store = announcingChanges(openSqliteAccessStore({ path: ":memory:" }), recorder(true), log);
    const account = await store.createAccount({ plan: "trial" });
    const { key } = await store.createKey({ accountId: account.id });
    await store.disableKey(key.id);
    expect((await store.findKey(key.id))?.key.disabledAtMs).toBeDefined();
    expect(warnings).toEqual([
      `the change to key ${key.id} was made, but running servers could not be told at once (Redis (redis://cache:6379) does not answer); they apply it within 2 s`,
    ]);
    await store.close();
  });

  it("announces nothing for a change that fails", async () => {
    const changes = recorder();
    const store = announcingChanges(openSqliteAccessStore({ path: ":memory:" }), changes, silent);
    await expect(store.disableKey("key_missing")).rejects.toThrow('no key with id "key_missing"');
    expect(changes.sent).toEqual([]);
    await store.close();
  });
});

describe.skipIf(redisUrl === undefined)("Redis change notices", () => {
  const prefix = testRedisPrefix();
  afterAll(async () => {
    await deleteRedisPrefix(redisUrl as string, prefix);
  });

  it("delivers a notice published by one process to every subscriber, and ignores foreign messages", async () => {
    const publisher = connectRedis({ url: redisUrl as string });
    const nodes = [connectRedis({ url: redisUrl as string }), connectRedis({ url: redisUrl as string })];
    const received: AccessChange[][] = [[], []];
    const subscriptions = nodes.map((node) => createRedisAccessChanges(node, prefix));
    try {
      await publisher.ready(5_000);
      for (const [i, subscription] of subscriptions.entries()) {
        await subscription.subscribe((change) => received[i]?.push(change));
      }
      await publisher.client.publish(`${prefix}access-changes`, "not a notice");
      await createRedisAccessChanges(publisher, prefix).publish({ kind: "key", id: "key_abc" });
      await expect.poll(() => received.map((r) => r.length), { timeout: 5_000 }).toEqual([1, 1]);
      expect(received).toEqual([[{ kind: "key", id: "key_abc" }], [{ kind: "key", id: "key_abc" }]]);
    } finally {
      for (const subscription of subscriptions) await subscription.close();
      for (const node of [publisher, ...nodes]) await node.close();
    }
  });
});
