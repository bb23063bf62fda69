/**
 * The web app's server side over HTTP: the pages and their cache headers, and the same-origin `/site/v1`
 * routes, answered with the server's own site account (the page never holds a key), limited per client
 * address, open to the endpoints the app uses only, and gone with WORDCLIP_SITE=off.
 */
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAccessStore } from "../src/access/factory.js";
import { hashSecret } from "../src/access/store/secret.js";
import { loadConfig } from "../src/config.js";
import { CONTENT_SECURITY_POLICY, webBuildDir } from "../src/web/plugin.js";
import { SITE_KEY_FILE } from "../src/web/site-key.js";
import { awayFromMinuteEnd, expectError } from "./support/api-checks.js";
import { get, startNode, tally } from "./support/node.js";
import { apiRequest, startTestServer, type TestServer } from "./support/server.js";
import { copyTestSnapshot, processScratchDir, sharedTestSnapshot } from "./support/snapshot.js";

const PER_MINUTE = 5;

/** Starts a test server with these `WORDCLIP_SITE*` settings (read at start-up from the environment). */
async function withSiteEnv(env: Record<string, string>): Promise<TestServer> {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    return await startTestServer();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

let server: TestServer;

beforeAll(async () => {
  server = await withSiteEnv({ WORDCLIP_SITE_PER_MINUTE: String(PER_MINUTE) });
});

afterAll(async () => {
  await server?.close();
});

/** GETs `path` sent exactly as written: fetch would resolve dot segments and backslashes first. */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}
describe("the pages", () => {
  it("serves /, /feed and /status as HTML that is revalidated, with a strict content security policy", async () => {
    for (const page of ["/", "/feed", "/status"]) {
      const answer = await server.api(page);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(answer.headers.get("cache-control")).toBe("no-cache");
      expect(answer.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
      expect(answer.text).not.toMatch(/wc_[0-9A-Za-z]{16}/);
      const etag = answer.headers.get("etag") as string;
      const again = await server.api(page, { headers: { "if-none-match": etag } });
      expect(again.status).toBe(304);
    }
  });

  it("serves the hashed assets for a year, immutable", async () => {
    const html = (await server.api("/")).text;
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0] as string;
    expect(asset).toBeDefined();
    const answer = await server.api(asset);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/javascript/);
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const built = readdirSync(path.join(webBuildDir(), "assets"));
    expect(built).toContain(path.basename(asset));
    expectError(await server.api("/assets/missing-0000.js"), 404, "not_found");
    // A path climbing out of the folder is no file either (sent as it is: fetch would resolve it).
    const climbing = await rawGet("/assets/../../package.json");
    expect(climbing.status, climbing.body).toBe(404);
    expect(JSON.parse(climbing.body).error.code).toBe("not_found");
  });
});

