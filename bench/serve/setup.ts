/**
 * Our servers for the serving and access sections, over the main snapshot with access on and real keys,
 * each in a child process: one as shipped (response cache on) and one with the response cache off, so
 * every request does the whole lookup. Workloads are recorded once, and written for the bare server.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { BenchContext } from "../context.js";
import { prepareAccess } from "./access-keys.js";
import { type RunningChild, startChild } from "./child.js";
import { HTTP_OPERATIONS, type HttpOperation, type HttpWorkload, recordWorkloads } from "./workloads.js";

export const SERVER_SCRIPT = new URL("./server-child.js", import.meta.url);
export const BARE_SCRIPT = new URL("./bare-child.js", import.meta.url);

/** Cursors must verify on every instance the benchmark starts. */
const CURSOR_SECRET = "wordclip-benchmark-cursor-secret";

export interface OurServer {
  child: RunningChild;
  /** One key per load run name: each run counts in its own minute window. */
  keys: Map<string, string>;
}

export interface ServingSetup {
  /** As shipped: the response cache on, at its default size. */
  ours: OurServer;
  /** The response cache off (WORDCLIP_RESPONSE_CACHE_MB=0). */
  uncached: OurServer;
  workloads: Map<HttpOperation, HttpWorkload>;
  responsesFile: string;
}

/** Starts our server over `snapshotPath` with access on (fresh store, real keys) or off. */
export async function startOurServer(
  snapshotPath: string,
  dataDir: string,
  access: "on" | "off",
  keyNames: readonly string[],
  env: Record<string, string> = {},
): Promise<OurServer> {
  const keys = await prepareAccess(dataDir, keyNames);
  const child = await startChild(SERVER_SCRIPT, [], {
    WORDCLIP_DATA_DIR: dataDir,
    WORDCLIP_INDEX: snapshotPath,
    WORDCLIP_ACCESS: access,
    WORDCLIP_CURSOR_SECRET: CURSOR_SECRET,
    WORDCLIP_LOG_LEVEL: "warn",
    ...env,
  });
  return { child, keys };
}

export function keyOf(server: OurServer, name: string): string {
  const key = server.keys.get(name);
  if (key === undefined) throw new Error(`bench: the server was started without a key named "${name}"`);
  return key;
}

export const SETUP_KEY = "setup";

export function servingSetup(ctx: BenchContext): Promise<ServingSetup> {
  return ctx.once("serving-setup", async () => {
    const { options, progress } = ctx;
    const snapshot = await ctx.snapshot();
    const index = await ctx.index();
    progress.line("serving: starting our servers (access on; response cache as shipped, and off)");
    const keyNames = [SETUP_KEY, ...HTTP_OPERATIONS];
    const outDir = options.outDir;
    const ours = await startOurServer(snapshot.path, path.join(outDir, "serve-access-on"), "on", keyNames);
    ctx.onCleanup(() => ours.child.stop());
    const uncached = await startOurServer(
      snapshot.path,
      path.join(outDir, "serve-no-cache"),
      "on",
      keyNames,
      {
        WORDCLIP_RESPONSE_CACHE_MB: "0",
      },
    );
    ctx.onCleanup(() => uncached.child.stop());
    const sizes = options.quick
      ? { perOperation: 200, feedSeeds: 20, feedPages: 10 }
      : { perOperation: 1000, feedSeeds: 100, feedPages: 10 };
    const { workloads, responses } = await recordWorkloads(
      { url: ours.child.url, key: keyOf(ours, SETUP_KEY) },
      index,
      options.seed,
      sizes,
      progress,
    );
    const responsesFile = path.join(options.outDir, "bare-responses.json");
    writeFileSync(responsesFile, JSON.stringify(responses));
    return { ours, uncached, workloads: new Map(workloads.map((w) => [w.operation, w])), responsesFile };
  });
}
