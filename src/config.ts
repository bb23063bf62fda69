/** Configuration from `WORDCLIP_*` environment variables, parsed once at start-up through one schema. */
import path from "node:path";
import Type, { type Static } from "typebox";
import { Value } from "typebox/value";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/** More proxies than this in front of one server is a mistake in the setting, not a deployment. */
const MAX_PROXY_HOPS = 10;

const EnvSchema = Type.Object({
  WORDCLIP_DATA_DIR: Type.String({
    minLength: 1,
    default: ".wordclip",
    description: "snapshot, access database, cursor secret",
  }),
  WORDCLIP_INDEX: Type.Optional(
    Type.String({ minLength: 1, description: "snapshot path; overrides the data folder's" }),
  ),
  WORDCLIP_HOST: Type.String({ minLength: 1, default: "127.0.0.1" }),
  WORDCLIP_PORT: Type.Integer({
    minimum: 0,
    maximum: 65535,
    default: 8080,
    allowed: "a whole number from 0 to 65535, in decimal digits",
  }),
  WORDCLIP_CURSOR_SECRET: Type.Optional(
    Type.String({ minLength: 16, allowed: "a secret of at least 16 characters", secret: true }),
  ),
  WORDCLIP_TRUST_PROXY: Type.Union([Type.Boolean(), Type.Integer({ minimum: 1, maximum: MAX_PROXY_HOPS })], {
    default: false,
    allowed: `"false" (no proxy in front), "true" (one proxy) or the number of proxies in front, a whole number from 1 to ${MAX_PROXY_HOPS}`,
  }),
  WORDCLIP_LOG_LEVEL: Type.Union(
    LOG_LEVELS.map((l) => Type.Literal(l)),
    { default: "info", allowed: `one of ${LOG_LEVELS.join(", ")}` },
  ),
  WORDCLIP_ACCESS: Type.Union([Type.Literal("on"), Type.Literal("off")], {
    default: "on",
    allowed: "on or off (off serves without keys, rate limit or quota; for benchmarks only)",
    description: "off serves without keys, rate limit or quota; for benchmarks only",
  }),
  WORDCLIP_RESPONSE_CACHE_MB: Type.Integer({
    minimum: 0,
    maximum: 65536,
    default: 64,
    description: "memory for answers kept per snapshot and URL, in megabytes; 0 turns the cache off",
  }),
  WORDCLIP_BLOCK_CACHE_MB: Type.Integer({
    minimum: 1,
    maximum: 65536,
    default: 64,
    allowed:
      "a whole number of megabytes from 1 to 65536 for the posting blocks each open snapshot keeps in memory",
    description: "memory for posting blocks read from the snapshot, in megabytes, per snapshot open",
  }),
  WORDCLIP_DATABASE_URL: Type.Optional(
    Type.String({
      pattern: "^postgres(ql)?://",
      allowed: "a postgresql:// URL (postgresql://user:password@host:5432/database)",
    }),
  ),
  WORDCLIP_DATABASE_POOL: Type.Integer({
    minimum: 1,
    maximum: 1000,
    default: 10,
    allowed: "a whole number of connections per process from 1 to 1000",
  }),
  WORDCLIP_REDIS_URL: Type.Optional(
    Type.String({ pattern: "^rediss?://", allowed: "a redis:// or rediss:// URL (redis://host:6379)" }),
  ),
  WORDCLIP_REDIS_PREFIX: Type.String({
    pattern: "^[A-Za-z0-9:_.-]{1,64}$",
    default: "wordclip:",
    allowed: "1 to 64 letters, digits, ':', '_', '.' or '-'",
  }),
  WORDCLIP_CORS_ORIGINS: Type.String({
    pattern: "^(\\*|off|https?://[^,\\s]+(,https?://[^,\\s]+)*)$",
    default: "*",
    allowed:
      '"*" (any origin), "off" (no CORS headers), or a comma-separated list of origins (https://app.example,http://localhost:5173)',
  }),
  WORDCLIP_MAX_CONNECTIONS: Type.Integer({
    minimum: 1,
    maximum: 1_000_000,
    default: 4096,
    allowed: "a whole number of open connections per process from 1 to 1000000",
  }),
  WORDCLIP_SNAPSHOT_CHECK_SECONDS: Type.Integer({
    minimum: 0,
    maximum: 86_400,
    default: 5,
    allowed:
      "a whole number of seconds from 0 to 86400 between checks of the snapshot file (0: only on SIGHUP)",
  }),
  WORDCLIP_WORKERS: Type.Union([Type.Literal("auto"), Type.Integer({ minimum: 1, maximum: 1024 })], {
    default: 1,
    allowed: '"auto" (one process per core) or a whole number of processes from 1 to 1024',
  }),
});

type Env = Static<typeof EnvSchema>;

