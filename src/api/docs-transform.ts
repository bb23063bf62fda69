/**
 * Turns a route's schema into what the OpenAPI document shows: shared schemas (those with an `$id`) become
 * components referenced by `$ref`, every response carries its description and the rate-limit headers,
 * routes that need no key say so, and service routes are left out.
 */
import type { SwaggerTransform } from "@fastify/swagger";
import type { FastifySchema } from "fastify";
import { ENDPOINT_SUMMARIES, STATUS_DESCRIPTIONS, TAGS } from "./docs-text.js";
import { ErrorEnvelope } from "./errors.js";

type JsonObject = Record<string, unknown>;

const COMPONENT_REF = "#/components/schemas/";
/** Where @fastify/swagger takes a response's description from, leaving the body schema's own alone. */
const RESPONSE_DESCRIPTION = "x-response-description";

const RATE_LIMIT_HEADERS: JsonObject = {
  "X-RateLimit-Limit": { type: "integer", description: "Requests allowed in the minute window." },
  "X-RateLimit-Remaining": { type: "integer", description: "Requests left in the minute window." },
  "X-RateLimit-Reset": { type: "integer", description: "Unix seconds when the minute window rolls over." },
};

const HEADERS_BY_STATUS: Readonly<Record<string, JsonObject>> = {
  "401": { "WWW-Authenticate": { type: "string", description: 'Always `Bearer realm="wordclip"`.' } },
  "429": { "Retry-After": { type: "integer", description: "Seconds to wait; on rate_limited only." } },
  "503": { "Retry-After": { type: "integer", description: "Seconds to wait before trying again." } },
};

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A schema's `$id` when it names a schema resource (a fragment-only `$id` is an anchor, not a resource). */
function sharedId(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  const id = value.$id;
  return typeof id === "string" && id !== "" && !id.startsWith("#") ? id : undefined;
}

/** Fastify's `/words/:word/clips` as OpenAPI writes it: `/words/{word}/clips`. */
function openapiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
}

/** `GET /v1/words/{word}/clips` → `getWordsByWordClips`, for routes that name no operation. */
function operationIdOf(method: string, url: string): string {
  const words = url
    .split("/")
    .filter((part) => part !== "" && part !== "v1")
    .flatMap((part) => (part.startsWith("{") ? ["By", part.slice(1, -1)] : [part]))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter((part) => part !== "")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1));
  return method.toLowerCase() + words.join("");
}

export interface RouteDocumenter {
  transform: SwaggerTransform;
  /** Adds the shared schemas the routes referenced, and any tag a route used that the list lacks. */
  finish<T extends object>(document: T): T;
}

/**
 * `canonical`: the shared schemas as declared, by `$id`. A route may spread one to give it a description
 * of its own (`{ ...ErrorEnvelope, description }`); the component is always the declared schema.
 */
