import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { type AddressInfo, isIP } from "node:net";
import fc from "fast-check";
import Fastify from "fastify";
import Type from "typebox";
import { afterEach, describe, expect, it } from "vitest";
import type { Admission, AdmitInput, Gate } from "../../access/gate/gate.js";
import type { Snapshot } from "../../index/snapshot.js";
import { snapshotEtag } from "../caching.js";
import type { ApiContext } from "../context.js";
import { createResponseCache } from "../response-cache.js";
import { type DirectRoute, directRoute } from "./direct-routes.js";
import { type FrontAnswerOptions, frontAnswers, proxyTrust } from "./front-answers.js";

const BUILD = "b1d0000000000000000000000000000000";
const WINDOW = { limit: 100, remaining: 99, resetAtS: 1_800_000_000 };
const SHIPPED: FrontAnswerOptions = { trustProxy: false, cors: "*", logsEveryRequest: false };

/** A server with the cached answers in front of a stand-in for the routes, which counts what reaches it. */
async function serve(
  admit: Gate["admit"] | undefined,
  options = SHIPPED,
  closing = () => false,
  direct: DirectRoute[] = [],
) {
  const responses = createResponseCache(1 << 20);
  responses.set(`${BUILD}\0/v1/words/run/clips`, {
    body: Buffer.from('{"word":"ran"}'),
    access: "keyed",
    etag: snapshotEtag(BUILD, "/v1/words/run/clips"),
  });
  const asked: AdmitInput[] = [];
  const asking = (input: AdmitInput) => {
    asked.push(input);
    return (admit as Gate["admit"])(input);
  };
  const gate = admit && ({ admit: asking } as unknown as Gate);
  const ctx = {
    snapshots: { current: () => ({ buildId: BUILD }) as Snapshot },
    gate,
    responses,
  } as unknown as ApiContext;
  const front = frontAnswers(ctx, options, closing, direct);
  const routed: string[] = [];
  const routes = (request: IncomingMessage, response: ServerResponse) => {
    routed.push(request.url ?? "");
    response.writeHead(418).end();
  };
  server = createServer((request, response) => front?.(request, response) || routes(request, response));
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, routed, asked, front };
}

