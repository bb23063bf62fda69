/**
 * `wordclip serve`: the v1 API over the data folder's snapshot until SIGTERM or SIGINT, then a graceful
 * stop. `--demo` (what `npm start` runs) first builds the demo snapshot and demo key on a fresh folder.
 * `--workers N` runs N processes on one port (node:cluster); the default is one process, as before.
 */
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import os from "node:os";
import { ensureDemoAccess } from "../access/demo.js";
import { isAccessError } from "../access/errors.js";
import { openAccessStore } from "../access/factory.js";
import type { CreatedKey } from "../access/store/interface.js";
import { API_PREFIX } from "../api/app.js";
import { DOCS_PATH } from "../api/docs.js";
import { type Config, loadConfig } from "../config.js";
import { SnapshotError } from "../snapshot/schema.js";
import { prepareSiteKey, webAppLines } from "../web/site.js";
import {
  type Command,
  type CommandIo,
  flag,
  integerOption,
  type ParsedArgs,
  stringOption,
  UsageError,
} from "./command.js";
import { CursorSecretError } from "./cursor-secret.js";
import { runPrimary } from "./serve-primary.js";
import { runWorker } from "./serve-worker.js";
import { type RunningServer, startServer } from "./start-server.js";

export const MAX_WORKERS = 1024;

/** `--workers`: a whole number from 1, or `auto` for one process per core. */
function workersOption(args: ParsedArgs): number | "auto" | undefined {
  const raw = stringOption(args, "workers");
  if (raw === undefined) return undefined;
  if (raw === "auto") return "auto";
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > MAX_WORKERS) {
    throw new UsageError(`--workers must be "auto" or a whole number from 1 to ${MAX_WORKERS}, got "${raw}"`);
  }
  return value;
}

function workerCount(workers: number | "auto"): number {
  return workers === "auto" ? os.availableParallelism() : workers;
}

function missingSnapshot(indexPath: string): string {
  return [
    `wordclip serve: no snapshot at ${indexPath}.`,
    '  Build one with "wordclip build --clips <yt-dlp folder>" (WORDCLIP_DATA_DIR or WORDCLIP_INDEX say where),',
    '  or run "npm start" (wordclip serve --demo) to serve the demo corpus.',
  ].join("\n");
}

/** Resolves with the signal's name when the process is asked to stop. */
function stopRequested(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.off("SIGTERM", stop);
      process.off("SIGINT", stop);
      resolve(signal);
    };
    process.on("SIGTERM", stop);
    process.on("SIGINT", stop);
  });
}

