import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { AccessStore } from "../access/store/interface.js";
import { hashSecret } from "../access/store/secret.js";
import { openSqliteAccessStore } from "../access/store/sqlite.js";
import { ensureSiteKey, SITE_KEY_FILE } from "./site-key.js";

const stores: AccessStore[] = [];

function fresh(): { store: AccessStore; dir: string } {
  const store = openSqliteAccessStore({ path: ":memory:" });
  stores.push(store);
  return { store, dir: mkdtempSync(path.join(os.tmpdir(), "wordclip-site-key-")) };
}

afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

describe("ensureSiteKey", () => {
  it("makes the site account on the demo plan and a key, kept in the data folder for the server's user only", async () => {
    const { store, dir } = fresh();
    const secret = await ensureSiteKey(store, dir);
    const grant = await store.findKeyByHash(hashSecret(secret));
    expect(grant?.account).toMatchObject({ name: "site", plan: "demo" });
    expect(grant?.key.name).toBe("site");
    const file = path.join(dir, SITE_KEY_FILE);
    expect(readFileSync(file, "utf8").trim()).toBe(secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("gives nodes starting together on one store one site account, so the site has one quota", async () => {
    const { store } = fresh();
    const dirs = [0, 1, 2].map(() => mkdtempSync(path.join(os.tmpdir(), "wordclip-site-key-")));
    const secrets = await Promise.all(dirs.map((dir) => ensureSiteKey(store, dir)));
    const accounts = await Promise.all(
      secrets.map(async (secret) => (await store.findKeyByHash(hashSecret(secret)))?.account.id),
    );
    expect(new Set(accounts).size, accounts.join(", ")).toBe(1);
    expect(accounts[0]).toBe((await store.listAccounts()).find((a) => a.name === "site")?.id);
  });

  it("gives the kept key back on later starts without making another", async () => {
    const { store, dir } = fresh();
    const first = await ensureSiteKey(store, dir);
    expect(await ensureSiteKey(store, dir)).toBe(first);
    expect(await store.listKeys()).toHaveLength(1);
    expect(await store.countAccounts()).toBe(1);
  });

  it("makes a new key of the same account when an operator disabled the kept one", async () => {
    const { store, dir } = fresh();
    const first = await ensureSiteKey(store, dir);
    const grant = await store.findKeyByHash(hashSecret(first));
    await store.disableKey(grant?.key.id as string);
    const second = await ensureSiteKey(store, dir);
    expect(second).not.toBe(first);
    const again = await store.findKeyByHash(hashSecret(second));
    expect(again?.account.id).toBe(grant?.account.id);
    expect(readFileSync(path.join(dir, SITE_KEY_FILE), "utf8").trim()).toBe(second);
  });

  it("replaces a kept key the store does not know (a store started afresh) or a damaged file", async () => {
    const { store, dir } = fresh();
    writeFileSync(path.join(dir, SITE_KEY_FILE), "wc_0123456789abcdefghijklmnopqrstuv\n");
    const made = await ensureSiteKey(store, dir);
    expect(made).not.toBe("wc_0123456789abcdefghijklmnopqrstuv");
    writeFileSync(path.join(dir, SITE_KEY_FILE), "not a key\n");
    const remade = await ensureSiteKey(store, dir);
    expect(await store.findKeyByHash(hashSecret(remade))).toBeDefined();
    expect(await store.countAccounts()).toBe(1);
  });
});
