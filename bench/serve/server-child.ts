/**
 * Child process entry: our server, started through `startServer` from the `WORDCLIP_*` environment the
 * benchmark sets (snapshot, data folder, port, access on or off), with request logging off.
 */
import { startServer } from "../../src/cli/start-server.js";
import { loadConfig } from "../../src/config.js";

try {
  const server = await startServer(loadConfig(), { logger: false });
  const stop = (): void => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
} catch (error) {
  process.stderr.write(`bench server: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
}