export function createRouteDocumenter(canonical: readonly unknown[]): RouteDocumenter {
  const declared = new Map<string, JsonObject>();
  for (const schema of canonical) {
    const id = sharedId(schema);
    if (id !== undefined && isObject(schema)) declared.set(id, schema);
  }
  const components = new Map<string, unknown>();
  const usedTags = new Set<string>();

  /** A deep copy in which every shared schema is replaced by a reference to its component. */
  function referenced(node: unknown): unknown {
    if (Array.isArray(node)) return node.map(referenced);
    if (!isObject(node)) return node;
    const id = sharedId(node);
    if (id !== undefined) {
      if (!components.has(id)) {
        // Set first: a schema that refers to itself ends at this placeholder instead of recursing forever.
        components.set(id, {});
        const { $id: _id, ...fields } = declared.get(id) ?? node;
        components.set(id, copyFields(fields));
      }
      return { $ref: `${COMPONENT_REF}${id}` };
    }
    return copyFields(node);
  }

  function copyFields(node: JsonObject): JsonObject {
    const copy: JsonObject = {};
    for (const [key, value] of Object.entries(node)) copy[key] = referenced(value);
    return copy;
  }

  function response(status: string, schema: unknown): JsonObject {
    const source = isObject(schema) ? schema : {};
    const id = sharedId(source);
    const declaredDescription = id === undefined ? undefined : declared.get(id)?.description;
    const own = typeof source.description === "string" && source.description !== declaredDescription;
    const fallback = status.startsWith("2") ? undefined : STATUS_DESCRIPTIONS[status];
    const description = own
      ? (source.description as string)
      : (fallback ??
        (declaredDescription as string | undefined) ??
        STATUS_DESCRIPTIONS[status] ??
        "Response");
    const body = referenced(source) as JsonObject;
    return {
      ...body,
      // Beside a `$ref` only the plain description survives; in a schema it would describe the body instead.
      ...(body.$ref === undefined ? { [RESPONSE_DESCRIPTION]: description } : { description }),
      headers: { ...RATE_LIMIT_HEADERS, ...(HEADERS_BY_STATUS[status] ?? {}) },
    };
  }

  /** A query parameter with a default may be left out by the client, whatever the validation schema says. */
  function querystring(schema: unknown): unknown {
    const copy = referenced(schema);
    if (!isObject(copy) || !Array.isArray(copy.required) || !isObject(copy.properties)) return copy;
    const properties = copy.properties;
    copy.required = copy.required.filter((name) => {
      const property = properties[String(name)];
      return !(isObject(property) && "default" in property);
    });
    return copy;
  }

  const transform: SwaggerTransform = ({ schema, url: routeUrl, route }) => {
    const url = openapiPath(routeUrl);
    const access = route.config?.access ?? "none";
    // Service routes (health, the reference itself) are for operators, not part of the integrators' contract.
    if (access === "none") return { schema: { ...schema, hide: true }, url: routeUrl };

    const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method);
    const documented: JsonObject = {};
    for (const [key, value] of Object.entries(schema ?? {})) {
      if (key !== "response")
        documented[key] = key === "querystring" ? querystring(value) : referenced(value);
    }
    const responses: JsonObject = {};
    for (const [status, body] of Object.entries((schema?.response ?? {}) as JsonObject)) {
      responses[status] = response(status, body);
    }
    // Every route that checks a key answers 503 when the access store does not answer (access-hook.ts).
    if ((access === "keyed" || access === "usage") && responses["503"] === undefined) {
      responses["503"] = response("503", ErrorEnvelope);
    }
    // A per-request policy (random order, unseeded feed) still answers 304 when it caches at all.
    const cache = route.config?.cache;
    if ((cache === "snapshot" || typeof cache === "function") && responses["304"] === undefined) {
      responses["304"] = {
        type: "null",
        description: STATUS_DESCRIPTIONS["304"],
        headers: RATE_LIMIT_HEADERS,
      };
    }
    documented.response = responses;

    const tag = url.split("/").filter((part) => part !== "" && part !== "v1")[0];
    if (documented.tags === undefined && tag !== undefined) documented.tags = [tag];
    for (const name of (documented.tags as string[] | undefined) ?? []) usedTags.add(name);
    documented.summary ??= ENDPOINT_SUMMARIES[url];
    documented.operationId ??= operationIdOf(method, url);
    // The document's default is the bearer key; the public endpoint (GET /corpus) overrides it with none.
    if (access === "public") documented.security = [];
    return { schema: documented as FastifySchema, url: routeUrl };
  };

  function finish<T extends object>(document: T): T {
    const fields = document as JsonObject;
    const existing = isObject(fields.components) ? fields.components : {};
    const schemas = isObject(existing.schemas) ? existing.schemas : {};
    const known = new Set(TAGS.map((t) => t.name));
    const tags = [
      ...TAGS.filter((t) => usedTags.has(t.name)),
      ...[...usedTags].filter((name) => !known.has(name)).map((name) => ({ name })),
    ];
    return {
      ...document,
      tags,
      components: { ...existing, schemas: { ...schemas, ...Object.fromEntries(components) } },
    } as T;
  }

  return { transform, finish };
}
