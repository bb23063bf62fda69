/**
 * Starting the API server from a configuration: the snapshot holder, the access store and rate window,
 * the gate, the cursor codec, the app, and a listening socket. `wordclip serve`, the end-to-end tests and
 * the benchmarks all start the server through `startServer`.
 */
import type { AddressInfo } from "node:net";
import { openAccessStore, openRateWindow } from "../access/factory.js";
import { createGate, type Gate } from "../access/gate/gate.js";
import type { AccessStore } from "../access/store/interface.js";
import type { RateWindow } from "../access/window/interface.js";
import { buildApp } from "../api/app.js";
import type { App } from "../api/app-type.js";
import { createCursorCodec } from "../api/cursor.js";
import { createResponseCache } from "../api/response-cache.js";
import type { Config } from "../config.js";
import { SnapshotHolder } from "../index/holder.js";
import { cursorSecretFor } from "./cursor-secret.js";

export interface StartOptions {
  /** JSON log lines on standard output; tests and benchmarks turn them off. */
  logger?: boolean;
  /** How often the snapshot file is checked for a replacement (default: the holder's, 5 s). */
  snapshotCheckEveryMs?: number;
  /** How long a replaced snapshot stays open for requests still reading it (default: the holder's). */
  snapshotGraceMs?: number;
  /** How long `close` waits for requests in flight before cutting their connections (default 10 s). */
  shutdownTimeoutMs?: number;
}

export interface RunningServer {
  /** `http://host:port`, with the port actually bound (config port 0 picks a free one). */
  url: string;
  app: App;
  snapshots: SnapshotHolder;
  /** Undefined when access checks are off. */
  store: AccessStore | undefined;
  gate: Gate | undefined;
  /** Stops accepting connections, lets requests in flight finish, then closes the store and the snapshot. */
  close(): Promise<void>;
}

export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;
const IDLE_SWEEP_MS = 50;

/**
 * Stops accepting connections and waits for the requests in flight. A keep-alive connection whose
 * response ends after the close began would otherwise stay open until its client lets go, so idle
 * connections are closed as they appear; past `timeoutMs` the rest are cut.
 */
async function drain(app: App, timeoutMs: number): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  const cut = setTimeout(() => app.server.closeAllConnections(), timeoutMs);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(cut);
  }
}

/** A host to put in a URL: a wildcard address is reached on loopback; an IPv6 address goes in brackets. */
function urlHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}

/** Throws `SnapshotError` when the configured snapshot is missing or unreadable, before anything opens. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const snapshots = new SnapshotHolder({
    path: config.indexPath,
    ...(options.snapshotCheckEveryMs === undefined ? {} : { checkEveryMs: options.snapshotCheckEveryMs }),
    ...(options.snapshotGraceMs === undefined ? {} : { graceMs: options.snapshotGraceMs }),
  });
  let store: AccessStore | undefined;
  let window: RateWindow | undefined;
  let app: App | undefined;
  let gate: Gate | undefined;
  const closeResources = async (): Promise<void> => {
    snapshots.close();
    // Quota leased but not served goes back to the account before the store closes.
    await gate?.release();
    await window?.close();
    await store?.close();
  };
  try {
    store = config.accessEnabled ? openAccessStore(config) : undefined;
    window = config.accessEnabled ? openRateWindow() : undefined;
    gate = store && window ? createGate({ store, window }) : undefined;
    app = await buildApp(
      {
        snapshots,
        cursors: createCursorCodec(cursorSecretFor(config)),
        gate,
        responses: config.responseCacheBytes > 0 ? createResponseCache(config.responseCacheBytes) : undefined,
      },
      { logLevel: config.logLevel, trustProxy: config.trustProxy, logger: options.logger ?? true },
    );
    await app.listen({ host: config.host, port: config.port });
    snapshots.watch(app.log);
    const { port } = app.server.address() as AddressInfo;
    const running = app;
    let closing: Promise<void> | undefined;
    return {
      url: `http://${urlHost(config.host)}:${port}`,
      app: running,
      snapshots,
      store,
      gate,
      close() {
        closing ??= drain(running, options.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS).then(
          closeResources,
        );
        return closing;
      },
    };
  } catch (error) {
    await app?.close();
    await closeResources();
    throw error;
  }
}
