/**
 * The primary of `wordclip serve --workers N` (node:cluster): starts N workers on one port, keeps the
 * minute windows they share in its memory and answers them over IPC, replaces a worker that dies, passes
 * SIGHUP on (check the snapshot now), and on SIGTERM or SIGINT stops every worker gracefully.
 */
import cluster, { type Worker } from "node:cluster";
import { fileURLToPath } from "node:url";
import type { IpcChannel } from "../access/window/ipc.js";
import { serveRateWindow } from "../access/window/ipc.js";
import { createMemoryRateWindow } from "../access/window/memory.js";
import type { Config } from "../config.js";
import type { CommandIo } from "./command.js";
import { DEFAULT_SHUTDOWN_TIMEOUT_MS, urlHost } from "./start-server.js";

/** Workers that die this often (a crash loop) stop the whole server instead of being replaced forever. */
const MAX_RESTARTS = 5;
const RESTART_PERIOD_MS = 60_000;
/** A worker still running this long after SIGTERM (its own drain gives up after 10 s) is killed. */
const BACKSTOP_MS = DEFAULT_SHUTDOWN_TIMEOUT_MS + 5_000;

function workerChannel(worker: Worker): IpcChannel {
  return {
    send(message) {
      if (worker.isConnected()) worker.send(message as object, undefined, () => undefined);
    },
    onMessage(listener) {
      worker.on("message", listener);
      return () => worker.off("message", listener);
    },
    onClose(listener) {
      worker.once("disconnect", listener);
    },
  };
}

/** `http://host:port` of the shared socket, with a wildcard address reached on loopback. */
function urlOf(address: { address: string | null; port: number }): string {
  return `http://${urlHost(address.address ?? "127.0.0.1")}:${address.port}`;
}

export interface PrimaryOptions {
  config: Config;
  workers: number;
  io: CommandIo;
  /** Called once every worker listens, with the URL they share (prints the banner). */
  onListening(url: string): Promise<void>;
}

export async function runPrimary(options: PrimaryOptions): Promise<number> {
  const { config, workers, io } = options;
  const windows = createMemoryRateWindow();
  cluster.setupPrimary({ exec: fileURLToPath(new URL("./main.js", import.meta.url)), args: ["serve"] });
  const env = { WORDCLIP_HOST: config.host, WORDCLIP_PORT: String(config.port), WORDCLIP_WORKERS: "1" };

  let stopping = false;
  let exitCode = 0;
  let everyoneListening = false;
  const live = new Set<Worker>();
  const listening = new Set<number>();
  const restarts: number[] = [];
  let settle: (code: number) => void = () => undefined;
  const done = new Promise<number>((resolve) => {
    settle = resolve;
  });

  const fork = (): void => {
    const worker = cluster.fork(env);
    live.add(worker);
    serveRateWindow(windows, workerChannel(worker));
  };

  const signalAll = (signal: NodeJS.Signals): void => {
    for (const worker of live) worker.process.kill(signal);
  };

  /** Stops every worker gracefully; a worker that does not stop in time is killed. */
  const stop = (code: number): void => {
    exitCode = Math.max(exitCode, code);
    if (stopping) return;
    stopping = true;
    signalAll("SIGTERM");
    // Each worker's drain has its own limit; this is the backstop.
    setTimeout(() => {
      for (const worker of live) {
        io.err(`wordclip serve: worker ${worker.process.pid} did not stop in time; killing it`);
        worker.process.kill("SIGKILL");
      }
    }, BACKSTOP_MS).unref();
  };

  cluster.on("listening", (worker, address) => {
    listening.add(worker.id);
    if (everyoneListening || listening.size < workers) return;
    everyoneListening = true;
    options.onListening(urlOf(address)).catch((error: unknown) => io.err(String(error)));
  });

  cluster.on("exit", (worker, code, signal) => {
    live.delete(worker);
    const wasListening = listening.delete(worker.id);
    if (!stopping) {
      const how = signal ?? `code ${code}`;
      const nowMs = Date.now();
      restarts.push(nowMs);
      while ((restarts[0] ?? nowMs) < nowMs - RESTART_PERIOD_MS) restarts.shift();
      if (!wasListening) {
        // A worker that never listened failed to start (a bad snapshot, a port in use): so would the others.
        io.err(`wordclip serve: worker ${worker.process.pid} exited (${how}) before it listened; stopping`);
        // Its reason (a port in use: 78) is the command's.
        stop(code > 0 ? code : 1);
      } else if (restarts.length > MAX_RESTARTS) {
        io.err(`wordclip serve: ${restarts.length} workers died within a minute; stopping`);
        stop(1);
      } else {
        io.err(`wordclip serve: worker ${worker.process.pid} exited (${how}); starting another`);
        fork();
      }
    }
    if (stopping && live.size === 0) settle(exitCode);
  });

  const onStop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      // Asked again: stop now.
      signalAll("SIGKILL");
      return;
    }
    io.err(
      `wordclip serve: ${signal}: the workers finish the requests in flight, then stop (again to quit now)`,
    );
    stop(0);
  };
  const onHangUp = (): void => signalAll("SIGHUP");
  process.on("SIGTERM", onStop);
  process.on("SIGINT", onStop);
  process.on("SIGHUP", onHangUp);

  for (let i = 0; i < workers; i++) fork();
  const code = await done;
  process.off("SIGTERM", onStop);
  process.off("SIGINT", onStop);
  process.off("SIGHUP", onHangUp);
  await windows.close();
  return code;
}
