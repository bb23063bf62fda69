/**
 * `startTestServer`: the real server on a free port over a copy of the shared test snapshot, in its own
 * data folder, with accounts and keys made through the access store, and a small fetch helper.
 */
import { mkdtempSync } from "node:fs";
import path from "node:path";
import type { AccessStore } from "../../src/access/store/interface.js";
import { type RunningServer, startServer } from "../../src/cli/start-server.js";
import { loadConfig } from "../../src/config.js";
import { copyTestSnapshot, processScratchDir, sharedTestSnapshot, type TestSnapshot } from "./snapshot.js";

/** Limits no test reaches by accident; the trial plan's are the contract's (60 a minute, 20 a month). */
export const GENEROUS_PLAN = { name: "generous", perMinute: 1_000_000, perMonth: 1_000_000_000 } as const;

export interface TestKey {
  keyId: string;
  accountId: string;
  secret: string;
  /** `Bearer <secret>`. */
  authorization: string;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, the text otherwise (and "" for an empty body). */
  // biome-ignore lint/suspicious/noExplicitAny: bodies of every endpoint's shape; the tests' assertions check them.
  body: any;
  /** The raw text, for assertion messages. */
  text: string;
}

export interface ApiOptions {
  /** A key (its secret or the TestKey) sent as `Authorization: Bearer …`. */
  key?: TestKey | string;
  headers?: Record<string, string>;
  method?: string;
  /** A request body, sent as it is. */
  body?: string;
}

export interface TestServerOptions {
  /** Serve this snapshot (copied into the server's data folder) instead of the shared test snapshot. */
  snapshot?: TestSnapshot;
  /** Access checks (keys, rate limit, quota); default on. */
  access?: boolean;
  /** How often the server checks its snapshot file for a replacement; default 100 ms. */
  snapshotCheckEveryMs?: number;
  snapshotGraceMs?: number;
}

export interface TestServer {
  baseUrl: string;
  dataDir: string;
  /** The snapshot file the server serves; replace it to test a swap. */
  indexPath: string;
  snapshot: TestSnapshot;
  server: RunningServer;
  /** Undefined when access is off. */
  store: AccessStore | undefined;
  /** A key on the trial plan (20 requests a month) and one on the generous plan. */
  keys: { trial: TestKey; generous: TestKey };
  /** A new account on `plan` (default generous) with one key. */
  createKey(plan?: string): Promise<TestKey>;
  /** Another key of an existing account. */
  addKey(accountId: string): Promise<TestKey>;
  /** Disables the key; the server refuses it from the next request. */
  disableKey(key: TestKey): Promise<void>;
  /** Rotates the key: the new one works at once, the old one for `graceMs` more. */
  rotateKey(key: TestKey, graceMs: number): Promise<TestKey>;
  api(pathAndQuery: string, options?: ApiOptions): Promise<ApiResponse>;
  close(): Promise<void>;
}

function testKey(keyId: string, accountId: string, secret: string): TestKey {
  return { keyId, accountId, secret, authorization: `Bearer ${secret}` };
}

/** GETs `baseUrl + pathAndQuery` and returns status, headers and the parsed body. */
export async function apiRequest(
  baseUrl: string,
  pathAndQuery: string,
  options: ApiOptions = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined) {
    headers.authorization = `Bearer ${typeof options.key === "string" ? options.key : options.key.secret}`;
  }
  const response = await fetch(`${baseUrl}${pathAndQuery}`, {
    method: options.method ?? "GET",
    headers,
    ...(options.body === undefined ? {} : { body: options.body }),
  });
  const text = await response.text();
  const isJson = (response.headers.get("content-type") ?? "").includes("json");
  return {
    status: response.status,
    headers: response.headers,
    body: isJson && text !== "" ? JSON.parse(text) : text,
    text,
  };
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(processScratchDir(), "server-"));
  const snapshot = copyTestSnapshot(
    options.snapshot ?? (await sharedTestSnapshot()),
    path.join(dataDir, "index.sqlite"),
  );
  const config = loadConfig({
    WORDCLIP_DATA_DIR: dataDir,
    WORDCLIP_HOST: "127.0.0.1",
    WORDCLIP_PORT: "0",
    WORDCLIP_LOG_LEVEL: "silent",
    WORDCLIP_ACCESS: options.access === false ? "off" : "on",
  });
  const server = await startServer(config, {
    logger: false,
    snapshotCheckEveryMs: options.snapshotCheckEveryMs ?? 100,
    ...(options.snapshotGraceMs === undefined ? {} : { snapshotGraceMs: options.snapshotGraceMs }),
  });
  const { store, gate } = server;

  function needStore(): AccessStore {
    if (store === undefined) throw new Error("this test server runs with access off: it has no keys");
    return store;
  }

  async function addKey(accountId: string): Promise<TestKey> {
    const { key, secret } = await needStore().createKey({ accountId, name: "test" });
    return testKey(key.id, accountId, secret);
  }

  async function createKey(plan: string = GENEROUS_PLAN.name): Promise<TestKey> {
    const account = await needStore().createAccount({ plan, name: `test ${plan}` });
    return addKey(account.id);
  }

  let keys: TestServer["keys"] = {
    trial: testKey("", "", "wc_access_is_off"),
    generous: testKey("", "", "wc_access_is_off"),
  };
  if (store !== undefined) {
    await store.setPlan(GENEROUS_PLAN.name, {
      perMinute: GENEROUS_PLAN.perMinute,
      perMonth: GENEROUS_PLAN.perMonth,
      description: "tests",
    });
    keys = { trial: await createKey("trial"), generous: await createKey(GENEROUS_PLAN.name) };
  }

  return {
    baseUrl: server.url,
    dataDir,
    indexPath: config.indexPath,
    snapshot,
    server,
    store,
    keys,
    createKey,
    addKey,
    async disableKey(key) {
      await needStore().disableKey(key.keyId);
      // The gate caches key lookups for a moment; a test wants the change at once.
      gate?.clearKeyCache();
    },
    async rotateKey(key, graceMs) {
      const { created } = await needStore().rotateKey(key.keyId, graceMs);
      gate?.clearKeyCache();
      return testKey(created.key.id, key.accountId, created.secret);
    },
    api: (pathAndQuery, apiOptions) => apiRequest(server.url, pathAndQuery, apiOptions),
    close: () => server.close(),
  };
}
