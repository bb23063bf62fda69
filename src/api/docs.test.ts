/** The API reference: an OpenAPI 3.1 document that lints clean, and a page that loads only local assets. */
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGate } from "../access/gate/gate.js";
import type { AccessStore } from "../access/store/interface.js";
import { openSqliteAccessStore } from "../access/store/sqlite.js";
import { createMemoryRateWindow } from "../access/window/memory.js";
import { buildApp } from "./app.js";
import type { App } from "./app-type.js";
import { createCursorCodec } from "./cursor.js";
import { BEARER_SCHEME, packageVersion } from "./docs.js";

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{ name: string; in: string; required: boolean; schema: { default?: unknown } }>;
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: unknown }>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  security: Array<Record<string, string[]>>;
  tags: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, Record<string, string>> };
}

let app: App;
let store: AccessStore;
let document: Document;
let documentBody: string;

beforeAll(async () => {
  store = openSqliteAccessStore({ path: ":memory:" });
  app = await buildApp(
    {
      snapshots: {
        current: () => {
          throw new Error("the reference needs no snapshot");
        },
      },
      cursors: createCursorCodec("a cursor secret for the reference tests"),
      gate: createGate({ store, window: createMemoryRateWindow() }),
    },
    { logLevel: "silent", trustProxy: false, logger: false },
  );
  const response = await app.inject({ url: "/v1/openapi.json" });
  expect(response.statusCode, response.body).toBe(200);
  documentBody = response.body;
  document = JSON.parse(documentBody) as Document;
});

afterAll(async () => {
  await app.close();
  await store.close();
});

function operations(): Array<[string, Operation]> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(
      ([method, op]) => [`${method.toUpperCase()} ${path}`, op] as [string, Operation],
    ),
  );
}

