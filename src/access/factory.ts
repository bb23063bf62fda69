/**
 * The one place that chooses the access implementations from the configuration: the store (the SQLite
 * file, or PostgreSQL with `WORDCLIP_DATABASE_URL`), the minute windows (this process's memory, the
 * primary's over IPC in a cluster worker, or Redis with `WORDCLIP_REDIS_URL`, falling back to the node's
 * own while Redis does not answer) and the change notices (Redis pub/sub where Redis is configured).
 */
import type { Config } from "../config.js";
import { type AccessChanges, announcingChanges, createRedisAccessChanges } from "./changes.js";
import { createLeaseCensus, type LeaseCensus } from "./lease-census.js";
import { type AccessLog, SILENT_LOG } from "./log.js";
import type { RedisConnection } from "./redis-connection.js";
import type { AccessStore } from "./store/interface.js";
import { openSqliteAccessStore } from "./store/sqlite.js";
import { createFallbackRateWindow, type FallbackRateWindow } from "./window/fallback.js";
import type { RateWindow } from "./window/interface.js";
import { createMemoryRateWindow } from "./window/memory.js";
import { createRedisRateWindow } from "./window/redis.js";

/** What choosing needs from the configuration; only the SQLite path is required (tests give just that). */
export type AccessConfig = Pick<Config, "accessDbPath"> &
  Partial<Pick<Config, "databaseUrl" | "databasePoolMax" | "redisUrl" | "redisPrefix">>;

export interface AccessOptions {
  log?: AccessLog;
  now?: () => number;
}

/** The configuration's default, for callers that give only some settings (tests, benchmarks). */
const DEFAULT_REDIS_PREFIX = "wordclip:";

/** How long start-up waits for Redis before it starts degraded (it keeps connecting in the background). */
const REDIS_START_WAIT_MS = 2_000;
/** How long a command waits for Redis to publish a change notice. */
const REDIS_PUBLISH_WAIT_MS = 2_000;

/**
 * The configured store, migrated to the current schema, for commands and set-up scripts. The PostgreSQL
 * and Redis clients are loaded only where they are configured: an embedded server starts without reading
 * either driver (node-redis alone costs a start-up about a tenth of a second).
 */
async function openStore(config: AccessConfig, options: AccessOptions): Promise<AccessStore> {
  if (config.databaseUrl === undefined) {
    return openSqliteAccessStore({ path: config.accessDbPath, ...(options.now ? { now: options.now } : {}) });
  }
  const { openPostgresAccessStore } = await import("./store/postgres.js");
  const { store } = await openPostgresAccessStore({
    url: config.databaseUrl,
    ...(config.databasePoolMax === undefined ? {} : { poolMax: config.databasePoolMax }),
    ...(options.log ? { log: options.log } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  return store;
}

/**
 * The configured store. Where Redis is configured, a change that running servers cache (a key disabled
 * or rotated, a plan or an account's plan changed) is announced to them; the connection to Redis is made
 * only when a change is.
 */
export async function openAccessStore(
  config: AccessConfig,
  options: AccessOptions = {},
): Promise<AccessStore> {
  const store = await openStore(config, options);
  const { redisUrl } = config;
  if (redisUrl === undefined) return store;
  const { connectRedis } = await import("./redis-connection.js");
  const log = options.log ?? SILENT_LOG;
  let connection: RedisConnection | undefined;
  let notices: AccessChanges | undefined;
  const changes: AccessChanges = {
    async publish(change) {
      connection ??= connectRedis({ url: redisUrl, log });
      notices ??= createRedisAccessChanges(connection, config.redisPrefix ?? DEFAULT_REDIS_PREFIX);
      if (!(await connection.ready(REDIS_PUBLISH_WAIT_MS))) {
        throw new Error(`Redis (${connection.where}) does not answer`);
      }
      await notices.publish(change);
    },
    async subscribe() {},
    async close() {
      await notices?.close();
      await connection?.close();
    },
  };
  return announcingChanges(store, changes, log);
}

/** Everything the gate of one server process needs. */
export interface AccessBackends {
  store: AccessStore;
  window: RateWindow;
  /** Notices of key, account and plan changes; undefined without Redis (the key cache's TTL is the bound). */
  changes: AccessChanges | undefined;
  /** The other nodes' unserved quota leases, asked over Redis; undefined without Redis. */
  leases: LeaseCensus | undefined;
  /** What this node works around right now, for `/readyz`. */
  degradation(): string[];
  close(): Promise<void>;
}

export interface BackendOptions extends AccessOptions {
  /** The node's own windows: the primary's over IPC in a cluster worker; default this process's memory. */
  nodeWindow?: RateWindow;
}

export async function openAccessBackends(
  config: AccessConfig,
  options: BackendOptions = {},
): Promise<AccessBackends> {
  const store = await openStore(config, options);
  const own = options.nodeWindow ?? createMemoryRateWindow();
  if (config.redisUrl === undefined) {
    return {
      store,
      window: own,
      changes: undefined,
      leases: undefined,
      degradation: () => [],
      async close() {
        await own.close();
        await store.close();
      },
    };
  }
  const { connectRedis } = await import("./redis-connection.js");
  const connection = connectRedis({ url: config.redisUrl, ...(options.log ? { log: options.log } : {}) });
  // A node starts while Redis is away (degraded, on its own windows) rather than not at all.
  await connection.ready(REDIS_START_WAIT_MS);
  const prefix = config.redisPrefix ?? DEFAULT_REDIS_PREFIX;
  const window: FallbackRateWindow = createFallbackRateWindow({
    shared: createRedisRateWindow({ client: connection.client, prefix }),
    fallback: own,
    outage: connection.outage,
    service: `Redis (${connection.where})`,
  });
  const changes = createRedisAccessChanges(connection, prefix);
  const leases = await createLeaseCensus(connection, prefix);
  return {
    store,
    window,
    changes,
    leases,
    degradation: () => {
      const reason = window.degradation();
      return reason === undefined ? [] : [reason];
    },
    async close() {
      await window.close();
      await changes.close();
      await leases.close();
      await connection.close();
      await store.close();
    },
  };
}
