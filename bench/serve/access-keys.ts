/**
 * The access set-up of a server under test: a fresh access store in its data folder with a plan whose
 * limits are never reached, one account, and real keys, so every request pays for the real checks
 * (key lookup, minute window, monthly quota) without ever being refused.
 */
import { mkdirSync, rmSync } from "node:fs";
import { openAccessStore } from "../../src/access/factory.js";
import { MAX_PER_MINUTE, MAX_PER_MONTH } from "../../src/access/store/plans.js";
import { loadConfig } from "../../src/config.js";

export const BENCH_PLAN = "bench";

/** Empties `dataDir` and returns a key secret for each name (one per load run keeps windows apart). */
export async function prepareAccess(
  dataDir: string,
  keyNames: readonly string[],
): Promise<Map<string, string>> {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const store = await openAccessStore(loadConfig({ WORDCLIP_DATA_DIR: dataDir }));
  try {
    await store.setPlan(BENCH_PLAN, {
      perMinute: MAX_PER_MINUTE,
      perMonth: MAX_PER_MONTH,
      description: "Benchmarks: limits high enough never to be reached",
    });
    const account = await store.createAccount({ plan: BENCH_PLAN, name: "benchmark" });
    const keys = new Map<string, string>();
    for (const name of keyNames) {
      const { secret } = await store.createKey({ accountId: account.id, name });
      keys.set(name, secret);
    }
    return keys;
  } finally {
    await store.close();
  }
}
