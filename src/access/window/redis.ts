/**
 * The minute rate limit in Redis, shared by every node: a fixed window aligned to the clock, one counter
 * per subject and window, checked and counted by one Lua script (so concurrent hits from any number of
 * nodes never admit one request more than the limit). The script is run by its SHA (`EVALSHA`) and sent
 * whole only when Redis answers that it does not have it (`NOSCRIPT`: after a restart or a `SCRIPT FLUSH`).
 * The hits of one turn of the event loop go to Redis as one call of the script, which takes them in order.
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
 * One hit per key, in order: KEYS[i] is a subject's counter for one window, ARGV[2i-1] its limit, ARGV[2i]
 * the milliseconds the counter lives (set on its first hit only). A refused hit is not counted. Returns
 * {admitted_1 (1 or 0), used_1, admitted_2, used_2, …}.
 */
export const HIT_SCRIPT = `local out = {}
for i = 1, #KEYS do
  local used = tonumber(redis.call('GET', KEYS[i]) or '0')
  if used >= tonumber(ARGV[2 * i - 1]) then
    out[2 * i - 1] = 0
  else
    used = redis.call('INCR', KEYS[i])
    if used == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[2 * i]) end
    out[2 * i - 1] = 1
  end
  out[2 * i] = used
end
return out`;

/** Hits sent in one call at most; more wait for the next turn. */
const MAX_BATCH = 256;

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

  async function run(call: { keys: string[]; arguments: string[] }): Promise<number[]> {
    try {
      return (await client.evalSha(scriptSha, call)) as number[];
    } catch (error) {
      if (!String((error as Error)?.message).startsWith("NOSCRIPT")) throw error;
      // EVAL runs the script and keeps it, so the next EVALSHA finds it.
      return (await client.eval(script, call)) as number[];
    }
  }

  interface Waiting {
    key: string;
    limit: number;
    ttlMs: number;
    resolve: (answer: [admitted: number, used: number]) => void;
    reject: (error: unknown) => void;
  }
  const batch: Waiting[] = [];

  function flush(): void {
    const hits = batch.splice(0, MAX_BATCH);
    if (batch.length > 0) setImmediate(flush);
    const call = {
      keys: hits.map((h) => h.key),
      arguments: hits.flatMap((h) => [String(h.limit), String(h.ttlMs)]),
    };
    run(call).then(
      (answers) => {
        for (const [i, hit] of hits.entries()) hit.resolve([answers[2 * i] ?? 0, answers[2 * i + 1] ?? 0]);
      },
      (error: unknown) => {
        for (const hit of hits) hit.reject(error);
      },
    );
  }

  function count(key: string, limit: number, ttlMs: number): Promise<[number, number]> {
    return new Promise((resolve, reject) => {
      if (batch.length === 0) setImmediate(flush);
      batch.push({ key, limit, ttlMs, resolve, reject });
    });
  }

  return {
    scriptSha,
    async hit(subject, limit, nowMs): Promise<WindowHit> {
      const bucket = windowBucket(nowMs, windowMs);
      const ttlMs = (bucket + 1) * windowMs - nowMs + EXPIRY_SLACK_MS;
      const [admitted, used] = await count(keyOf(bucket, subject), limit, ttlMs);
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
