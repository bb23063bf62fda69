/**
 * Plain requests answered before the framework give the framework's answer, byte for byte: the reader of
 * plain requests against the route schemas, then, over real HTTP, random requests to the direct routes
 * answered in front or handed on, each compared with the framework's answer to the same URL.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import Type from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedTestSnapshot } from "../../../test/support/snapshot.js";
import { Snapshot } from "../../index/snapshot.js";
import { API_PREFIX, buildApp } from "../app.js";
import type { App } from "../app-type.js";
import type { ApiContext } from "../context.js";
import { createCursorCodec } from "../cursor.js";
import { feedDirect } from "../routes/feed.js";
import { transcriptDirect } from "../routes/transcript.js";
import { wordClipsDirect } from "../routes/word-clips.js";
import { wordsDirect } from "../routes/words.js";
import { Params } from "../schemas.js";
import { directRoute, readDirect } from "./direct-routes.js";
import { frontAnswers } from "./front-answers.js";

describe("reading a plain request", () => {
  const route = directRoute({
    path: "/v1/things/:name/parts",
    params: Type.Object({ name: Type.String({ minLength: 1, maxLength: 8 }) }),
    query: Type.Object({
      gloss: Params.gloss,
      limit: Params.limit,
      level: Type.Optional(Params.level),
      all: Type.Boolean({ default: false }),
    }),
    access: "keyed",
    takes: (query) => query.limit !== 99,
    answer: () => Buffer.from("{}"),
  });
  const read = (url: string) => readDirect([route], url);

  it("gives the path's parameters and the query with the schema's defaults and numbers", () => {
    expect(read("/v1/things/gear/parts")).toMatchObject({
      params: { name: "gear" },
      query: { gloss: "en", limit: 20, all: false },
    });
    expect(read("/v1/things/gear/parts?limit=100&level=A1,B2&gloss=ja&all=true")).toMatchObject({
      query: { gloss: "ja", limit: 100, level: "A1,B2", all: true },
    });
  });

  it("decodes a query value's escapes of plain characters, as the framework's parser does", () => {
    expect(read("/v1/things/gear/parts?level=A1%2CB2")).toMatchObject({ query: { level: "A1,B2" } });
    expect(read("/v1/things/gear/parts?level=%41%31%2cB2")).toMatchObject({
      query: { level: "A1,B2" },
    });
    expect(read("/v1/things/gear/parts?limit=%33&gloss=j%61")).toMatchObject({
      query: { limit: 3, gloss: "ja" },
    });
  });

  it.each([
    ["another path", "/v1/things/gear/part"],
    ["a trailing slash", "/v1/things/gear/parts/"],
    ["an empty parameter", "/v1/things//parts"],
    ["a percent-escape in the path", "/v1/things/g%65ar/parts"],
    ["a path parameter the schema refuses", "/v1/things/gearboxes/parts"],
    ["an unknown query parameter", "/v1/things/gear/parts?limits=3"],
    ["a credential in the query", "/v1/things/gear/parts?api_key=wc_x"],
    ["a repeated parameter", "/v1/things/gear/parts?limit=3&limit=4"],
    ["an escaped name in the query", "/v1/things/gear/parts?%6Cimit=3"],
    ["an escape of a character that is not plain", "/v1/things/gear/parts?level=A1%2BB2"],
    ["an escaped percent sign", "/v1/things/gear/parts?level=A1%252CB2"],
    ["an escape of a byte above 0x7F", "/v1/things/gear/parts?level=A1%C3%A9"],
    ["a malformed escape", "/v1/things/gear/parts?level=A1%2"],
    ["an escape that is not hexadecimal", "/v1/things/gear/parts?level=A1%zzB2"],
    ["an escaped value the schema refuses", "/v1/things/gear/parts?limit=%30%32%30"],
    ["a plus in the query", "/v1/things/gear/parts?level=A1+B2"],
    ["an empty part", "/v1/things/gear/parts?limit=3&&gloss=ja"],
    ["a name without a value", "/v1/things/gear/parts?all"],
    ["a value outside the enum", "/v1/things/gear/parts?gloss=xx"],
    ["a value the pattern refuses", "/v1/things/gear/parts?level=A1,"],
    ["a number with a leading zero", "/v1/things/gear/parts?limit=020"],
    ["a number out of range", "/v1/things/gear/parts?limit=101"],
    ["a number as an exponent", "/v1/things/gear/parts?limit=1e1"],
    ["a boolean the parser would coerce", "/v1/things/gear/parts?all=1"],
    ["a query the route leaves to the framework", "/v1/things/gear/parts?limit=99"],
  ])("leaves %s to the framework", (_what, url) => {
    expect(read(url)).toBeUndefined();
  });

  it("refuses to read a schema with a keyword it does not honour", () => {
    expect(() =>
      directRoute({
        path: "/v1/x",
        params: Type.Object({}),
        query: Type.Object({ at: Type.String({ format: "date-time" }) }),
        access: "keyed",
        answer: () => undefined,
      }),
    ).toThrow("direct route: parameter at uses the keyword format, which is not read here");
  });
});

describe("the direct routes against the framework, over HTTP", () => {
  let snapshot: Snapshot;
  let app: App;
  let front: Server;
  let frontUrl: string;
  const words: string[] = [];
  const clipIds: string[] = [];
  let wordCursor = "";
  let feedCursor = "";
  let wordsCursor = "";

  beforeAll(async () => {
    snapshot = new Snapshot((await sharedTestSnapshot()).path);
    const ctx: ApiContext = {
      snapshots: { current: () => snapshot } as ApiContext["snapshots"],
      gate: undefined,
      cursors: createCursorCodec("a cursor secret for the direct route tests"),
    };
    app = await buildApp(ctx, { logLevel: "silent", trustProxy: false, logger: false });
    const answer = frontAnswers(ctx, { trustProxy: false, cors: "*", logsEveryRequest: false }, () => false, [
      wordClipsDirect(ctx, API_PREFIX),
      transcriptDirect(ctx, API_PREFIX),
      feedDirect(ctx, API_PREFIX),
      wordsDirect(ctx, API_PREFIX),
    ]);
    if (answer === undefined) throw new Error("no answers in front with direct routes");
    // What the front leaves is answered 418, so the test tells the two apart.
    front = createServer((request, response) => answer(request, response) || response.writeHead(418).end());
    await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
    frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
    const index = snapshot.language("en");
    for (const entry of index?.catalog.words ?? []) if (entry.clipCount > 2) words.push(entry.word);
    words.splice(12);
    const page = (await app.inject({ url: `/v1/words/${words[0]}/clips?limit=1` })).json();
    wordCursor = page.nextCursor;
    clipIds.push(page.clips[0].clipId, page.clips[0].videoId);
    const feed = (await app.inject({ url: "/v1/feed?seed=s1&limit=2" })).json();
    feedCursor = feed.nextCursor;
    wordsCursor = (await app.inject({ url: "/v1/words?q=a&limit=2" })).json().nextCursor;
    clipIds.push(feed.clips[0].clipId);
  });

  afterAll(async () => {
    await new Promise((resolve) => front?.close(resolve));
    await app?.close();
    snapshot?.close();
  });

  /** A query parameter as a client might send it: mostly a valid value, sometimes not. */
  const value = (name: string, valid: readonly string[], invalid: readonly string[] = []) =>
    fc
      .oneof(
        { weight: 8, arbitrary: fc.constantFrom(...valid) },
        { weight: 1, arbitrary: fc.constantFrom(...invalid, "x") },
        {
          weight: 1,
          arbitrary: fc.constantFrom("", "%41", "1+1", "020", "A1,", "%2", "%zz", "%C3%A9", "%25"),
        },
      )
      .map((v) => `${name}=${v}`);
  const level = () =>
    value(
      "level",
      ["A1", "B1,A2", "C2,C1,B2", "A1,A1", "B1%2CA2", "C2%2cC1", "%41%31"],
      ["a1", "A1,,B1", "D1", "A1%2C%2CB1", "A1%2BB2"],
    );
  const limit = () => value("limit", ["1", "3", "100", "%31%30"], ["101", "0", "-1", "3.0", "%2D1"]);
  const pace = () => value("pace", ["slow", "medium", "fast"], ["quick"]);
  const language = () => value("language", ["en"], ["fr", "EN"]);
  /** A query of some of a route's parameters, now and then with one it does not take or a repeat. */
  const queryOf = (parts: fc.Arbitrary<string>[]) =>
    fc
      .tuple(
        fc
          .subarray(
            parts.map((_, i) => i),
            { maxLength: Math.min(3, parts.length) },
          )
          .chain((picked) => fc.tuple(...picked.map((i) => parts[i] as fc.Arbitrary<string>))),
        fc.oneof(
          { weight: 6, arbitrary: fc.constant([] as string[]) },
          { weight: 1, arbitrary: fc.constantFrom(["unknown=1"], ["api_key=wc_x"], ["limit=2", "limit=3"]) },
        ),
      )
      .map(([chosen, extra]) => [...chosen, ...extra].join("&"));
  const request = () =>
    fc
      .oneof(
        fc.tuple(
          fc
            .constantFrom(...words, "zzzqx", "runing", "don't", "caf%C3%A9", "a+b")
            .map((w) => `/v1/words/${w}/clips`),
          queryOf([
            language(),
            value("gloss", ["en", "ja", "es"], ["zz", "EN"]),
            level(),
            value("match", ["strict", "forms", "fuzzy"], ["sloppy"]),
            value("order", ["recent"], ["random", "newest"]),
            limit(),
            value("occurrences", ["first", "all"], ["every"]),
            pace(),
            value("cursor", [wordCursor], [`${wordCursor}x`, feedCursor]),
          ]),
        ),
        fc.tuple(
          fc.constantFrom(...clipIds, "no-such-clip", "bad.id").map((id) => `/v1/clips/${id}/transcript`),
          queryOf([value("words", ["true", "false"], ["1", "yes"])]),
        ),
        fc.tuple(
          fc.constant("/v1/feed"),
          queryOf([
            value("seed", ["s1", "user-42", "s1.s2"], ["x".repeat(129)]),
            level(),
            language(),
            value("topic", ["food", "travel", "everyday"], ["nope"]),
            pace(),
            limit(),
            value("cursor", [feedCursor], [`${feedCursor}x`, wordCursor]),
          ]),
        ),
        fc.tuple(
          fc.constant("/v1/words"),
          queryOf([
            value("q", ["a", "ac", "acc", "zzzq", "'", ""], ["x".repeat(101)]),
            language(),
            value("gloss", ["en", "ja", "ru"], ["zz"]),
            level(),
            value("hasClips", ["true", "false"], ["1"]),
            limit(),
            value("cursor", [wordsCursor], [`${wordsCursor}x`, feedCursor]),
          ]),
        ),
      )
      .map(([path, query]) => (query === "" ? path : `${path}?${query}`));

  it("answers a plain request as the framework does, and leaves the rest to it", async () => {
    let inFront = 0;
    let handedOn = 0;
    await fc.assert(
      fc.asyncProperty(request(), async (url) => {
        const direct = await fetch(`${frontUrl}${url}`);
        const framework = await app.inject({ url });
        if (direct.status === 418) {
          handedOn++;
          return;
        }
        inFront++;
        expect(direct.status, url).toBe(200);
        expect(framework.statusCode, url).toBe(200);
        expect(Buffer.from(await direct.arrayBuffer()).equals(framework.rawPayload), url).toBe(true);
        for (const name of ["etag", "cache-control", "content-type", "content-length"]) {
          expect(direct.headers.get(name), `${name} of ${url}`).toBe(String(framework.headers[name]));
        }
      }),
      { numRuns: 2000, seed: 20261126 },
    );
    // Both sides were exercised: plain requests answered in front, the others handed on.
    expect(inFront).toBeGreaterThan(30);
    expect(handedOn).toBeGreaterThan(30);
  });
});