describe("GET /v1/openapi.json", () => {
  it("has no problems under Redocly's recommended rules", async () => {
    // The recommended ruleset as it is: no rule needed turning off, and warnings fail the test too, so the
    // document integrators generate clients from stays clean as routes are added.
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: documentBody, absoluteRef: "openapi.json", config });
    const listed = problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(", ")}`,
    );
    expect(listed).toEqual([]);
  });

  it("is OpenAPI 3.1 titled wordclip, with the package version and a relative server", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.title).toBe("wordclip");
    expect(document.info.version).toBe(packageVersion());
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(document.servers).toEqual([{ url: "/", description: "This server" }]);
  });

  it("describes authentication, the error envelope, rate-limit headers and cursors", () => {
    const text = document.info.description;
    for (const phrase of [
      "Authorization: Bearer <key>",
      '"error"',
      "X-RateLimit-Remaining",
      "nextCursor",
      "opaque",
    ]) {
      expect(text).toContain(phrase);
    }
  });

  it("lists the endpoints of the contract, the phrase lookup, and none of the service routes", () => {
    expect(Object.keys(document.paths).sort()).toEqual([
      "/v1/clips/{clipId}",
      "/v1/clips/{clipId}/transcript",
      "/v1/corpus",
      "/v1/feed",
      "/v1/phrases/{phrase}/clips",
      "/v1/topics",
      "/v1/usage",
      "/v1/words",
      "/v1/words/{word}/clips",
    ]);
  });

  it("requires the bearer key everywhere except GET /v1/corpus", () => {
    expect(document.components.securitySchemes[BEARER_SCHEME]).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    expect(document.security).toEqual([{ [BEARER_SCHEME]: [] }]);
    for (const [name, op] of operations()) {
      if (name === "GET /v1/corpus") expect(op.security, name).toEqual([]);
      else expect(op.security, name).toBeUndefined();
    }
  });

  it("gives every operation an id, a summary and a tag the document describes", () => {
    const ids = operations().map(([, op]) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const described = new Set(document.tags.filter((t) => t.description).map((t) => t.name));
    for (const [name, op] of operations()) {
      expect(op.operationId, name).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(op.summary, name).toBeTruthy();
      for (const tag of op.tags ?? []) expect(described.has(tag), `${name} tag ${tag}`).toBe(true);
    }
  });

  it("makes the shared schemas components and refers to them", () => {
    for (const id of ["ErrorEnvelope", "Word", "ClipWithOccurrences", "ClipDetail", "FeedClip"]) {
      expect(Object.keys(document.components.schemas), id).toContain(id);
      expect(documentBody, id).toContain(`"#/components/schemas/${id}"`);
    }
    expect(documentBody).not.toContain('"$id"');
  });

  it("describes every field of a feed item, the echoed seed and every feed parameter", () => {
    const feedClip = document.components.schemas.FeedClip as {
      description?: string;
      properties: Record<string, { description?: string; $ref?: string; properties?: object }>;
    };
    expect(feedClip.description).toEqual(expect.any(String));
    expect(Object.keys(feedClip.properties)).toEqual(
      expect.arrayContaining(["clipId", "videoId", "title", "level", "topic", "embedUrl", "watchUrl"]),
    );
    for (const [field, schema] of Object.entries(feedClip.properties)) {
      expect(schema.description, `FeedClip.${field}`).toEqual(expect.any(String));
    }
    const feed = document.paths["/v1/feed"]?.get as Operation & {
      responses: Record<
        string,
        { content?: Record<string, { schema: { properties: Record<string, { description?: string }> } }> }
      >;
    };
    const body = feed.responses["200"]?.content?.["application/json"]?.schema.properties ?? {};
    expect(Object.keys(body).sort()).toEqual(["clips", "nextCursor", "seed"]);
    for (const [field, schema] of Object.entries(body)) {
      expect(schema.description, `feed ${field}`).toEqual(expect.any(String));
    }
    expect(body.seed?.description).toMatch(/drew/);
    const parameters = (feed.parameters ?? []) as Array<{ name: string; description?: string }>;
    expect(parameters.map((p) => p.name).sort()).toEqual([
      "cursor",
      "language",
      "level",
      "limit",
      "pace",
      "seed",
      "topic",
    ]);
    for (const parameter of parameters)
      expect(parameter.description, parameter.name).toEqual(expect.any(String));
  });

  it("documents the pace filter with its thresholds on lookups and the feed, and wordsPerMinute on every clip", () => {
    for (const path of ["/v1/words/{word}/clips", "/v1/phrases/{phrase}/clips", "/v1/feed"]) {
      const parameters = (document.paths[path]?.get?.parameters ?? []) as Array<{
        name: string;
        required: boolean;
        description?: string;
        schema: { enum?: string[] };
      }>;
      const pace = parameters.find((p) => p.name === "pace");
      expect(pace, path).toMatchObject({ required: false, schema: { enum: ["slow", "medium", "fast"] } });
      expect(pace?.description, path).toMatch(/slow below 140, medium 140 to 169, fast 170 or more/);
    }
    for (const id of ["ClipWithOccurrences", "ClipDetail", "FeedClip"]) {
      const schema = document.components.schemas[id] as {
        required: string[];
        properties: Record<string, { type?: string; description?: string }>;
      };
      expect(schema.required, id).toContain("wordsPerMinute");
      expect(schema.properties.wordsPerMinute?.type, id).toBe("integer");
      expect(schema.properties.wordsPerMinute?.description, id).toMatch(
        /gaps between the starts of consecutive/,
      );
    }
  });

  it("renders every error response with the envelope and a description of what the status means", () => {
    const envelope = { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } };
    let errors = 0;
    for (const [name, op] of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        errors++;
        expect(response.content, `${name} ${status}`).toEqual(envelope);
        expect(response.description, `${name} ${status}`).not.toBe("Every error response has this body.");
      }
      if (name !== "GET /v1/corpus") {
        expect(op.responses["401"]?.description, name).toMatch(/^invalid_key/);
        expect(op.responses["401"]?.headers, name).toHaveProperty("WWW-Authenticate");
      }
    }
    expect(errors).toBeGreaterThan(8);
    expect(document.paths["/v1/words/{word}/clips"]?.get?.responses["429"]?.headers).toHaveProperty(
      "Retry-After",
    );
  });

  it("documents the rate-limit headers on every response", () => {
    for (const [name, op] of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        expect(Object.keys(response.headers ?? {}), `${name} ${status}`).toEqual(
          expect.arrayContaining(["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"]),
        );
      }
    }
  });

  it("documents the statuses a route answers to a request it refuses: 400, 401 and 503", async () => {
    const account = await store.createAccount({ plan: "trial" });
    const { secret } = await store.createKey({ accountId: account.id });
    for (const [name, op] of operations()) {
      const path = (name.split(" ")[1] as string).replace(/\{[^}]+\}/g, "x");
      for (const headers of [{}, { authorization: `Bearer ${secret}` }]) {
        const response = await app.inject({ url: `${path}?unknownParameter=1`, headers });
        expect(Object.keys(op.responses), `${name} answered ${response.statusCode}`).toContain(
          String(response.statusCode),
        );
      }
      // A route that checks a key answers 503 unavailable when the access store does not answer.
      if (op.security?.length !== 0) {
        expect(op.responses["503"]?.description, name).toMatch(/unavailable/);
        expect(op.responses["503"]?.headers, name).toHaveProperty("Retry-After");
      }
    }
  });

  it("documents 304 on the answers that carry an ETag, and not on /usage", () => {
    expect(document.paths["/v1/words/{word}/clips"]?.get?.responses).toHaveProperty("304");
    expect(document.paths["/v1/usage"]?.get?.responses).not.toHaveProperty("304");
  });

  it("does not mark query parameters that have a default as required", () => {
    for (const [name, op] of operations()) {
      for (const parameter of op.parameters ?? []) {
        if (parameter.in === "query" && parameter.schema.default !== undefined) {
          expect(parameter.required, `${name} ${parameter.name}`).toBe(false);
        }
      }
    }
    const wordClips = document.paths["/v1/words/{word}/clips"]?.get?.parameters ?? [];
    expect(wordClips.find((p) => p.name === "word")).toMatchObject({ in: "path", required: true });
  });

  it("needs no key and is not rate limited", async () => {
    const response = await app.inject({ url: "/v1/openapi.json" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["x-ratelimit-limit"]).toBeUndefined();
  });
});

describe("GET /docs", () => {
  it("answers an HTML page whose scripts, styles and icons all come from this server", async () => {
    const page = await app.inject({ url: "/docs" });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).not.toMatch(/(https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}/i);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
    expect(assets.length).toBeGreaterThanOrEqual(5);
    for (const asset of assets) {
      expect(asset, asset).toMatch(/^\/docs\//);
      const loaded = await app.inject({ url: asset });
      expect(loaded.statusCode, `${asset}: ${loaded.body.slice(0, 200)}`).toBe(200);
    }
  });

  it("forbids the browser to load anything from another host", async () => {
    const page = await app.inject({ url: "/docs" });
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:|\*|validator/);
  });

  it("points the page at this server's own document", async () => {
    const initializer = await app.inject({ url: "/docs/static/swagger-initializer.js" });
    expect(initializer.body).toContain("resolveUrl('./json')");
    expect(initializer.body).toContain("validatorUrl: null");
    const json = await app.inject({ url: "/docs/json" });
    expect(JSON.parse(json.body)).toEqual(document);
  });
});
