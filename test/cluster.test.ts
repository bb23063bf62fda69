/**
 * `wordclip serve --workers 2` on the embedded store: the minute window and the monthly quota are exact
 * across the worker processes, a snapshot renamed into place during a load run is served by every worker
 * within the documented delay without a failed request (and at once on SIGHUP to the primary, even with the
 * file checks off), and a graceful stop gives every worker's unserved quota back.
 */
import { copyFileSync, mkdirSync, renameSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAccessStore } from "../src/access/factory.js";
import { periodAt } from "../src/access/gate/period.js";
import type { AccessStore } from "../src/access/store/interface.js";
import { snapshotEtag } from "../src/api/caching.js";
import { DEFAULT_CHECK_EVERY_MS } from "../src/index/holder.js";
import { awayFromMinuteEnd } from "./support/api-checks.js";
import { runCli } from "./support/cli.js";
import { type Answer, get, type NodeProcess, startNode, tally } from "./support/node.js";
import {
  buildTestSnapshot,
  processScratchDir,
  sharedTestSnapshot,
  type TestSnapshot,
} from "./support/snapshot.js";

const LOOKUP = "/v1/words/run/clips?limit=1";

describe("serve --workers, called wrongly", () => {
  it("exits 2 with the help for a bad --workers, and 78 naming WORDCLIP_WORKERS for a bad variable", async () => {
    const env = { WORDCLIP_DATA_DIR: path.join(processScratchDir(), "cluster-bad") };
    const option = await runCli(env, "serve", "--workers", "many");
    expect(option.code).toBe(2);
    expect(option.stderr).toContain('--workers must be "auto" or a whole number from 1 to 1024, got "many"');
    expect(option.stderr).toContain("usage: wordclip serve");
    const variable = await runCli({ ...env, WORDCLIP_WORKERS: "0" }, "serve");
    expect(variable.code).toBe(78);
    expect(variable.stderr.trim()).toBe(
      'wordclip: configuration error: WORDCLIP_WORKERS="0" is not valid: must be "auto" (one process per core) or a whole number of processes from 1 to 1024',
    );
  });

  it("exits 78 naming the port when another program holds it, as one process does", async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const { port } = holder.address() as AddressInfo;
    try {
      const run = await runCli(
        {
          WORDCLIP_DATA_DIR: path.join(processScratchDir(), "cluster-port"),
          WORDCLIP_INDEX: (await sharedTestSnapshot()).path,
          WORDCLIP_PORT: String(port),
        },
        "serve",
        "--workers",
        "2",
      );
      expect(run.code).toBe(78);
      expect(run.stderr).toContain(
        `wordclip serve: cannot listen on 127.0.0.1:${port}: the port is already in use by another program`,
      );
    } finally {
      holder.close();
    }
  });
});

/** Why each worker of `node` swapped to `build`, from its log lines. */
function swapsTo(node: NodeProcess, build: TestSnapshot): string[] {
  return node
    .output()
    .stdout.split("\n")
    .filter((line) => line.includes('"msg":"serving a new snapshot"') && line.includes(build.buildId))
    .map((line) => (JSON.parse(line) as { reason: string }).reason);
}

