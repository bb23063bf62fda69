/**
 * Starting the API server from a configuration: the snapshot holder, the access store and rate window,
 * the gate, the cursor codec, the app, and a listening socket. `wordclip serve`, the end-to-end tests and
 * the benchmarks all start the server through `startServer`.
 */
import type { AddressInfo } from "node:net";
import { type AccessBackends, openAccessBackends } from "../access/factory.js";
import { createGate, type Gate } from "../access/gate/gate.js";
import type { AccessLog } from "../access/log.js";
import type { AccessStore } from "../access/store/interface.js";
import type { RateWindow } from "../access/window/interface.js";
import { type AppOptions, buildApp } from "../api/app.js";
import type { App } from "../api/app-type.js";
import { createCursorCodec } from "../api/cursor.js";
import { createResponseCache } from "../api/response-cache.js";
import type { Config } from "../config.js";
import { SnapshotHolder } from "../index/holder.js";
import { prepareSite } from "../web/site.js";
import { cursorSecretFor } from "./cursor-secret.js";

export interface StartOptions {
  /** JSON log lines on standard output; tests and benchmarks turn them off. */
  logger?: boolean;
  /** How often the snapshot file is checked for a replacement (default: the configuration's). */
  snapshotCheckEveryMs?: number;
  /** How long a replaced snapshot stays open for requests still reading it (default: the holder's). */
  snapshotGraceMs?: number;
  /** How long `close` waits for requests in flight before cutting their connections (default 10 s). */
  shutdownTimeoutMs?: number;
  /** This node's own minute windows: a cluster worker passes the primary's, asked over IPC. */
  nodeWindow?: RateWindow;
  /** Where JSON log lines go (default standard output). */
  logStream?: NodeJS.WritableStream;
  /** Connection time limits other than the defaults (`TIMEOUTS_MS`). */
  timeoutsMs?: AppOptions["timeoutsMs"];
}

export interface RunningServer {
  /** `http://host:port`, with the port actually bound (config port 0 picks a free one). */
  url: string;
  app: App;
  snapshots: SnapshotHolder;
  /** Undefined when access checks are off. */
  store: AccessStore | undefined;
  gate: Gate | undefined;
  /** The store, the windows and the change notices the gate was given; undefined when access is off. */
  access: AccessBackends | undefined;
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
export function urlHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}

/**
 * The access layer logs through the app's logger, which exists only once the app is built (after the
 * access layer): lines logged before then wait for it.
 */
function deferredLog(): AccessLog & { attach(target: AccessLog): void } {
  let target: AccessLog | undefined;
  const waiting: Array<[keyof AccessLog, object, string]> = [];
  const line =
    (level: keyof AccessLog) =>
    (details: object, message: string): void => {
      if (target) target[level](details, message);
      else waiting.push([level, details, message]);
    };
  return {
    warn: line("warn"),
    info: line("info"),
    attach(next) {
      target = next;
      for (const [level, details, message] of waiting.splice(0)) next[level](details, message);
    },
  };
}

/** Throws `SnapshotError` when the configured snapshot is missing or unreadable, before anything opens. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const snapshots = await SnapshotHolder.open({
    path: config.indexPath,
    checkEveryMs: options.snapshotCheckEveryMs ?? config.snapshotCheckEveryMs,
    snapshot: { blockCacheBytes: config.blockCacheBytes },
    ...(options.snapshotGraceMs === undefined ? {} : { graceMs: options.snapshotGraceMs }),
  });
  let access: AccessBackends | undefined;
  let app: App | undefined;
  let gate: Gate | undefined;
  const log = deferredLog();
  const closeResources = async (): Promise<void> => {
    snapshots.close();
    // Quota leased but not served goes back to the account before the store closes.
    await gate?.release();
    await access?.close();
  };
  try {
    if (config.accessEnabled) {
      access = await openAccessBackends(config, {
        log,
        ...(options.nodeWindow === undefined ? {} : { nodeWindow: options.nodeWindow }),
      });
      const backends = access;
      gate = createGate({
        store: backends.store,
        window: backends.window,
        degradation: backends.degradation,
        ...(backends.leases === undefined ? {} : { leasesElsewhere: backends.leases }),
      });
      const opened = gate;
      // A change announced by any process (a key disabled, a plan changed) applies here at once.
      await backends.changes?.subscribe(() => opened.clearKeyCache());
    }
    const web = await prepareSite(config, access);
    app = await buildApp(
      {
        ...web,
        snapshots,
        cursors: createCursorCodec(cursorSecretFor(config)),
        gate,
        responses: config.responseCacheBytes > 0 ? createResponseCache(config.responseCacheBytes) : undefined,
      },
      {
        logLevel: config.logLevel,
        trustProxy: config.trustedProxyHops,
        logger: options.logger ?? true,
        corsOrigins: config.corsOrigins,
        ...(options.logStream === undefined ? {} : { logStream: options.logStream }),
        ...(options.timeoutsMs === undefined ? {} : { timeoutsMs: options.timeoutsMs }),
      },
    );
    log.attach(app.log);
    await app.listen({ host: config.host, port: config.port });
    // Past this many open connections, new ones are closed as they arrive.
    app.server.maxConnections = config.maxConnections;
    snapshots.watch(app.log);
    const { port } = app.server.address() as AddressInfo;
    const running = app;
    let closing: Promise<void> | undefined;
    return {
      url: `http://${urlHost(config.host)}:${port}`,
      app: running,
      snapshots,
      store: access?.store,
      gate,
      access,
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
