import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error("expected a configuration error");
}

describe("loadConfig: the shared access services and the workers", () => {
  it("runs embedded by default: no database, no Redis, one process", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      databaseUrl: undefined,
      databasePoolMax: 10,
      redisUrl: undefined,
      redisPrefix: "wordclip:",
      workers: 1,
    });
  });

  it("takes a PostgreSQL URL, a Redis URL, a key prefix, a pool size and a number of workers", () => {
    const config = loadConfig({
      WORDCLIP_DATABASE_URL: "postgresql://wordclip:pw@db:5432/wordclip",
      WORDCLIP_DATABASE_POOL: "4",
      WORDCLIP_REDIS_URL: "rediss://cache:6380/1",
      WORDCLIP_REDIS_PREFIX: "prod-eu:",
      WORDCLIP_WORKERS: "auto",
    });
    expect(config).toMatchObject({
      databaseUrl: "postgresql://wordclip:pw@db:5432/wordclip",
      databasePoolMax: 4,
      redisUrl: "rediss://cache:6380/1",
      redisPrefix: "prod-eu:",
      workers: "auto",
    });
    expect(loadConfig({ WORDCLIP_WORKERS: "3", WORDCLIP_DATABASE_URL: "postgres://db/x" })).toMatchObject({
      workers: 3,
      databaseUrl: "postgres://db/x",
    });
  });

  it("names the variable, the value and the values allowed, and never shows a password", () => {
    expect(configError({ WORDCLIP_DATABASE_URL: "mysql://root:hunter2@db/x" })).toBe(
      'WORDCLIP_DATABASE_URL="mysql://root:***@db/x" is not valid: must be a postgresql:// URL (postgresql://user:password@host:5432/database)',
    );
    expect(configError({ WORDCLIP_REDIS_URL: "localhost:6379" })).toBe(
      'WORDCLIP_REDIS_URL="localhost:6379" is not valid: must be a redis:// or rediss:// URL (redis://host:6379)',
    );
    expect(configError({ WORDCLIP_WORKERS: "0" })).toBe(
      'WORDCLIP_WORKERS="0" is not valid: must be "auto" (one process per core) or a whole number of processes from 1 to 1024',
    );
    expect(configError({ WORDCLIP_WORKERS: "many" })).toContain('WORDCLIP_WORKERS="many" is not valid');
    expect(configError({ WORDCLIP_DATABASE_POOL: "0" })).toContain("from 1 to 1000");
    expect(configError({ WORDCLIP_REDIS_PREFIX: "has space" })).toContain("WORDCLIP_REDIS_PREFIX");
  });

  it("never shows a cursor secret it refuses, only its length", () => {
    const message = configError({ WORDCLIP_CURSOR_SECRET: "s3cr\u00e9t-short" });
    expect(message).toBe(
      "WORDCLIP_CURSOR_SECRET (12 characters, not shown) is not valid: must be a secret of at least 16 characters",
    );
    expect(loadConfig({ WORDCLIP_CURSOR_SECRET: "s3cr\u00e9t-long-enough" }).cursorSecret).toBe(
      "s3cr\u00e9t-long-enough",
    );
  });
});

describe("loadConfig: whole numbers, levels and origins", () => {
  it.each(["1.5", "0x4A5B", "1.8603e4", " 8080", "-1", "99999"])(
    "refuses WORDCLIP_PORT=%j, naming the allowed values",
    (port) => {
      expect(() => loadConfig({ WORDCLIP_PORT: port })).toThrow(
        `WORDCLIP_PORT=${JSON.stringify(port)} is not valid: must be a whole number from 0 to 65535, in decimal digits`,
      );
    },
  );

  it("takes a port in decimal digits", () => {
    expect(loadConfig({ WORDCLIP_PORT: "18603" }).port).toBe(18603);
  });

  it("lists the log levels when one is not known", () => {
    expect(() => loadConfig({ WORDCLIP_LOG_LEVEL: "loud" })).toThrow(
      'WORDCLIP_LOG_LEVEL="loud" is not valid: must be one of fatal, error, warn, info, debug, trace, silent',
    );
  });

  it("reads CORS origins: any by default, a list, or off", () => {
    expect(loadConfig({}).corsOrigins).toBe("*");
    expect(
      loadConfig({ WORDCLIP_CORS_ORIGINS: "https://a.example,http://localhost:5173" }).corsOrigins,
    ).toEqual(["https://a.example", "http://localhost:5173"]);
    expect(loadConfig({ WORDCLIP_CORS_ORIGINS: "off" }).corsOrigins).toEqual([]);
    expect(() => loadConfig({ WORDCLIP_CORS_ORIGINS: "a.example" })).toThrow(
      /WORDCLIP_CORS_ORIGINS="a.example"/,
    );
  });
});

