/**
 * One worker of `wordclip serve --workers N`: the same server as a single process, on the port the
 * workers share, with its minute windows asked of the primary over IPC (exact across workers). It stops
 * on SIGTERM or SIGINT, finishing the requests in flight, and when the primary is gone.
 */
import cluster from "node:cluster";
import { createIpcRateWindow, type IpcChannel } from "../access/window/ipc.js";
import type { Config } from "../config.js";
import { startServer } from "./start-server.js";

/** This process's side of the cluster's IPC channel. */
function primaryChannel(): IpcChannel {
  return {
    send(message) {
      if (!process.connected) return;
      // A message that cannot be sent any more (the primary is going away) fails its hit; nothing to do here.
      process.send?.(message, undefined, {}, () => undefined);
    },
    onMessage(listener) {
      process.on("message", listener);
      return () => process.off("message", listener);
    },
    onClose(listener) {
      process.once("disconnect", listener);
    },
  };
}

export async function runWorker(config: Config): Promise<number> {
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer(config, { nodeWindow: createIpcRateWindow(primaryChannel()) });
  } catch (error) {
    // Without its channel to the primary the process can end (the worker's own `disconnect`, so the process
    // ends with the command's exit code, not 0); the error is reported as in one process.
    cluster.worker?.disconnect();
    throw error;
  }
  const stopped = new Promise<string>((resolve) => {
    // The first signal stops; later ones (the primary passing on a terminal's Ctrl-C) change nothing.
    const stop = (reason: string) => resolve(reason);
    process.on("SIGTERM", () => stop("SIGTERM"));
    process.on("SIGINT", () => stop("SIGINT"));
    process.once("disconnect", () => stop("the primary process is gone"));
  });
  await stopped;
  await server.close();
  // The channel to the primary would keep this process alive; closing it lets the process end.
  if (process.connected) process.disconnect();
  return 0;
}