let server: Server | undefined;
afterEach(async () => {
  if (server !== undefined) await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

describe("cached answers ahead of the routes", () => {
  it("answers a cached URL the gate admits, with the routes' headers, and nothing reaches the routes", async () => {
    const { url, routed, asked } = await serve(() => ({ admitted: true, caller: undefined, window: WINDOW }));
    const response = await fetch(`${url}/v1/words/run/clips`, { headers: { authorization: "Bearer wc_x" } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"word":"ran"}');
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("x-ratelimit-remaining")).toBe("99");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("etag")).toBe(snapshotEtag(BUILD, "/v1/words/run/clips"));
    expect(response.headers.get("etag")).toMatch(/^W\/"b1d0000000000000-/);
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(routed).toEqual([]);
    expect(asked).toEqual([{ authorization: "Bearer wc_x", clientAddress: "127.0.0.1", endpoint: "keyed" }]);
  });

  it("hands on a miss, HEAD, a conditional request and a closing server without asking the gate", async () => {
    let closing = false;
    const admitted = (): Admission => ({ admitted: true, caller: undefined, window: WINDOW });
    const { url, routed, asked } = await serve(admitted, SHIPPED, () => closing);
    await fetch(`${url}/v1/words/walk/clips`);
    await fetch(`${url}/v1/words/run/clips`, { method: "HEAD" });
    await fetch(`${url}/v1/words/run/clips`, { headers: { "if-none-match": "*" } });
    closing = true;
    await fetch(`${url}/v1/words/run/clips`);
    expect(routed).toEqual([
      "/v1/words/walk/clips",
      "/v1/words/run/clips",
      "/v1/words/run/clips",
      "/v1/words/run/clips",
    ]);
    expect(asked).toEqual([]);
  });

  it("hands on a refusal and an admission that waits for a store, asking the gate once", async () => {
    const refused: Admission = {
      admitted: false,
      code: "invalid_key",
      message: "no such key",
      window: WINDOW,
    };
    const answers: Array<Admission | Promise<Admission>> = [refused, Promise.resolve(refused)];
    const { url, routed, asked } = await serve(() => answers.shift() as Admission);
    await fetch(`${url}/v1/words/run/clips`);
    await fetch(`${url}/v1/words/run/clips`);
    expect(routed).toEqual(["/v1/words/run/clips", "/v1/words/run/clips"]);
    expect(asked).toHaveLength(2);
  });

  it("takes the client address from X-Forwarded-For only behind a trusted proxy, one entry per hop", async () => {
    const admitted = (): Admission => ({ admitted: true, caller: undefined, window: WINDOW });
    const headers = { "x-forwarded-for": "198.51.100.9, 203.0.113.7, 10.0.0.2" };
    const seenBehind = async (trustProxy: number | false) => {
      const { url, asked } = await serve(admitted, { ...SHIPPED, trustProxy });
      await fetch(`${url}/v1/words/run/clips`, { headers });
      await new Promise((resolve) => server?.close(resolve));
      return asked[0]?.clientAddress;
    };
    expect(await seenBehind(false)).toBe("127.0.0.1");
    expect(await seenBehind(1)).toBe("10.0.0.2");
    expect(await seenBehind(2)).toBe("203.0.113.7");
    expect(await seenBehind(3)).toBe("198.51.100.9");
    // More hops trusted than there are entries: the leftmost, as far as the walk goes.
    expect(await seenBehind(5)).toBe("198.51.100.9");
  });

  it.each([
    ["a name", "203.0.113.7, unknown", 1, "127.0.0.1"],
    ["3000 characters", `203.0.113.7, ${"x".repeat(3000)}`, 1, "127.0.0.1"],
    ["an address with a port", "203.0.113.7:41234", 1, "127.0.0.1"],
    ["a bracketed IPv6 address", "[2001:db8::7]", 1, "127.0.0.1"],
    ["a name two hops out", "unknown, 203.0.113.7", 2, "203.0.113.7"],
    ["a name one hop out behind two", "198.51.100.9, unknown", 2, "127.0.0.1"],
  ] as const)(
    "never takes %s for an address: the walk stops at the entry before it",
    async (_what, forwarded, hops, expected) => {
      const admitted = (): Admission => ({ admitted: true, caller: undefined, window: WINDOW });
      const { url, asked } = await serve(admitted, { ...SHIPPED, trustProxy: hops });
      await fetch(`${url}/v1/words/run/clips`, { headers: { "x-forwarded-for": forwarded } });
      expect(asked[0]?.clientAddress).toBe(expected);
    },
  );

  it("leaves X-Forwarded-For holding only the entries walked, and settles it when nothing is answered in front", async () => {
    const ctx = { snapshots: { current: () => ({ buildId: BUILD }) as Snapshot } } as unknown as ApiContext;
    const settle = frontAnswers(ctx, { ...SHIPPED, trustProxy: 2, logsEveryRequest: true }, () => false);
    const request = (forwarded: string) =>
      ({
        headers: { "x-forwarded-for": forwarded },
        socket: { remoteAddress: "10.0.0.2" },
      }) as unknown as IncomingMessage;
    const spoofed = request("1.1.1.1, 198.51.100.9, 203.0.113.7");
    expect(settle?.(spoofed, {} as ServerResponse)).toBe(false);
    expect(spoofed.headers["x-forwarded-for"]).toBe("198.51.100.9, 203.0.113.7");
    const named = request("198.51.100.9, unknown");
    settle?.(named, {} as ServerResponse);
    expect(named.headers["x-forwarded-for"]).toBeUndefined();
    expect(frontAnswers(ctx, { ...SHIPPED, logsEveryRequest: true }, () => false)).toBeUndefined();
  });

  it("stays out of the way when every request is logged or origins are listed, and sets no CORS when off", async () => {
    expect((await serve(undefined, { ...SHIPPED, logsEveryRequest: true })).front).toBeUndefined();
    await new Promise((resolve) => server?.close(resolve));
    expect((await serve(undefined, { ...SHIPPED, cors: "list" })).front).toBeUndefined();
    await new Promise((resolve) => server?.close(resolve));
    const off = await serve(undefined, { ...SHIPPED, cors: "off" });
    const response = await fetch(`${off.url}/v1/words/run/clips`);
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    // Access checks off: no minute window to report.
    expect(response.headers.get("x-ratelimit-limit")).toBeNull();
    expect(off.routed).toEqual([]);
  });

  describe("a plain request for a direct route", () => {
    const admitted = (): Admission => ({ admitted: true, caller: undefined, window: WINDOW });
    /** A route that answers a word it knows, and leaves any other to the framework by throwing. */
    function things(answered: string[]): DirectRoute {
      return directRoute({
        path: "/v1/things/:name",
        params: Type.Object({ name: Type.String() }),
        query: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 9, default: 3 }) }),
        access: "keyed",
        answer: ({ name }, { limit }) => {
          answered.push(`${name}:${limit}`);
          if (name !== "gear") throw new Error(`no thing ${name}`);
          return Buffer.from(`{"name":"${name}","limit":${limit}}`);
        },
      });
    }

    it("is answered by the route in front, with the routes' headers, and kept in the response cache", async () => {
      const answered: string[] = [];
      const { url, routed, asked } = await serve(admitted, SHIPPED, () => false, [things(answered)]);
      const first = await fetch(`${url}/v1/things/gear?limit=5`);
      expect(first.status).toBe(200);
      expect(await first.text()).toBe('{"name":"gear","limit":5}');
      expect(first.headers.get("x-ratelimit-remaining")).toBe("99");
      expect(first.headers.get("etag")).toMatch(/^W\/"b1d0000000000000-/);
      expect(first.headers.get("cache-control")).toBe("private, max-age=3600");
      const second = await fetch(`${url}/v1/things/gear?limit=5`);
      expect(await second.text()).toBe('{"name":"gear","limit":5}');
      expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
      expect(answered).toEqual(["gear:5"]);
      expect(routed).toEqual([]);
      expect(asked).toHaveLength(2);
    });

    it("is handed on, counted once, when the route leaves it to the framework; other requests unasked", async () => {
      const answered: string[] = [];
      const { url, routed, asked } = await serve(admitted, SHIPPED, () => false, [things(answered)]);
      expect((await fetch(`${url}/v1/things/bolt`)).status).toBe(418);
      expect(answered).toEqual(["bolt:3"]);
      expect(asked).toHaveLength(1);
      await fetch(`${url}/v1/things/gear?limit=10`);
      await fetch(`${url}/v1/things/gear?size=2`);
      expect(asked).toHaveLength(1);
      expect(routed).toEqual(["/v1/things/bolt", "/v1/things/gear?limit=10", "/v1/things/gear?size=2"]);
    });
  });
});

