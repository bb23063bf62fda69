import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from "../../../test/support/postgres.js";
import { hostPortOf, startTcpProxy, throughProxy } from "../../../test/support/tcp-proxy.js";
import { isAccessError } from "../errors.js";
import type { AccessLog } from "../log.js";
import { runAccessStoreContract } from "./contract.js";
import { openPostgresAccessStore } from "./postgres.js";
import { POSTGRES_SCHEMA_VERSION } from "./postgres-migrations.js";
import { describePostgresUrl, isPostgresUnavailable } from "./postgres-pool.js";
import { hashSecret } from "./secret.js";
import { openSqliteAccessStore } from "./sqlite.js";

const serverUrl = testDatabaseUrl("the PostgreSQL access store tests");

function recordingLog() {
  const lines: string[] = [];
  const log: AccessLog = {
    warn: (_details, message) => lines.push(`warn ${message}`),
    info: (_details, message) => lines.push(`info ${message}`),
  };
  return { log, lines };
}

describe("describePostgresUrl and isPostgresUnavailable", () => {
  it("names host, port and database, never the user or the password", () => {
    expect(describePostgresUrl("postgresql://admin:s3cret@db.internal:6432/wordclip?sslmode=require")).toBe(
      "postgresql://db.internal:6432/wordclip",
    );
  });

  it("tells a database that does not answer from a statement it refused", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" });
    const shutdown = Object.assign(new Error("terminating connection"), { code: "57P01" });
    const timeout = Object.assign(new Error("canceling statement due to statement timeout"), {
      code: "57014",
    });
    const syntax = Object.assign(new Error('syntax error at or near "SELEC"'), { code: "42601" });
    expect([refused, shutdown, timeout, new Error("Query read timeout")].map(isPostgresUnavailable)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(isPostgresUnavailable(syntax)).toBe(false);
    expect(isPostgresUnavailable("ECONNREFUSED")).toBe(false);
  });
});

