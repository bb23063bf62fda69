/**
 * The minute rate limit in Redis, shared by every node: a fixed window aligned to the clock, one counter
 * per subject and window, checked and counted by one Lua script (so concurrent hits from any number of
 * nodes never admit one request more than the limit). The script is run by its SHA (`EVALSHA`) and sent
 * whole only when Redis answers that it does not have it (`NOSCRIPT`: after a restart or a `SCRIPT FLUSH`).
 */
import { createHash } from "node:crypto";
import type { RedisClient } from "../redis-connection.js";
import {
  bucketResetAtS,
  MINUTE_MS,
  type RateWindow,
  type WindowHit,
  type WindowState,
  windowBucket,
} from "./interface.js";

/**
 * KEYS[1]: the subject's counter for one window. ARGV[1]: the limit. ARGV[2]: milliseconds the counter
 * lives, set on the first hit only. A refused request is not counted. Returns {admitted (1 or 0), used}.
 */
export const HIT_SCRIPT = `local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used >= tonumber(ARGV[1]) then return {0, used} end
used = redis.call('INCR', KEYS[1])
if used == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return {1, used}`;

/** A counter outlives its window by this much, for nodes whose clocks run a little behind. */
const EXPIRY_SLACK_MS = 5_000;

export interface RedisRateWindowOptions {
  client: RedisClient;
  /** Put before every key (`wordclip:`), so several deployments or tests can share one Redis. */
  prefix: string;
  windowMs?: number;
  /** Appended to the script as a Lua comment: a script Redis has not seen, for the NOSCRIPT test. */
  scriptTag?: string;
}

/** A window in a shared service: `ping` says whether it answers (the fallback probes with it). */
export interface SharedRateWindow extends RateWindow {
  ping(): Promise<void>;
}

export function createRedisRateWindow(options: RedisRateWindowOptions): SharedRateWindow & {
  readonly scriptSha: string;
} {
  const { client, prefix } = options;
  const windowMs = options.windowMs ?? MINUTE_MS;
  const script = options.scriptTag === undefined ? HIT_SCRIPT : `${HIT_SCRIPT}\n-- ${options.scriptTag}`;
  const scriptSha = createHash("sha1").update(script).digest("hex");
  const keyOf = (bucket: number, subject: string) => `${prefix}rl:${windowMs}:${bucket}:${subject}`;

  async function run(key: string, limit: number, ttlMs: number): Promise<[number, number]> {
    const call = { keys: [key], arguments: [String(limit), String(ttlMs)] };
    try {
      return (await client.evalSha(scriptSha, call)) as [number, number];
    } catch (error) {
      if (!String((error as Error)?.message).startsWith("NOSCRIPT")) throw error;
      // EVAL runs the script and keeps it, so the next EVALSHA finds it.
      return (await client.eval(script, call)) as [number, number];
    }
  }

  return {
    scriptSha,
    async hit(subject, limit, nowMs): Promise<WindowHit> {
      const bucket = windowBucket(nowMs, windowMs);
      const ttlMs = (bucket + 1) * windowMs - nowMs + EXPIRY_SLACK_MS;
      const [admitted, used] = await run(keyOf(bucket, subject), limit, ttlMs);
      return {
        admitted: admitted === 1,
        limit,
        remaining: Math.max(0, limit - used),
        resetAtS: bucketResetAtS(bucket, windowMs),
      };
    },
    async peek(subject, limit, nowMs): Promise<WindowState> {
      const bucket = windowBucket(nowMs, windowMs);
      const used = Number((await client.get(keyOf(bucket, subject))) ?? 0);
      return { limit, remaining: Math.max(0, limit - used), resetAtS: bucketResetAtS(bucket, windowMs) };
    },
    async ping() {
      await client.ping();
    },
    // The connection is the factory's: several windows and the change notices share it.
    async close() {},
  };
}
