/**
 * WORDCLIP_TRUST_PROXY end to end, over real sockets: the per-address windows (requests without a valid key,
 * the web site's routes) count the X-Forwarded-For entry as many places from the right as there are trusted
 * proxies, never an entry a client wrote to the left of it and never a value that is not an IP address; with
 * the setting off the header is ignored. Answers made in front of the framework (log level above info) and
 * answers made by the framework (every request logged) count the same address.
 */
import { mkdtempSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../src/cli/start-server.js";
import { loadConfig } from "../src/config.js";
import { awayFromMinuteEnd, expectError, SLOW_TESTS } from "./support/api-checks.js";
import { type ApiResponse, apiRequest } from "./support/server.js";
import { copyTestSnapshot, processScratchDir, sharedTestSnapshot } from "./support/snapshot.js";

/** Requests without a valid key one address may make a minute (the contract's). */
const ANONYMOUS_PER_MINUTE = 60;
/** The site's routes, per address: small, so a test fills the window in a few requests. */
const SITE_PER_MINUTE = 5;

/**
 * Log level "silent": cached and plain GETs are answered in front of the framework. Level "info": every
 * request is logged, so every one goes through the framework and its `request.ip`.
 */
const PATHS = [
  ["answered in front of the framework where they can be", "silent"],
  ["every request going through the framework", "info"],
] as const;

/** The real server over a copy of the test snapshot, with this WORDCLIP_TRUST_PROXY (unset: the default). */
async function startBehind(trustProxy: string | undefined, logLevel = "silent"): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(processScratchDir(), "trust-proxy-"));
  copyTestSnapshot(await sharedTestSnapshot(), path.join(dataDir, "index.sqlite"));
  const config = loadConfig({
    WORDCLIP_DATA_DIR: dataDir,
    WORDCLIP_HOST: "127.0.0.1",
    WORDCLIP_PORT: "0",
    WORDCLIP_LOG_LEVEL: logLevel,
    ...(trustProxy === undefined ? {} : { WORDCLIP_TRUST_PROXY: trustProxy }),
  });
  // The site's settings are read from the environment at start-up.
  const saved = process.env.WORDCLIP_SITE_PER_MINUTE;
  process.env.WORDCLIP_SITE_PER_MINUTE = String(SITE_PER_MINUTE);
  try {
    if (logLevel === "silent") return await startServer(config, { logger: false });
    const discard = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    return await startServer(config, { logStream: discard });
  } finally {
    if (saved === undefined) delete process.env.WORDCLIP_SITE_PER_MINUTE;
    else process.env.WORDCLIP_SITE_PER_MINUTE = saved;
  }
}

/**
 * `count` GETs of `pathAndQuery`, one after another within one clock minute, the i-th with the headers
 * `headersOf(i)`; every other one is conditional (an ETag that never matches), which the framework answers
 * even where a plain GET is answered in front of it.
 */
async function burst(
  server: RunningServer,
  pathAndQuery: string,
  count: number,
  headersOf: (i: number) => Record<string, string>,
): Promise<ApiResponse[]> {
  await awayFromMinuteEnd();
  const answers: ApiResponse[] = [];
  for (let i = 0; i < count; i++) {
    const conditional = i % 2 === 1 ? { "if-none-match": '"never-this"' } : {};
    answers.push(
      await apiRequest(server.url, pathAndQuery, { headers: { ...headersOf(i), ...conditional } }),
    );
  }
  return answers;
}

/** Every answer but the last admitted in one window, its remaining count going down by one; the last 429. */
function expectOneWindowFilled(answers: ApiResponse[], status: number, address: string): void {
  const admitted = answers.slice(0, -1);
  admitted.forEach((answer, i) => {
    expect(answer.status, `request ${i}: ${answer.text}`).toBe(status);
    expect(answer.headers.get("x-ratelimit-limit"), `request ${i}`).toBe(String(ANONYMOUS_PER_MINUTE));
    expect(answer.headers.get("x-ratelimit-remaining"), `request ${i}: ${answer.text}`).toBe(
      String(ANONYMOUS_PER_MINUTE - 1 - i),
    );
  });
  const last = answers.at(-1) as ApiResponse;
  expectError(last, 429, "rate_limited");
  expect(last.body.error.message, last.text).toContain(`requests without a valid API key from ${address};`);
}