describe.skipIf(serverUrl === undefined)("PostgreSQL access store", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(serverUrl as string);
  });
  afterAll(async () => {
    await db?.drop();
  });

  runAccessStoreContract("PostgreSQL", async (now) => {
    const { store } = await openPostgresAccessStore({ url: db.url, schema: await db.schema(), now });
    return store;
  });

  it("migrates an empty schema once when four nodes start at the same moment", async () => {
    const schema = await db.schema();
    const opened = await Promise.all(
      Array.from({ length: 4 }, () => openPostgresAccessStore({ url: db.url, schema })),
    );
    try {
      const outcomes = opened.map((o) => o.migration);
      expect(outcomes.filter((o) => o?.from === 0)).toHaveLength(1);
      expect(outcomes.filter((o) => o?.from === POSTGRES_SCHEMA_VERSION)).toHaveLength(3);
      expect(await opened[0]?.store.listPlans()).toHaveLength(4);
    } finally {
      await Promise.all(opened.map((o) => o.store.close()));
    }
  });

  it("keeps plans that were changed when it opens again, without seeding over them", async () => {
    const schema = await db.schema();
    const first = await openPostgresAccessStore({ url: db.url, schema });
    await first.store.setPlan("trial", { perMonth: 99 });
    await first.store.close();
    const again = await openPostgresAccessStore({ url: db.url, schema });
    expect(again.migration).toEqual({ from: POSTGRES_SCHEMA_VERSION, to: POSTGRES_SCHEMA_VERSION });
    expect(await again.store.findPlan("trial")).toMatchObject({ perMonth: 99 });
    await again.store.close();
  });

  it("refuses a database of a newer schema version, naming it and both versions", async () => {
    const schema = await db.schema();
    const { store } = await openPostgresAccessStore({ url: db.url, schema });
    await store.close();
    const pg = (await import("pg")).default;
    const client = new pg.Client({ connectionString: db.url, options: `-c search_path=${schema}` });
    await client.connect();
    await client.query("INSERT INTO wordclip_schema (version, description) VALUES ($1, 'from the future')", [
      POSTGRES_SCHEMA_VERSION + 1,
    ]);
    await client.end();
    const opening = openPostgresAccessStore({ url: db.url, schema });
    const error = await opening.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isAccessError(error, "store_version")).toBe(true);
    expect((error as Error).message).toContain(describePostgresUrl(db.url));
    expect((error as Error).message).toContain(`version ${POSTGRES_SCHEMA_VERSION + 1}`);
  });

  it("takes an embedded store's records: keys keep working and the month's usage comes along once", async () => {
    const sqlite = openSqliteAccessStore({ path: ":memory:" });
    const { store: postgres } = await openPostgresAccessStore({ url: db.url, schema: await db.schema() });
    try {
      const account = await sqlite.createAccount({ plan: "starter", name: "Acme" });
      const { secret } = await sqlite.createKey({ accountId: account.id });
      await sqlite.reserveQuota(account.id, "2025-03", 100_000, 40);
      const records = await sqlite.exportRecords(["2025-03"]);
      await postgres.importRecords(records);
      await postgres.importRecords(records);
      expect((await postgres.findKeyByHash(hashSecret(secret)))?.account).toEqual(account);
      expect(await postgres.quotaUsed(account.id, "2025-03")).toBe(40);
      // And back: a PostgreSQL store's records go into SQLite the same way.
      const back = openSqliteAccessStore({ path: ":memory:" });
      await back.importRecords(await postgres.exportRecords(["2025-03"]));
      expect(await back.quotaUsed(account.id, "2025-03")).toBe(40);
      await back.close();
    } finally {
      await sqlite.close();
      await postgres.close();
    }
  });

  it("answers unavailable when every connection stays busy, without taking the database for gone", async () => {
    const { createPostgresPool } = await import("./postgres-pool.js");
    const { log, lines } = recordingLog();
    const pool = createPostgresPool({ url: db.url, poolMax: 1, acquireTimeoutMs: 200, log });
    try {
      const holding = pool.query("SELECT pg_sleep(1)");
      const waiting = await pool.query("SELECT 1 AS one").catch((e: unknown) => e);
      expect(isAccessError(waiting, "unavailable"), String(waiting)).toBe(true);
      expect((waiting as Error).message).toContain("is busy: no connection was free within 0.2 s");
      await holding;
      // Not an outage: the next call goes to the database at once, and nothing was logged.
      expect(await pool.query("SELECT 1 AS one")).toEqual([{ one: 1 }]);
      expect(pool.outage.down).toBe(false);
      expect(lines).toEqual([]);
    } finally {
      await pool.end();
    }
  });

  describe("when the database stops answering", () => {
    it("fails with unavailable, at once when refused and within the timeouts when silent; logs once, and once when back", async () => {
      const proxy = await startTcpProxy(hostPortOf(db.url));
      const { log, lines } = recordingLog();
      const { store } = await openPostgresAccessStore({
        url: throughProxy(db.url, proxy),
        schema: await db.schema(),
        connectTimeoutMs: 300,
        statementTimeoutMs: 300,
        log,
      });
      try {
        const account = await store.createAccount({ plan: "trial" });
        await proxy.set("refuse");
        for (let i = 0; i < 3; i++) {
          const error = await store.chargeQuota(account.id, "2025-03", 20).catch((e: unknown) => e);
          expect(isAccessError(error, "unavailable"), String(error)).toBe(true);
          expect((error as Error).message).toContain("does not answer");
        }
        await proxy.set("blackhole");
        const startedMs = Date.now();
        const silent = await store.findKey("key_missing").catch((e: unknown) => e);
        expect(isAccessError(silent, "unavailable"), String(silent)).toBe(true);
        // Bounded by the connection timeout (300 ms), not left hanging; the bound is loose for a busy machine.
        expect(Date.now() - startedMs).toBeLessThan(5_000);
        await proxy.set("forward");
        // Failing at once while down, the store tries the database again once a second.
        await expect
          .poll(() => store.chargeQuota(account.id, "2025-03", 20).catch((e: unknown) => String(e)), {
            timeout: 5_000,
            interval: 100,
          })
          .toEqual({ admitted: true, used: 1 });
        // An outage is two lines, whatever else (an idle connection closing) is logged.
        const outage = lines.filter((l) => / does not answer| answers again/.test(l));
        expect(outage).toHaveLength(2);
        expect(outage[0]).toMatch(
          /^warn PostgreSQL \(postgresql:\/\/127\.0\.0\.1:\d+\/wordclip_test_\w+\) does not answer/,
        );
        expect(outage[1]).toMatch(/^info PostgreSQL \(.+\) answers again after \d+ s$/);
      } finally {
        await store.close();
        await proxy.close();
      }
    });
  });
});
