import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { isAccessError } from "../errors.js";
import { runAccessStoreContract } from "./contract.js";
import { openSqliteAccessStore } from "./sqlite.js";
import { ACCESS_SCHEMA_VERSION } from "./sqlite-schema.js";
import { CHARGE_QUOTA_SQL } from "./sqlite-statements.js";

runAccessStoreContract("SQLite in memory", async (now) => openSqliteAccessStore({ path: ":memory:", now }));

const folders: string[] = [];
function tempFile(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "wordclip-access-"));
  folders.push(folder);
  return path.join(folder, "nested", "access.sqlite");
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

runAccessStoreContract("SQLite file", async (now) => openSqliteAccessStore({ path: tempFile(), now }));

describe("openSqliteAccessStore", () => {
  it("creates the folder and a WAL database of the current schema version", async () => {
    const file = tempFile();
    const store = openSqliteAccessStore({ path: file });
    await store.close();
    const db = new Database(file, { readonly: true });
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.pragma("user_version", { simple: true })).toBe(ACCESS_SCHEMA_VERSION);
    db.close();
  });

  it("keeps accounts, keys and changed plans across reopening, without seeding over them", async () => {
    const file = tempFile();
    const first = openSqliteAccessStore({ path: file });
    await first.setPlan("trial", { perMonth: 99 });
    const account = await first.createAccount({ plan: "trial" });
    const { key } = await first.createKey({ accountId: account.id });
    await first.close();
    const second = openSqliteAccessStore({ path: file });
    expect(await second.findPlan("trial")).toMatchObject({ perMonth: 99 });
    expect((await second.findKey(key.id))?.account.id).toBe(account.id);
    await second.close();
  });

  it("never writes a key's secret into the file", async () => {
    const file = tempFile();
    const store = openSqliteAccessStore({ path: file });
    const account = await store.createAccount({ plan: "trial" });
    const { secret } = await store.createKey({ accountId: account.id });
    await store.close();
    const bytes = readFileSync(file).toString("latin1");
    expect(bytes.includes(secret)).toBe(false);
    expect(bytes.includes(secret.slice(0, 9))).toBe(true);
  });

  it("refuses a store written by a newer schema version, naming the file and both versions", async () => {
    const file = tempFile();
    await openSqliteAccessStore({ path: file }).close();
    const db = new Database(file);
    db.pragma(`user_version = ${ACCESS_SCHEMA_VERSION + 1}`);
    db.close();
    let caught: unknown;
    try {
      openSqliteAccessStore({ path: file });
    } catch (error) {
      caught = error;
    }
    expect(isAccessError(caught, "store_version")).toBe(true);
    expect((caught as Error).message).toContain(file);
    expect((caught as Error).message).toContain(`version ${ACCESS_SCHEMA_VERSION + 1}`);
  });

  it("counts quota exactly when four threads charge one account in one file at once", async () => {
    const file = tempFile();
    const store = openSqliteAccessStore({ path: file });
    const account = await store.createAccount({ plan: "trial" });
    // Each thread has its own connection: the limit holds across connections, not only within one.
    const code = `
      const { parentPort, workerData } = require("node:worker_threads");
      const Database = require("better-sqlite3");
      const db = new Database(workerData.file);
      db.pragma("busy_timeout = 10000");
      const charge = db.prepare(workerData.sql);
      let admitted = 0;
      for (let i = 0; i < 100; i++) {
        if (charge.get({ accountId: workerData.accountId, period: "2025-03", limit: 150 })) admitted++;
      }
      db.close();
      parentPort.postMessage(admitted);
    `;
    const counts = await Promise.all(
      Array.from({ length: 4 }, () => {
        const worker = new Worker(code, {
          eval: true,
          workerData: { file, sql: CHARGE_QUOTA_SQL, accountId: account.id },
        });
        return new Promise<number>((resolve, reject) => {
          worker.once("message", resolve);
          worker.once("error", reject);
        });
      }),
    );
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(150);
    expect(await store.quotaUsed(account.id, "2025-03")).toBe(150);
    await store.close();
  });
});

describe("a store file locked by another process", () => {
  it("answers unavailable when a quota write waits out the busy timeout", async () => {
    const file = tempFile();
    const store = openSqliteAccessStore({ path: file, busyTimeoutMs: 50 });
    const account = await store.createAccount({ plan: "trial" });
    const other = new Database(file);
    other.exec("BEGIN IMMEDIATE");
    try {
      const error = await store.chargeQuota(account.id, "2025-03", 20).catch((e: unknown) => e);
      expect(isAccessError(error, "unavailable"), String(error)).toBe(true);
      expect((error as Error).message).toContain(file);
      const reserving = await store.reserveQuota(account.id, "2025-03", 100_000, 10).catch((e: unknown) => e);
      expect(isAccessError(reserving, "unavailable"), String(reserving)).toBe(true);
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
    expect(await store.chargeQuota(account.id, "2025-03", 20)).toEqual({ admitted: true, used: 1 });
    await store.close();
  });
});