/** Builds the demo snapshot, turning SIGINT or SIGTERM during the build into a clean abort. */
async function prepareDemo(config: Config, io: CommandIo): Promise<boolean> {
  const interrupt = new AbortController();
  const onSignal = (): void => interrupt.abort();
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    // Loaded only here: the builder's imports (the inflection libraries) cost a plain `serve` start-up time.
    const { buildDemoSnapshot } = await import("./demo-setup.js");
    await buildDemoSnapshot(config, io, { signal: interrupt.signal });
    return true;
  } catch (error) {
    if (!interrupt.signal.aborted) throw error;
    io.err("wordclip serve --demo: interrupted; no snapshot was written");
    return false;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

async function start(config: Config, io: CommandIo): Promise<RunningServer | undefined> {
  try {
    return await startServer(config);
  } catch (error) {
    if (error instanceof SnapshotError || error instanceof CursorSecretError || isAccessError(error)) {
      io.err(`wordclip serve: ${error.message}`);
      return undefined;
    }
    // An address or a port that cannot be used: main.ts says which and what to do, exit 78.
    throw error;
  }
}

/**
 * The demo key (with `--demo`, on a store without accounts) and the web app's site key, made once before
 * any server process starts: workers would race to make them. The demo account comes first, as the site's
 * account would otherwise make the store look already in use.
 */
async function prepareAccess(config: Config, demo: boolean): Promise<CreatedKey | undefined> {
  if (!config.accessEnabled) return undefined;
  const store = await openAccessStore(config);
  try {
    const created = demo ? await ensureDemoAccess(store) : undefined;
    await prepareSiteKey(config, store);
    return created;
  } finally {
    await store.close();
  }
}

/** Several processes: the primary prepares the folder, then the workers serve. */
async function runCluster(config: Config, workers: number, demo: boolean, io: CommandIo): Promise<number> {
  const created = await prepareAccess(config, demo);
  return runPrimary({
    config,
    workers,
    io,
    async onListening(url) {
      io.out(`wordclip: serving ${url}${API_PREFIX} with ${workers} worker processes`);
      io.out(`API reference: ${url}${DOCS_PATH}`);
      for (const line of webAppLines(url)) io.out(line);
      if (!config.accessEnabled) {
        io.out("Access checks are off (WORDCLIP_ACCESS=off): no key is needed and nothing is counted.");
      } else if (demo) {
        const { demoAccessLines } = await import("./demo-setup.js");
        for (const line of demoAccessLines(created, url)) io.out(line);
      }
    },
  });
}

async function run(args: ParsedArgs, io: CommandIo): Promise<number> {
  const port = integerOption(args, "port", 0, 65535);
  const host = stringOption(args, "host");
  const demo = flag(args, "demo");
  const workersAsked = workersOption(args);
  const config: Config = {
    ...loadConfig(),
    ...(port === undefined ? {} : { port }),
    ...(host === undefined || host === "" ? {} : { host }),
  };
  // A worker of `--workers N`: the primary has prepared everything and set the port in the environment.
  if (cluster.isWorker) return runWorker(config);

  if (!existsSync(config.indexPath)) {
    if (!demo) {
      io.err(missingSnapshot(config.indexPath));
      return 1;
    }
    if (!(await prepareDemo(config, io))) return 130;
  }

  const workers = workerCount(workersAsked ?? config.workers);
  if (workers > 1) return runCluster(config, workers, demo, io);

  const created = await prepareAccess(config, demo);
  const server = await start(config, io);
  if (server === undefined) return 1;
  const stopping = stopRequested();
  const snapshot = server.snapshots.current();
  io.out(
    `wordclip: serving ${server.url}${API_PREFIX} (snapshot ${snapshot.buildId}, built ${snapshot.builtAt})`,
  );
  io.out(`API reference: ${server.url}${DOCS_PATH}`);
  for (const line of webAppLines(server.url)) io.out(line);
  if (server.store === undefined) {
    io.out("Access checks are off (WORDCLIP_ACCESS=off): no key is needed and nothing is counted.");
  } else if (demo) {
    const { demoAccessLines } = await import("./demo-setup.js");
    for (const line of demoAccessLines(created, server.url)) io.out(line);
  }

  const signal = await stopping;
  // The listeners are gone by now: a second Ctrl-C stops the process at once.
  io.err(`wordclip serve: ${signal}: finishing the requests in flight, then stopping (again to quit now)`);
  await server.close();
  io.err("wordclip serve: stopped");
  return 0;
}

export const commands: Command[] = [
  {
    name: "serve",
    summary: "serve the v1 API over a snapshot",
    options: {
      port: {
        type: "string",
        description: "port to listen on; 0 picks a free one (default: WORDCLIP_PORT, 8080)",
        valueName: "n",
      },
      host: {
        type: "string",
        description: "address to listen on (default: WORDCLIP_HOST, 127.0.0.1)",
        valueName: "host",
      },
      demo: {
        type: "boolean",
        description: "on a fresh data folder, build the demo snapshot and create a demo key first",
      },
      workers: {
        type: "string",
        description:
          'processes serving one port: a number, or "auto" for one per core (default: WORDCLIP_WORKERS, 1)',
        valueName: "n",
      },
    },
    details: [
      "Reads the snapshot at WORDCLIP_INDEX (default: <WORDCLIP_DATA_DIR>/index.sqlite) and serves it read-only.",
      "A new snapshot renamed into place (as wordclip build does) is picked up within seconds, or at once on",
      "SIGHUP, without dropping a request. SIGTERM or SIGINT stops accepting connections, lets requests in",
      "flight finish, and exits 0.",
      "",
      "With --workers N, N processes share the port; the minute windows and the quota stay exact across them",
      "(the primary process keeps the windows, the workers share the access store). A worker that dies is",
      "replaced. SIGHUP to the primary is passed on to every worker.",
      "",
      "WORDCLIP_DATABASE_URL and WORDCLIP_REDIS_URL make nodes on several hosts share accounts, keys, quota",
      "and windows (see docs/deploy.md); the schema is migrated at start (or by wordclip migrate).",
      "",
      "example: WORDCLIP_DATA_DIR=/srv/wordclip wordclip serve --host 0.0.0.0 --port 8080 --workers auto",
    ].join("\n"),
    run,
  },
];
