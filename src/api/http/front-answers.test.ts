import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Type from "typebox";
import { afterEach, describe, expect, it } from "vitest";
import type { Admission, AdmitInput, Gate } from "../../access/gate/gate.js";
import type { Snapshot } from "../../index/snapshot.js";
import { snapshotEtag } from "../caching.js";
import type { ApiContext } from "../context.js";
import { createResponseCache } from "../response-cache.js";
import { type DirectRoute, directRoute } from "./direct-routes.js";
import { type FrontAnswerOptions, frontAnswers } from "./front-answers.js";

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
  await new Promise((resolve) => server?.close(resolve));
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

  it("takes the client address from X-Forwarded-For only behind a trusted proxy", async () => {
    const admitted = (): Admission => ({ admitted: true, caller: undefined, window: WINDOW });
    const headers = { "x-forwarded-for": "203.0.113.7, 10.0.0.2" };
    const direct = await serve(admitted);
    await fetch(`${direct.url}/v1/words/run/clips`, { headers });
    expect(direct.asked[0]?.clientAddress).toBe("127.0.0.1");
    await new Promise((resolve) => server?.close(resolve));
    const proxied = await serve(admitted, { ...SHIPPED, trustProxy: true });
    await fetch(`${proxied.url}/v1/words/run/clips`, { headers });
    expect(proxied.asked[0]?.clientAddress).toBe("203.0.113.7");
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