describe("loadConfig: snapshot checks", () => {
  it("checks the snapshot file every 5 s by default, as often as asked, or only on SIGHUP with 0", () => {
    expect(loadConfig({}).snapshotCheckEveryMs).toBe(5_000);
    expect(loadConfig({ WORDCLIP_SNAPSHOT_CHECK_SECONDS: "30" }).snapshotCheckEveryMs).toBe(30_000);
    expect(loadConfig({ WORDCLIP_SNAPSHOT_CHECK_SECONDS: "0" }).snapshotCheckEveryMs).toBe(0);
    expect(configError({ WORDCLIP_SNAPSHOT_CHECK_SECONDS: "0.5" })).toBe(
      'WORDCLIP_SNAPSHOT_CHECK_SECONDS="0.5" is not valid: must be a whole number of seconds from 0 to 86400 between checks of the snapshot file (0: only on SIGHUP)',
    );
  });

  it("keeps 64 MB of posting blocks a snapshot by default, as many as asked, at least 1", () => {
    expect(loadConfig({}).blockCacheBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ WORDCLIP_BLOCK_CACHE_MB: "8" }).blockCacheBytes).toBe(8 * 1024 * 1024);
    expect(configError({ WORDCLIP_BLOCK_CACHE_MB: "0" })).toBe(
      'WORDCLIP_BLOCK_CACHE_MB="0" is not valid: must be a whole number of megabytes from 1 to 65536 for the posting blocks each open snapshot keeps in memory',
    );
  });
});

describe("loadConfig: proxies in front", () => {
  it("trusts no proxy by default, one for true, and as many as a whole number says", () => {
    expect(loadConfig({}).trustedProxyHops).toBe(0);
    expect(loadConfig({ WORDCLIP_TRUST_PROXY: "" }).trustedProxyHops).toBe(0);
    expect(loadConfig({ WORDCLIP_TRUST_PROXY: "false" }).trustedProxyHops).toBe(0);
    expect(loadConfig({ WORDCLIP_TRUST_PROXY: "true" }).trustedProxyHops).toBe(1);
    expect(loadConfig({ WORDCLIP_TRUST_PROXY: "TRUE" }).trustedProxyHops).toBe(1);
    expect(loadConfig({ WORDCLIP_TRUST_PROXY: "1" }).trustedProxyHops).toBe(1);
    expect(loadConfig({ WORDCLIP_TRUST_PROXY: "0" }).trustedProxyHops).toBe(0);
    expect(loadConfig({ WORDCLIP_TRUST_PROXY: "2" }).trustedProxyHops).toBe(2);
    expect(loadConfig({ WORDCLIP_TRUST_PROXY: "10" }).trustedProxyHops).toBe(10);
  });

  it.each(["11", "-1", "1.5", "2.0", "0x2", "1e1", " 2", "yes", "on", "all", "10.0.0.0/8", "loopback"])(
    "refuses WORDCLIP_TRUST_PROXY=%j, naming the allowed values",
    (value) => {
      expect(configError({ WORDCLIP_TRUST_PROXY: value })).toBe(
        `WORDCLIP_TRUST_PROXY=${JSON.stringify(value)} is not valid: must be "false" (no proxy in front), "true" (one proxy) or the number of proxies in front, a whole number from 1 to 10`,
      );
    },
  );
});
