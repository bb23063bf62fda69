/**
 * Redis for tests: the server named by `WORDCLIP_TEST_REDIS_URL`, shared with other users, so every test
 * file uses key prefixes of its own and deletes only the keys under them. Without the variable the tests
 * that need it are not run, and a warning says so.
 */
import { randomBytes } from "node:crypto";
import { createClient } from "redis";

export const TEST_REDIS_VARIABLE = "WORDCLIP_TEST_REDIS_URL";

/** The server's URL, or undefined after printing a warning that names the variable and `what` is not run. */
export function testRedisUrl(what: string): string | undefined {
  const url = process.env[TEST_REDIS_VARIABLE];
  if (url === undefined || url === "") {
    console.warn(`WARNING: ${TEST_REDIS_VARIABLE} is not set: ${what} are NOT RUN (they need Redis)`);
    return undefined;
  }
  return url;
}

/** A key prefix no other test file or run uses: `wordclip-test:<random>:`. */
export function testRedisPrefix(): string {
  return `wordclip-test:${randomBytes(6).toString("hex")}:`;
}

/** Deletes every key under `prefix` (and nothing else). */
export async function deleteRedisPrefix(url: string, prefix: string): Promise<void> {
  const client = createClient({ url });
  await client.connect();
  try {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
      if (keys.length > 0) await client.del(keys);
    }
  } finally {
    client.destroy();
  }
}