describe("the /site/v1 routes", () => {
  it("answer as the API does with a key, though the page sends none", async () => {
    await awayFromMinuteEnd();
    const site = await server.api("/site/v1/words/run/clips?limit=3&level=A1,A2,B1,B2,C1,C2");
    const api = await server.api("/v1/words/run/clips?limit=3&level=A1,A2,B1,B2,C1,C2", {
      key: server.keys.generous,
    });
    expect(site.status, site.text).toBe(200);
    expect(site.body).toEqual(api.body);
    expect(site.headers.get("etag")).toBe(api.headers.get("etag"));
    expect(site.headers.get("cache-control")).toBe(api.headers.get("cache-control"));
    const notModified = await server.api("/site/v1/words/run/clips?limit=3&level=A1,A2,B1,B2,C1,C2", {
      headers: { "if-none-match": site.headers.get("etag") as string },
    });
    expect(notModified.status).toBe(304);
  });

  it("count the requests against the site account, whose key is kept in the data folder", async () => {
    const secret = readFileSync(path.join(server.dataDir, SITE_KEY_FILE), "utf8").trim();
    const grant = await server.store?.findKeyByHash(hashSecret(secret));
    expect(grant?.account.name).toBe("site");
    const before = await server.api("/v1/usage", { key: secret });
    expect(before.status, before.text).toBe(200);
    expect(before.body.accountId).toBe(grant?.account.id);
    await awayFromMinuteEnd();
    expect((await server.api("/site/v1/topics")).status).toBe(200);
    const after = await server.api("/v1/usage", { key: secret });
    expect(after.body.quota.used).toBe(before.body.quota.used + 1);
  });

  it("keep the encoded path: a word with a space or an accent reaches the API as sent", async () => {
    await awayFromMinuteEnd();
    const site = await server.api("/site/v1/words/ice%20cream/clips?limit=1");
    expect(site.status, site.text).toBe(200);
    expect(site.body.matchedWord).toBe("ice cream");
  });

  it("are for the app's own pages: no CORS headers for another origin, which the API itself allows", async () => {
    await awayFromMinuteEnd();
    const origin = { origin: "https://elsewhere.example" };
    const site = await server.api("/site/v1/corpus", { headers: origin });
    expect(site.status, site.text).toBe(200);
    expect(site.headers.get("access-control-allow-origin")).toBeNull();
    const api = await server.api("/v1/corpus", { headers: origin });
    expect(api.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("answer 404 in the envelope for an endpoint the app does not use, /usage included", async () => {
    await awayFromMinuteEnd();
    for (const route of ["/site/v1/usage", "/site/v1/", "/site/v1/words/run", "/site/v1/clips/x/y/z"]) {
      const answer = await server.api(route);
      expectError(answer, 404, "not_found");
    }
  });

  it("answer 404 for a path a URL parser would rewrite into another endpoint (backslashes, dot segments)", async () => {
    await awayFromMinuteEnd();
    for (const route of [
      "/site/v1/clips/..\\usage",
      "/site/v1/clips/x\\..\\..\\usage",
      "/site/v1/clips/%2e%2e\\usage",
      "/site/v1/clips/%2E%2E/transcript",
      "/site/v1/words/./clips",
      "/site/v1/clips/x/%2e%2e",
    ]) {
      const answer = await rawGet(route);
      expect(answer.status, `${route}: ${answer.body}`).toBe(404);
      expect(JSON.parse(answer.body).error.code).toBe("not_found");
      expect(answer.body).not.toContain("keyPrefix");
    }
  });

  it("refuse a client address past its minute with 429 rate_limited and Retry-After", async () => {
    await awayFromMinuteEnd(20_000);
    // The per-address window is separate from the site account's and from the API's anonymous one.
    const statuses: number[] = [];
    let last = await server.api("/site/v1/corpus");
    statuses.push(last.status);
    while (last.status === 200 && statuses.length <= PER_MINUTE + 1) {
      last = await server.api("/site/v1/corpus");
      statuses.push(last.status);
    }
    expectError(last, 429, "rate_limited");
    expect(last.headers.get("x-ratelimit-limit")).toBe(String(PER_MINUTE));
    expect(last.headers.get("x-ratelimit-remaining")).toBe("0");
    const retryAfter = Number(last.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(last.body.error.retryAfter).toBe(retryAfter);
    // The API itself still answers this address with a key.
    const direct = await server.api("/v1/corpus", { key: server.keys.generous });
    expect(direct.status).toBe(200);
  });
});

describe("with WORDCLIP_SITE=off", () => {
  let off: TestServer;
  beforeAll(async () => {
    off = await withSiteEnv({ WORDCLIP_SITE: "off" });
  });
  afterAll(async () => {
    await off?.close();
  });

  it("serves neither the pages nor the /site routes, and makes no site account", async () => {
    expectError(await off.api("/"), 404, "not_found");
    expectError(await apiRequest(off.baseUrl, "/site/v1/corpus"), 404, "not_found");
    const accounts = await off.store?.listAccounts();
    expect(accounts?.map((a) => a.name)).not.toContain("site");
  });
});

describe("serve --workers 2", () => {
  it("makes one site key before the workers start; the per-address limit holds across the workers", async () => {
    const dataDir = path.join(processScratchDir(), "web-cluster");
    copyTestSnapshot(await sharedTestSnapshot(), path.join(dataDir, "index.sqlite"));
    const node = await startNode({
      env: { WORDCLIP_DATA_DIR: dataDir, WORDCLIP_SITE_PER_MINUTE: "4" },
      args: ["--workers", "2"],
    });
    try {
      await awayFromMinuteEnd();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => get(`${node.url}/site/v1/words?q=ru&limit=1`, undefined)),
      );
      expect(tally(answers)).toEqual({ "200": 4, "429 rate_limited": 6 });
      // The primary prints its banner once every worker listens, which may follow the first answers.
      await expect.poll(() => node.output().stdout, { timeout: 10_000 }).toContain(`Web app: ${node.url}/`);
      const home = await fetch(`${node.url}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("<title>wordclip: hear a word spoken</title>");
    } finally {
      expect(await node.stop()).toBe(0);
    }
    const store = await openAccessStore(loadConfig({ WORDCLIP_DATA_DIR: dataDir }));
    try {
      const site = (await store.listAccounts()).filter((a) => a.name === "site");
      expect(site).toHaveLength(1);
      expect(await store.listKeys({ accountId: site[0]?.id as string })).toHaveLength(1);
    } finally {
      await store.close();
    }
  });
});