describe.each(PATHS)("WORDCLIP_TRUST_PROXY=true (one proxy in front), %s", (_what, logLevel) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startBehind("true", logLevel);
  });
  afterAll(async () => {
    await server?.close();
  });

  it(
    "counts requests without a key in the last X-Forwarded-For entry's window, whatever the client wrote to its left: the 61st is 429",
    SLOW_TESTS,
    async () => {
      // As nginx's $proxy_add_x_forwarded_for or an AWS ALB pass it on: the client's header, then its address.
      const answers = await burst(server, "/v1/corpus", ANONYMOUS_PER_MINUTE + 1, (i) => ({
        "x-forwarded-for": `10.${i}.0.1, 198.51.100.${i}, 203.0.113.7`,
      }));
      expectOneWindowFilled(answers, 200, "203.0.113.7");
      // Another client behind the same proxy has a window of its own.
      const other = await apiRequest(server.url, "/v1/corpus", {
        headers: { "x-forwarded-for": "10.0.0.1, 203.0.113.8" },
      });
      expect(other.status, other.text).toBe(200);
      expect(other.headers.get("x-ratelimit-remaining")).toBe(String(ANONYMOUS_PER_MINUTE - 1));
    },
  );

  it(
    "slows a flood of invalid keys per client address, whatever the client wrote to the left",
    SLOW_TESTS,
    async () => {
      const answers = await burst(server, "/v1/words/run/clips?limit=2", ANONYMOUS_PER_MINUTE + 1, (i) => ({
        authorization: `Bearer wc_${"0".repeat(20)}${String(i).padStart(4, "0")}`,
        "x-forwarded-for": `10.0.${i}.1, 203.0.113.9`,
      }));
      expectOneWindowFilled(answers, 401, "203.0.113.9");
    },
  );

  it("never takes a value that is not an IP address: it counts in the connection's window", async () => {
    await awayFromMinuteEnd();
    const remaining = async (headers: Record<string, string>) => {
      const answer = await apiRequest(server.url, "/v1/corpus", { headers });
      expect(answer.status, answer.text).toBe(200);
      return Number(answer.headers.get("x-ratelimit-remaining"));
    };
    const first = await remaining({});
    const forwarded = [
      "x".repeat(3000),
      "unknown",
      "203.0.113.7:41234",
      "[2001:db8::7]",
      "203.0.113.10, not-an-address",
      `${"y".repeat(2000)}, 203.0.113.11, ${"z".repeat(2000)}`,
    ];
    for (const [i, value] of forwarded.entries()) {
      expect(await remaining({ "x-forwarded-for": value }), value.slice(0, 64)).toBe(first - 1 - i);
    }
    expect(await remaining({})).toBe(first - 1 - forwarded.length);
  });

  it("limits the site's routes per client address, whatever the client wrote to the left", async () => {
    await awayFromMinuteEnd();
    const answers: ApiResponse[] = [];
    for (let i = 0; i <= SITE_PER_MINUTE; i++) {
      answers.push(
        await apiRequest(server.url, "/site/v1/corpus", {
          headers: { "x-forwarded-for": `10.1.${i}.1, 203.0.113.12` },
        }),
      );
    }
    for (const [i, answer] of answers.slice(0, -1).entries())
      expect(answer.status, `${i}: ${answer.text}`).toBe(200);
    expectError(answers.at(-1) as ApiResponse, 429, "rate_limited");
    const other = await apiRequest(server.url, "/site/v1/corpus", {
      headers: { "x-forwarded-for": "10.1.0.1, 203.0.113.13" },
    });
    expect(other.status, other.text).toBe(200);
  });
});

describe("WORDCLIP_TRUST_PROXY=2 (two proxies in front)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startBehind("2");
  });
  afterAll(async () => {
    await server?.close();
  });

  it(
    "counts requests in the window of the second entry from the right: the 61st is 429",
    SLOW_TESTS,
    async () => {
      const answers = await burst(server, "/v1/corpus", ANONYMOUS_PER_MINUTE + 1, (i) => ({
        "x-forwarded-for": `10.${i}.0.1, 203.0.113.20, 10.0.0.2`,
      }));
      expectOneWindowFilled(answers, 200, "203.0.113.20");
      // The proxy nearest the server forwards for others too: its own entry is not the client's.
      const other = await apiRequest(server.url, "/v1/corpus", {
        headers: { "x-forwarded-for": "203.0.113.21, 10.0.0.2" },
      });
      expect(other.headers.get("x-ratelimit-remaining"), other.text).toBe(String(ANONYMOUS_PER_MINUTE - 1));
    },
  );

  it("stops at the entry before one that is not an IP address", SLOW_TESTS, async () => {
    const answers = await burst(server, "/v1/corpus", ANONYMOUS_PER_MINUTE + 1, (i) => ({
      "x-forwarded-for": `not-an-address-${i}, 10.0.0.3`,
    }));
    expectOneWindowFilled(answers, 200, "10.0.0.3");
  });
});

describe("WORDCLIP_TRUST_PROXY unset (no proxy trusted)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startBehind(undefined);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("ignores X-Forwarded-For: every request counts in the connection's window", SLOW_TESTS, async () => {
    const answers = await burst(server, "/v1/corpus", ANONYMOUS_PER_MINUTE + 1, (i) => ({
      "x-forwarded-for": i % 3 === 0 ? `10.0.${i}.1` : `10.0.${i}.1, 203.0.113.${i}`,
    }));
    expectOneWindowFilled(answers, 200, "127.0.0.1");
  });
});
