/**
 * The PostgreSQL and Redis the scale-out benchmark runs against: `WORDCLIP_BENCH_DATABASE_URL` and
 * `WORDCLIP_BENCH_REDIS_URL`, by default the local servers the peer section uses too. The run makes a
 * database and a Redis key prefix of its own and removes both when it ends.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { createClient } from "redis";

export const DEFAULT_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/test";
export const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";

export interface BenchServices {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  /** Drops the database and deletes the keys under the prefix. */
  remove(): Promise<void>;
}

/** The services, or why they cannot be used (the section then says so instead of measuring). */
export async function benchServices(env: NodeJS.ProcessEnv): Promise<BenchServices | string> {
  const serverUrl = env.WORDCLIP_BENCH_DATABASE_URL || DEFAULT_DATABASE_URL;
  const redisUrl = env.WORDCLIP_BENCH_REDIS_URL || DEFAULT_REDIS_URL;
  const name = `wordclip_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    return `PostgreSQL at ${serverUrl} (WORDCLIP_BENCH_DATABASE_URL): ${(error as Error).message}`;
  } finally {
    await admin.end().catch(() => undefined);
  }
  const drop = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
  const redis = createClient({ url: redisUrl, socket: { connectTimeout: 5_000, reconnectStrategy: false } });
  redis.on("error", () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    await drop();
    return `Redis at ${redisUrl} (WORDCLIP_BENCH_REDIS_URL): ${(error as Error).message}`;
  } finally {
    redis.destroy();
  }
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  const redisPrefix = `wordclip-bench:${randomBytes(4).toString("hex")}:`;
  return {
    databaseUrl: databaseUrl.toString(),
    redisUrl,
    redisPrefix,
    async remove() {
      await drop();
      const client = createClient({ url: redisUrl });
      await client.connect();
      for await (const keys of client.scanIterator({ MATCH: `${redisPrefix}*`, COUNT: 1000 })) {
        if (keys.length > 0) await client.del(keys);
      }
      client.destroy();
    },
  };
}