/** The distinct ETags of `count` lookups, each on a new connection: the workers take new connections in turn. */
async function etagsOnFreshConnections(url: string, secret: string | undefined, count: number) {
  const tags = new Set<string | null>();
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${url}${LOOKUP}`, {
      headers: { connection: "close", ...(secret ? { authorization: `Bearer ${secret}` } : {}) },
    });
    await response.arrayBuffer();
    tags.add(response.headers.get("etag"));
  }
  return [...tags];
}

describe("serve --workers 2 on the embedded store", () => {
  const dataDir = path.join(processScratchDir(), "cluster-data");
  const indexPath = path.join(dataDir, "index.sqlite");
  let builds: TestSnapshot[];
  let node: NodeProcess;
  let store: AccessStore;

  async function account(plan: { perMinute: number; perMonth: number }, keys = 1) {
    const name = `p${Math.random().toString(36).slice(2, 10)}`;
    await store.setPlan(name, plan);
    const created = await store.createAccount({ plan: name });
    const secrets: string[] = [];
    for (let i = 0; i < keys; i++) secrets.push((await store.createKey({ accountId: created.id })).secret);
    return { accountId: created.id, secrets };
  }

  beforeAll(async () => {
    builds = [];
    for (const [i, day] of ["2026-04-01", "2026-05-01", "2026-06-01"].entries()) {
      builds.push(
        await buildTestSnapshot(path.join(processScratchDir(), `cluster-build-${i}`), {
          generatedClips: 0,
          builtAt: new Date(`${day}T00:00:00.000Z`),
        }),
      );
    }
    mkdirSync(dataDir, { recursive: true });
    copyFileSync((builds[0] as TestSnapshot).path, indexPath);
    store = await openAccessStore({ accessDbPath: path.join(dataDir, "access.sqlite") });
    // Info lines too: the snapshot swaps are logged at info, with their reason.
    node = await startNode({
      env: { WORDCLIP_DATA_DIR: dataDir, WORDCLIP_LOG_LEVEL: "info" },
      args: ["--workers", "2"],
    });
  });

  afterAll(async () => {
    await node?.stop();
    await store?.close();
  });

  it("prints one banner once both workers listen", async () => {
    const banner = `wordclip: serving ${node.url}/v1 with 2 worker processes`;
    await expect
      .poll(
        () =>
          node
            .output()
            .stdout.split("\n")
            .filter((l) => l === banner).length,
        { timeout: 30_000, interval: 100 },
      )
      .toBe(1);
  });

  it("admits exactly 100 of 300 requests in one minute on a plan of 100 a minute, across the workers", async () => {
    const { secrets } = await account({ perMinute: 100, perMonth: 1_000_000_000 });
    await awayFromMinuteEnd(10_000);
    const answers = await Promise.all(
      Array.from({ length: 300 }, () => get(`${node.url}${LOOKUP}`, secrets[0])),
    );
    expect(tally(answers)).toEqual({ "200": 100, "429 rate_limited": 200 });
    expect(new Set(answers.map((r) => r.headers.get("x-ratelimit-reset"))).size).toBe(1);
  });

  it("admits exactly 500 of 1,000 concurrent requests on a plan of 500 a month, from two keys", async () => {
    const { secrets } = await account({ perMinute: 1_000_000, perMonth: 500 }, 2);
    const answers = await Promise.all(
      Array.from({ length: 1_000 }, (_, i) => get(`${node.url}${LOOKUP}`, secrets[i % 2])),
    );
    expect(tally(answers)).toEqual({ "200": 500, "429 quota_exceeded": 500 });
    const usage = await get(`${node.url}/v1/usage`, secrets[0]);
    expect(usage.body.quota).toMatchObject({ used: 500, remaining: 0 });
  });

  it("serves a snapshot renamed into place from every worker within the poll interval, failing no request", async () => {
    const { secrets } = await account({ perMinute: 1_000_000_000, perMonth: 1_000_000 });
    const [first, second] = builds as [TestSnapshot, TestSnapshot, TestSnapshot];
    const etagOf = (build: TestSnapshot) => snapshotEtag(build.buildId, LOOKUP);
    const seen: Array<{ atMs: number; answer: Answer }> = [];
    let stop = false;
    const load = Array.from({ length: 8 }, async () => {
      while (!stop) seen.push({ atMs: Date.now(), answer: await get(`${node.url}${LOOKUP}`, secrets[0]) });
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    // As `wordclip build` does: written beside the served file, then renamed over it.
    const staged = path.join(dataDir, "index.next.sqlite");
    copyFileSync(second.path, staged);
    const renamedAtMs = Date.now();
    renameSync(staged, indexPath);
    // The documented delay: each worker checks the file every DEFAULT_CHECK_EVERY_MS (5 s), and a worker on
    // a machine busy with other processes may reach its check late: 2.5 s are allowed for that.
    const deadlineMs = renamedAtMs + DEFAULT_CHECK_EVERY_MS + 2_500;
    await new Promise((resolve) => setTimeout(resolve, deadlineMs - Date.now() + 1_000));
    stop = true;
    await Promise.all(load);

    // Both workers swapped, each on its own check of the file.
    expect(swapsTo(node, second)).toEqual(["poll", "poll"]);
    const failed = seen.filter((s) => s.answer.status !== 200);
    expect(failed.map((s) => `${s.answer.status} ${s.answer.code}`)).toEqual([]);
    const etags = new Set(seen.map((s) => s.answer.headers.get("etag")));
    expect(etags).toEqual(new Set([etagOf(first), etagOf(second)]));
    const late = seen.filter((s) => s.atMs >= deadlineMs);
    expect(late.length).toBeGreaterThan(20);
    expect(new Set(late.map((s) => s.answer.headers.get("etag")))).toEqual(new Set([etagOf(second)]));
    // New connections go to the workers in turn: each of them answers from the new build.
    expect(await etagsOnFreshConnections(node.url, secrets[0], 10)).toEqual([etagOf(second)]);
  });

  it("swaps every worker at once on SIGHUP to the primary, with the file checks turned off", async () => {
    const [, , third] = builds as [TestSnapshot, TestSnapshot, TestSnapshot];
    const quietDir = path.join(processScratchDir(), "cluster-sighup");
    const quietIndex = path.join(quietDir, "index.sqlite");
    mkdirSync(quietDir, { recursive: true });
    copyFileSync((builds[0] as TestSnapshot).path, quietIndex);
    const quiet = await startNode({
      env: {
        WORDCLIP_DATA_DIR: quietDir,
        WORDCLIP_LOG_LEVEL: "info",
        WORDCLIP_SNAPSHOT_CHECK_SECONDS: "0",
        WORDCLIP_ACCESS: "off",
      },
      args: ["--workers", "2"],
    });
    try {
      const staged = path.join(quietDir, "index.next.sqlite");
      copyFileSync(third.path, staged);
      renameSync(staged, quietIndex);
      // No worker looks at the file by itself: after longer than the default interval, all still serve the first.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(swapsTo(quiet, third)).toEqual([]);
      expect(await etagsOnFreshConnections(quiet.url, undefined, 6)).toEqual([
        snapshotEtag((builds[0] as TestSnapshot).buildId, LOOKUP),
      ]);
      process.kill(quiet.pid, "SIGHUP");
      // Each worker says why it swapped: "signal", passed on by the primary.
      await expect
        .poll(() => swapsTo(quiet, third), { timeout: 10_000, interval: 50 })
        .toEqual(["signal", "signal"]);
      await expect
        .poll(() => etagsOnFreshConnections(quiet.url, undefined, 6), { timeout: 5_000, interval: 100 })
        .toEqual([snapshotEtag(third.buildId, LOOKUP)]);
    } finally {
      expect(await quiet.stop()).toBe(0);
    }
  });

  it("gives back every worker's unserved quota when it stops: the store counts what was answered", async () => {
    const { accountId, secrets } = await account({ perMinute: 1_000_000_000, perMonth: 10_000_000 });
    const answers = await Promise.all(
      Array.from({ length: 150 }, () => get(`${node.url}${LOOKUP}`, secrets[0])),
    );
    expect(tally(answers)).toEqual({ "200": 150 });
    // 10,000,000 a month leases 1,000 at a time: each worker holds a lease until it stops.
    expect(await store.quotaUsed(accountId, periodAt(Date.now()).id)).toBeGreaterThanOrEqual(1_000);
    expect(await node.stop()).toBe(0);
    // Every worker drained and ended by itself: the primary never had to kill one.
    expect(node.output().stderr).not.toContain("did not stop in time");
    expect(await store.quotaUsed(accountId, periodAt(Date.now()).id)).toBe(150);
  });
});
