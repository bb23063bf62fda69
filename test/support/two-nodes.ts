/**
 * Two server processes on one new PostgreSQL database and one Redis key prefix, deployed as an operator
 * deploys nodes behind a load balancer: the schema migrated once, then both started together over the same
 * snapshot and cursor secret.
 */
import path from "node:path";
import { openAccessStore } from "../../src/access/factory.js";
import type { AccessStore } from "../../src/access/store/interface.js";
import { okCli } from "./cli.js";
import { type NodeProcess, startNode } from "./node.js";
import { createTestDatabase, type TestDatabase } from "./postgres.js";
import { buildTestSnapshot, processScratchDir } from "./snapshot.js";

export interface TwoNodes {
  /** The nodes' environment, for the CLI and for nodes started again. */
  env: Record<string, string>;
  db: TestDatabase;
  a: NodeProcess;
  b: NodeProcess;
  /** The shared access store, as the operator's tools open it. */
  store: AccessStore;
}

/** `name` names the scratch folders; `prefix` is the Redis key prefix (the caller deletes its keys). */
export async function startTwoNodes(
  name: string,
  services: { databaseUrl: string; redisUrl: string; prefix: string },
): Promise<TwoNodes> {
  const db = await createTestDatabase(services.databaseUrl);
  const snapshot = await buildTestSnapshot(path.join(processScratchDir(), name), { generatedClips: 0 });
  const env = {
    WORDCLIP_DATA_DIR: path.join(processScratchDir(), `${name}-data`),
    WORDCLIP_INDEX: snapshot.path,
    WORDCLIP_CURSOR_SECRET: "a cursor secret both nodes share",
    WORDCLIP_DATABASE_URL: db.url,
    WORDCLIP_REDIS_URL: services.redisUrl,
    WORDCLIP_REDIS_PREFIX: services.prefix,
    // Few connections: the test database server is shared with other test files and users.
    WORDCLIP_DATABASE_POOL: "4",
  };
  await okCli(env, "migrate");
  const [a, b] = await Promise.all([startNode({ env }), startNode({ env })]);
  const store = await openAccessStore({ accessDbPath: "", databaseUrl: db.url });
  return { env, db, a, b, store };
}