describe("the client address in front and in the framework", () => {
  /** The naive reading: X-Forwarded-For from the right, one entry per trusted hop, up to one that is no address. */
  function oracle(hops: number, forwarded: string, connection: string): string {
    const entries = forwarded
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry !== "");
    let address = connection;
    for (let hop = 0; hop < hops; hop++) {
      const entry = entries.pop();
      if (entry === undefined || isIP(entry) === 0) break;
      address = entry;
    }
    return address;
  }

  /** Fastify as `buildApp` makes it: the answers in front of its handler, `request.ip` behind. */
  async function framework(hops: number, logsEveryRequest: boolean) {
    const responses = createResponseCache(1 << 20);
    responses.set(`${BUILD}\0/cached`, { body: Buffer.from("{}"), access: "public", etag: "W/1" });
    const asked: string[] = [];
    const gate = {
      admit: (input: AdmitInput): Admission => {
        asked.push(input.clientAddress);
        return { admitted: true, caller: undefined, window: WINDOW };
      },
    };
    const ctx = { snapshots: { current: () => ({ buildId: BUILD }) as Snapshot }, gate, responses };
    const front = frontAnswers(
      ctx as unknown as ApiContext,
      { ...SHIPPED, trustProxy: hops, logsEveryRequest },
      () => false,
    );
    const app = Fastify({
      trustProxy: proxyTrust(hops),
      serverFactory: (handler) =>
        createServer((request, response) => front?.(request, response) || handler(request, response)),
    });
    app.get("/ip", async (request) => ({ ip: request.ip }));
    await app.listen({ host: "127.0.0.1", port: 0 });
    return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, asked };
  }

  const ENTRY = fc.oneof(
    fc.ipV4(),
    fc.ipV6(),
    fc.constantFrom(
      "unknown",
      "203.0.113.7:41234",
      "[2001:db8::7]",
      "999.1.1.1",
      "x".repeat(3000),
      "_hidden",
    ),
  );

  it("is the same address, the naive reading's, for any X-Forwarded-For and any number of hops", async () => {
    const apps: Array<Awaited<ReturnType<typeof framework>>> = [];
    try {
      for (const hops of [0, 1, 2, 3]) apps.push(await framework(hops, false), await framework(hops, true));
      await fc.assert(
        fc.asyncProperty(fc.nat({ max: 3 }), fc.array(ENTRY, { maxLength: 5 }), async (hops, entries) => {
          const forwarded = entries.join(", ");
          const init = forwarded === "" ? {} : { headers: { "x-forwarded-for": forwarded } };
          const expected = oracle(hops, forwarded, "127.0.0.1");
          const answering = apps[hops * 2] as Awaited<ReturnType<typeof framework>>;
          const settling = apps[hops * 2 + 1] as Awaited<ReturnType<typeof framework>>;
          await fetch(`${answering.url}/cached`, init);
          expect(answering.asked.at(-1), forwarded).toBe(expected);
          for (const { url } of [answering, settling]) {
            const { ip } = (await (await fetch(`${url}/ip`, init)).json()) as { ip: string };
            expect(ip, forwarded).toBe(expected);
          }
        }),
        { numRuns: 300 },
      );
    } finally {
      await Promise.all(apps.map(({ app }) => app.close()));
    }
  });
});
