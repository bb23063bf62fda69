/**
 * One process's connection to Redis, shared by the minute windows and the change notices: commands fail
 * fast while it is down (no offline queue), each command has a timeout, and the client reconnects on its
 * own. Its state is one `Outage`: a warning when Redis stops answering, a line when it is back.
 */
import { createClient } from "redis";
import { type AccessLog, createOutage, type Outage, SILENT_LOG } from "./log.js";

interface ClientSettings {
  url: string;
  disableOfflineQueue: boolean;
  commandOptions: { timeout: number };
  socket: { connectTimeout: number; reconnectStrategy: (retries: number) => number };
}

function newClient(settings: ClientSettings) {
  return createClient(settings);
}

export type RedisClient = ReturnType<typeof newClient>;

export interface RedisConnectionOptions {
  /** `redis://[:password@]host:6379[/db]` or `rediss://…`. */
  url: string;
  log?: AccessLog;
  /** How long one command may take before it fails (and the windows fall back to memory). */
  commandTimeoutMs?: number;
  connectTimeoutMs?: number;
}

export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 500;
export const DEFAULT_REDIS_CONNECT_TIMEOUT_MS = 2_000;
/** Reconnection attempts back off to this interval while Redis stays away. */
const MAX_RECONNECT_DELAY_MS = 1_000;

export interface RedisConnection {
  readonly client: RedisClient;
  /** The server, for messages, without the password. */
  readonly where: string;
  readonly outage: Outage;
  /** Resolves true once connected, false when `timeoutMs` passes first (the client keeps trying). */
  ready(timeoutMs: number): Promise<boolean>;
  /** A second connection for subscriptions (a subscribed connection runs no other command). */
  duplicate(): RedisClient;
  close(): Promise<void>;
}

/** The server a URL points at, for messages: scheme, host, port and database, never the password. */
export function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === "/" ? "" : parsed.pathname}`;
  } catch {
    return "redis://(an unreadable URL)";
  }
}

export function connectRedis(options: RedisConnectionOptions): RedisConnection {
  const where = describeRedisUrl(options.url);
  const outage = createOutage(`Redis (${where})`, options.log ?? SILENT_LOG);
  const settings: ClientSettings = {
    url: options.url,
    disableOfflineQueue: true,
    commandOptions: { timeout: options.commandTimeoutMs ?? DEFAULT_REDIS_COMMAND_TIMEOUT_MS },
    socket: {
      connectTimeout: options.connectTimeoutMs ?? DEFAULT_REDIS_CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, MAX_RECONNECT_DELAY_MS),
    },
  };
  const client = newClient(settings);
  // Without a listener a connection error would end the process; it is an outage, logged once.
  client.on("error", (error: unknown) => outage.failed(error));
  client.on("ready", () => outage.answered());
  const connecting = client.connect().then(
    () => true,
    (error: unknown) => {
      outage.failed(error);
      return false;
    },
  );
  const duplicates: RedisClient[] = [];
  return {
    client,
    where,
    outage,
    async ready(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      const connected = await Promise.race([connecting, late]);
      clearTimeout(timer);
      return connected && client.isReady;
    },
    duplicate() {
      const copy = newClient(settings);
      copy.on("error", () => undefined);
      duplicates.push(copy);
      return copy;
    },
    async close() {
      for (const copy of duplicates) copy.destroy();
      if (client.isReady) await client.close().catch(() => client.destroy());
      else client.destroy();
    },
  };
}