export interface Config {
  dataDir: string;
  indexPath: string;
  accessDbPath: string;
  host: string;
  port: number;
  /** Undefined: the data folder's generated secret is used. */
  cursorSecret: string | undefined;
  /**
   * Proxies in front of the server whose `X-Forwarded-For` entries are believed (0: none, the header is
   * ignored): the client address is the entry that many places from the right.
   */
  trustedProxyHops: number;
  logLevel: string;
  accessEnabled: boolean;
  /** Bytes of serialized answers kept in memory; 0 when off. */
  responseCacheBytes: number;
  /** Bytes of posting blocks each open snapshot keeps in memory, inflated. */
  blockCacheBytes: number;
  /** The shared access store; undefined: the SQLite file `accessDbPath`. */
  databaseUrl: string | undefined;
  /** PostgreSQL connections each process keeps at most. */
  databasePoolMax: number;
  /** The shared minute windows and change notices; undefined: each node counts its own windows. */
  redisUrl: string | undefined;
  /** Put before every Redis key and channel, so deployments can share one Redis. */
  redisPrefix: string;
  /** Server processes of `wordclip serve`: a number, or "auto" for one per core. */
  workers: number | "auto";
  /** Origins browsers may call the API from: "*", or a list (empty: no CORS headers). */
  corsOrigins: "*" | readonly string[];
  /** Open connections one process accepts; more are closed as they arrive. */
  maxConnections: number;
  /** How often each process looks for a new snapshot file; 0: only when sent SIGHUP. */
  snapshotCheckEveryMs: number;
}

/** A setting that cannot be used; the message names the variable and the value. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const relevant: Record<string, string> = {};
  for (const key of Object.keys(EnvSchema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== "") relevant[key] = value;
  }
  const parsed = Value.Default(EnvSchema, Value.Convert(EnvSchema, { ...relevant }));
  const problem = notDecimal(relevant) ?? Value.Errors(EnvSchema, parsed)[0];
  if (problem) {
    const name = problem.instancePath.replace(/^\//, "").split("/")[0] ?? "";
    const schema = (
      EnvSchema.properties as Record<string, { description?: string; allowed?: string; secret?: boolean }>
    )[name];
    const given = relevant[name] ?? "";
    // A secret is never printed, not even a wrong one: it may be a real secret set on the wrong variable.
    const setting = schema?.secret
      ? `${name} (${[...given].length} characters, not shown)`
      : `${name}=${JSON.stringify(withoutPassword(given))}`;
    if (schema?.allowed) throw new ConfigError(`${setting} is not valid: must be ${schema.allowed}`);
    const hint = schema?.description ? ` (${schema.description})` : "";
    throw new ConfigError(`${setting} is not valid: ${problem.message}${hint}`);
  }
  const e = parsed as Env;
  const dataDir = path.resolve(e.WORDCLIP_DATA_DIR);
  return {
    dataDir,
    indexPath: path.resolve(e.WORDCLIP_INDEX ?? path.join(dataDir, "index.sqlite")),
    accessDbPath: path.join(dataDir, "access.sqlite"),
    host: e.WORDCLIP_HOST,
    port: e.WORDCLIP_PORT,
    cursorSecret: e.WORDCLIP_CURSOR_SECRET,
    trustedProxyHops: proxyHops(e.WORDCLIP_TRUST_PROXY),
    logLevel: e.WORDCLIP_LOG_LEVEL,
    accessEnabled: e.WORDCLIP_ACCESS === "on",
    responseCacheBytes: e.WORDCLIP_RESPONSE_CACHE_MB * 1024 * 1024,
    blockCacheBytes: e.WORDCLIP_BLOCK_CACHE_MB * 1024 * 1024,
    databaseUrl: e.WORDCLIP_DATABASE_URL,
    databasePoolMax: e.WORDCLIP_DATABASE_POOL,
    redisUrl: e.WORDCLIP_REDIS_URL,
    redisPrefix: e.WORDCLIP_REDIS_PREFIX,
    workers: e.WORDCLIP_WORKERS,
    corsOrigins:
      e.WORDCLIP_CORS_ORIGINS === "*"
        ? "*"
        : e.WORDCLIP_CORS_ORIGINS === "off"
          ? []
          : e.WORDCLIP_CORS_ORIGINS.split(","),
    maxConnections: e.WORDCLIP_MAX_CONNECTIONS,
    snapshotCheckEveryMs: e.WORDCLIP_SNAPSHOT_CHECK_SECONDS * 1000,
  };
}

/**
 * Whole-number settings are written in decimal digits only: conversion alone would take `1.5`, `0x4A5B`
 * and `1.8603e4` and bind ports 1, 19035 and 18603.
 */
function notDecimal(relevant: Record<string, string>): { instancePath: string; message: string } | undefined {
  for (const [name, value] of Object.entries(relevant)) {
    const schema = (
      EnvSchema.properties as Record<string, { type?: string; anyOf?: Array<{ type?: string }> }>
    )[name];
    const integer = schema?.type === "integer" || schema?.anyOf?.some((part) => part.type === "integer");
    // A word ("auto", "true", "TRUE") is left to the schema of a setting that takes words too.
    if (integer && !/^[0-9]+$/.test(value) && !(schema?.anyOf && /^[a-z]+$/i.test(value)))
      return { instancePath: `/${name}`, message: "must be a whole number in decimal digits" };
  }
  return undefined;
}

/**
 * `true` is one proxy, the common case: the client address is the last `X-Forwarded-For` entry, the one that
 * proxy wrote. (It once meant every hop trusted, and so the leftmost entry: the one the client writes.)
 */
function proxyHops(setting: boolean | number): number {
  if (typeof setting === "number") return setting;
  return setting ? 1 : 0;
}

/** A value as an error message may show it: the password of a URL (`//user:password@`) masked. */
function withoutPassword(value: string): string {
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*:)[^@/]*@/i, "$1***@");
}
