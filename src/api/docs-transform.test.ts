/** How a route's schema is shown in the document: shared schemas as references, descriptions, security. */
import type { RouteOptions } from "fastify";
import Type from "typebox";
import { describe, expect, it } from "vitest";
import { createRouteDocumenter } from "./docs-transform.js";

const Shared = Type.Object({ name: Type.String() }, { $id: "Shared", description: "A shared thing." });
const Outer = Type.Object({ inner: Shared, list: Type.Array(Shared) }, { $id: "Outer" });

/** The value at a path of keys in a JSON-like tree; undefined where the path ends early. */
function at(tree: unknown, ...keys: string[]): unknown {
  let node = tree;
  for (const key of keys)
    node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  return node;
}

function document(
  schema: Record<string, unknown>,
  config: Record<string, unknown>,
  url = "/v1/things/:thingId",
  canonical: unknown[] = [Shared],
) {
  const documenter = createRouteDocumenter(canonical);
  const route = { method: "GET", url, config, schema } as unknown as RouteOptions;
  const result = documenter.transform({ schema, url, route, openapiObject: {} });
  return { schema: result.schema as Record<string, unknown>, url: result.url, finish: documenter.finish };
}

describe("createRouteDocumenter", () => {
  it("replaces shared schemas, nested ones included, by references to components it adds", () => {
    const { schema, finish } = document(
      { response: { 200: Type.Object({ outer: Outer }) } },
      { access: "keyed" },
    );
    expect(at(schema, "response", "200", "properties", "outer")).toEqual({
      $ref: "#/components/schemas/Outer",
    });
    const schemas = at(finish({ components: { schemas: {} } }), "components", "schemas");
    expect(at(schemas, "Outer", "properties", "inner")).toEqual({ $ref: "#/components/schemas/Shared" });
    expect(at(schemas, "Outer", "properties", "list", "items")).toEqual({
      $ref: "#/components/schemas/Shared",
    });
    expect(at(schemas, "Shared")).toEqual({
      type: "object",
      required: ["name"],
      properties: { name: { type: "string" } },
      description: "A shared thing.",
    });
  });

  it("keeps a route's own description of a shared response and the declared schema as the component", () => {
    const { schema, finish } = document(
      {
        response: { 200: Shared, 404: { ...Shared, description: "not_found: no such thing." }, 401: Shared },
      },
      { access: "keyed" },
    );
    expect(at(schema, "response", "404")).toMatchObject({
      $ref: "#/components/schemas/Shared",
      description: "not_found: no such thing.",
    });
    expect(at(schema, "response", "401", "description")).toMatch(/^invalid_key: /);
    expect(at(schema, "response", "200", "description")).toBe("A shared thing.");
    expect(at(schema, "response", "401", "headers")).toHaveProperty("WWW-Authenticate");
    expect(at(finish({}), "components", "schemas", "Shared", "description")).toBe("A shared thing.");
  });

  it("hides routes that need no access check, and opens the public one to callers without a key", () => {
    expect(document({}, { access: "none" }).schema.hide).toBe(true);
    expect(document({}, {}).schema.hide).toBe(true);
    expect(document({}, { access: "public" }).schema.security).toEqual([]);
    expect(document({}, { access: "keyed" }).schema.security).toBeUndefined();
  });

  it("names untagged operations and tags them by their first path segment", () => {
    const { schema, url } = document({}, { access: "keyed" });
    expect(url).toBe("/v1/things/:thingId");
    expect(schema.operationId).toBe("getThingsByThingId");
    expect(schema.tags).toEqual(["things"]);
  });

  it("does not require query parameters that have a default", () => {
    const querystring = Type.Object({ limit: Type.Integer({ default: 20 }), q: Type.String() });
    const { schema } = document({ querystring }, { access: "keyed" });
    expect(at(schema, "querystring", "required")).toEqual(["q"]);
    expect(querystring.required).toEqual(["limit", "q"]);
  });
});
