/**
 * The access commands against PostgreSQL (WORDCLIP_DATABASE_URL), `wordclip migrate`, and
 * `wordclip access copy` from the embedded store: run as the built command, checked through the store.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAccessStore } from "../src/access/factory.js";
import { createGate } from "../src/access/gate/gate.js";
import { periodAt } from "../src/access/gate/period.js";
import { hashSecret } from "../src/access/store/secret.js";
import { createMemoryRateWindow } from "../src/access/window/memory.js";
import { okCli, runCli } from "./support/cli.js";
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from "./support/postgres.js";
import { deleteRedisPrefix, testRedisPrefix, testRedisUrl } from "./support/redis.js";

const serverUrl = testDatabaseUrl("the access command tests on PostgreSQL");
const redisUrl = testRedisUrl("the change notice test of the access commands");

const folders: string[] = [];
function dataDir(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "wordclip-cli-pg-"));
  folders.push(folder);
  return folder;
}

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe("configuration errors", () => {
  it("exits 78 with one line naming the variable and what it must be, the password masked", async () => {
    const run = await runCli(
      { WORDCLIP_DATA_DIR: dataDir(), WORDCLIP_DATABASE_URL: "mysql://root:hunter2@db/wordclip" },
      "plans",
      "list",
    );
    expect(run.code, run.stderr).toBe(78);
    expect(run.stderr.trim().split("\n")).toEqual([
      'wordclip: configuration error: WORDCLIP_DATABASE_URL="mysql://root:***@db/wordclip" is not valid: must be a postgresql:// URL (postgresql://user:password@host:5432/database)',
    ]);
  });

  it("exits 1 naming the database, without its password, when PostgreSQL does not answer", async () => {
    const run = await runCli(
      {
        WORDCLIP_DATA_DIR: dataDir(),
        WORDCLIP_DATABASE_URL: "postgresql://wordclip:hunter2@127.0.0.1:1/wordclip",
      },
      "keys",
      "list",
    );
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain("the access store (postgresql://127.0.0.1:1/wordclip) does not answer");
    expect(run.stderr).not.toContain("hunter2");
  });
});

describe.skipIf(serverUrl === undefined)("the access commands on PostgreSQL", () => {
  let db: TestDatabase;
  let env: Record<string, string>;
  beforeAll(async () => {
    db = await createTestDatabase(serverUrl as string);
    env = { WORDCLIP_DATA_DIR: dataDir(), WORDCLIP_DATABASE_URL: db.url };
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("migrates an empty database once, then has nothing to do", async () => {
    const first = await okCli(env, "migrate");
    expect(first.stdout.trim()).toMatch(
      /^postgresql:\/\/127\.0\.0\.1:5432\/wordclip_test_\w+: the access store went from schema version 0 to 1$/,
    );
    const again = await okCli(env, "migrate");
    expect(again.stdout.trim()).toMatch(/: the access store is at schema version 1; nothing to do$/);
  });

  it("manages plans, accounts and keys, and shows usage, all in the database", async () => {
    await okCli(env, "plans", "set", "partner", "--per-minute", "600", "--per-month", "5000000");
    expect((await okCli(env, "plans", "list")).stdout).toMatch(/^partner\s+600\s+5,000,000$/m);
    const accountId = (
      await okCli(env, "accounts", "create", "--plan", "partner", "--name", "Acme")
    ).stdout.trim();
    await okCli(env, "accounts", "set-plan", accountId, "--plan", "trial");
    const secret = (
      await okCli(env, "keys", "create", "--account", accountId, "--name", "production")
    ).stdout.trim();
    const keys = JSON.parse((await okCli(env, "keys", "list", "--account", accountId, "--json")).stdout);
    expect(keys).toMatchObject([{ accountId, name: "production", status: "active" }]);
    const rotated = (await okCli(env, "keys", "rotate", keys[0].id, "--grace", "1h")).stdout.trim();
    await okCli(env, "keys", "disable", keys[0].id);

    const store = await openAccessStore({ accessDbPath: "", databaseUrl: db.url });
    try {
      expect((await store.findKeyByHash(hashSecret(secret)))?.key.disabledAtMs).toBeDefined();
      expect((await store.findKeyByHash(hashSecret(rotated)))?.account).toMatchObject({
        id: accountId,
        plan: "trial",
      });
      const gate = createGate({ store, window: createMemoryRateWindow() });
      const admitted = await gate.admit({
        authorization: `Bearer ${rotated}`,
        clientAddress: "127.0.0.1",
        endpoint: "keyed",
      });
      expect(admitted.admitted).toBe(true);
    } finally {
      await store.close();
    }
    const usage = JSON.parse((await okCli(env, "usage", "--account", accountId, "--json")).stdout);
    expect(usage).toMatchObject({ accountId, plan: { name: "trial" }, quota: { limit: 20, used: 1 } });
    const missing = await runCli(env, "usage", "--account", "acc_missing");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no account with id "acc_missing"');
  });

  it.skipIf(redisUrl === undefined)(
    "announces a disabled key, a changed plan and an account moved to another plan on Redis, for running servers",
    async () => {
      const prefix = testRedisPrefix();
      const subscriber = createClient({ url: redisUrl as string });
      await subscriber.connect();
      const notices: unknown[] = [];
      await subscriber.subscribe(`${prefix}access-changes`, (message) => notices.push(JSON.parse(message)));
      const withRedis = { ...env, WORDCLIP_REDIS_URL: redisUrl as string, WORDCLIP_REDIS_PREFIX: prefix };
      try {
        const accountId = (await okCli(withRedis, "accounts", "create", "--plan", "trial")).stdout.trim();
        await okCli(withRedis, "keys", "create", "--account", accountId);
        const [key] = JSON.parse(
          (await okCli(withRedis, "keys", "list", "--account", accountId, "--json")).stdout,
        );
        await okCli(withRedis, "keys", "disable", key.id);
        await okCli(withRedis, "plans", "set", "trial", "--description", "Self-serve, free");
        await okCli(withRedis, "accounts", "set-plan", accountId, "--plan", "starter");
        await expect.poll(() => notices.length, { timeout: 5_000 }).toBe(3);
        expect(notices).toEqual([
          { kind: "key", id: key.id },
          { kind: "plan", id: "trial" },
          { kind: "account", id: accountId },
        ]);
      } finally {
        subscriber.destroy();
        await deleteRedisPrefix(redisUrl as string, prefix);
      }
    },
  );

  it("copies the embedded store into PostgreSQL twice without counting twice; the keys keep working", async () => {
    const embedded = { WORDCLIP_DATA_DIR: dataDir() };
    const accountId = (
      await okCli(embedded, "accounts", "create", "--plan", "starter", "--name", "Moved")
    ).stdout.trim();
    const secret = (await okCli(embedded, "keys", "create", "--account", accountId)).stdout.trim();
    const sqlite = await openAccessStore({
      accessDbPath: path.join(embedded.WORDCLIP_DATA_DIR, "access.sqlite"),
    });
    const period = periodAt(Date.now()).id;
    await sqlite.reserveQuota(accountId, period, 100_000, 42);
    await sqlite.close();

    const copyDb = await createTestDatabase(serverUrl as string);
    const target = copyDb.url;
    try {
      const first = await okCli(embedded, "access", "copy", "--to", target, "--json");
      const summary = JSON.parse(first.stdout);
      expect(summary).toMatchObject({ accounts: 1, keys: 1, usage: 1, period, plans: 4 });
      await okCli(embedded, "access", "copy", "--to", target);

      const postgres = await openAccessStore({ accessDbPath: "", databaseUrl: target });
      try {
        expect((await postgres.findKeyByHash(hashSecret(secret)))?.account).toMatchObject({
          id: accountId,
          name: "Moved",
        });
        expect(await postgres.quotaUsed(accountId, period)).toBe(42);
      } finally {
        await postgres.close();
      }
      const fromNowhere = await runCli({ WORDCLIP_DATA_DIR: dataDir() }, "access", "copy", "--to", target);
      expect(fromNowhere.code).toBe(1);
      expect(fromNowhere.stderr).toContain("there is no access store at");
      const badTarget = await runCli(embedded, "access", "copy", "--to", "mysql://db/x");
      expect(badTarget.code).toBe(2);
      expect(badTarget.stderr).toContain(
        'expected a postgresql:// URL or the path of a SQLite file, got "mysql://db/x"',
      );
    } finally {
      await copyDb.drop();
    }
  });
});
