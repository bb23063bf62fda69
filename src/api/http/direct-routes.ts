/**
 * Routes answered before the framework when a request is plain: its path is the route's template with
 * parameters of plain characters, and its query names only parameters the route takes, once each, in plain
 * characters (no `+`; in a value, a percent-escape only of a plain character, as `%2C` for the comma that
 * clients' URL encoders escape), each value one the route's schema accepts as it stands. What the
 * framework's router and validator make of such a request is certain: the same parameters, the same
 * defaults, the same numbers. So the route's own answer function gives the same bytes without routing,
 * hooks and validation. Any other request (another escape, an unknown or repeated parameter, a value the
 * schema would refuse or coerce another way) is left to the framework, which answers it or says what is
 * wrong.
 */
import Type, { type Static, type TObject } from "typebox";
import type { AccessClass } from "../app-type.js";

/** A route's answer for a plain request: its JSON bytes, or undefined when the framework must answer. */
export type DirectAnswer = Buffer | undefined;

export interface DirectRoute {
  readonly access: AccessClass;
  /** The path's parameters and the query as the route's handler gets them, or undefined (not plain). */
  read(
    path: string,
    search: string,
  ): { params: Record<string, unknown>; query: Record<string, unknown> } | undefined;
  /** Throws what the route's handler throws (an ApiError for a client's mistake). */
  answer(params: Record<string, unknown>, query: Record<string, unknown>): DirectAnswer;
}

/** The keywords a value check below honours; a schema using another cannot be read here. */
const KNOWN_KEYWORDS = new Set([
  "type",
  "enum",
  "pattern",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "default",
  "description",
  "x-expected",
]);

interface PropertySchema {
  type?: string;
  enum?: readonly unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
}

/** Plain characters: none the router or the query parser decodes, none a schema could see otherwise. */
const PLAIN_CHARACTER = "[A-Za-z0-9._~,'-]";
const PLAIN_VALUE = new RegExp(`^${PLAIN_CHARACTER}*$`);
/** Plain characters and percent-escapes, some of which may stand for a plain character. */
const ESCAPED_VALUE = new RegExp(`^(?:${PLAIN_CHARACTER}|%[0-9A-Fa-f]{2})*$`);
const ESCAPE = /%([0-9A-Fa-f]{2})/g;
const PLAIN_INTEGER = /^(0|[1-9][0-9]{0,14})$/;
const NOT_PLAIN = Symbol("not plain");

/**
 * A query value as the framework's query parser leaves it when every escape in it stands for a plain
 * character (`A1%2CB2` is `A1,B2`), else undefined. One byte below 0x80 decodes to the same character
 * whatever the decoder, and a decoded value holds no `%`, so nothing is decoded twice.
 */
function plainValue(raw: string): string | undefined {
  if (PLAIN_VALUE.test(raw)) return raw;
  if (!ESCAPED_VALUE.test(raw)) return undefined;
  const value = raw.replace(ESCAPE, (_escape, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return PLAIN_VALUE.test(value) ? value : undefined;
}

/** A value's reader from its schema: the value as validation leaves it, or NOT_PLAIN. */
function valueReader(name: string, schema: PropertySchema): (raw: string) => unknown {
  for (const keyword of Object.keys(schema)) {
    if (!KNOWN_KEYWORDS.has(keyword)) {
      throw new Error(`direct route: parameter ${name} uses the keyword ${keyword}, which is not read here`);
    }
  }
  const { minimum = -Infinity, maximum = Infinity } = schema;
  if (schema.type === "integer") {
    return (raw) => {
      if (!PLAIN_INTEGER.test(raw)) return NOT_PLAIN;
      const value = Number(raw);
      return value >= minimum && value <= maximum ? value : NOT_PLAIN;
    };
  }
  if (schema.type === "boolean") {
    return (raw) => (raw === "true" ? true : raw === "false" ? false : NOT_PLAIN);
  }
  if (schema.type !== "string")
    throw new Error(`direct route: parameter ${name} is not a string, integer or boolean`);
  const allowed = schema.enum === undefined ? undefined : new Set(schema.enum);
  const pattern = schema.pattern === undefined ? undefined : new RegExp(schema.pattern, "u");
  const { minLength = 0, maxLength = Infinity } = schema;
  return (raw) =>
    (allowed === undefined || allowed.has(raw)) &&
    (pattern === undefined || pattern.test(raw)) &&
    raw.length >= minLength &&
    raw.length <= maxLength
      ? raw
      : NOT_PLAIN;
}

interface ObjectReader {
  names: ReadonlySet<string>;
  read(values: Map<string, string>): Record<string, unknown> | undefined;
}

/** Reads an object of plain values against a TypeBox object schema: defaults filled, required ones present. */
function objectReader(schema: TObject): ObjectReader {
  const properties = schema.properties as Record<string, PropertySchema>;
  const required = new Set((schema as { required?: string[] }).required ?? []);
  const fields = Object.entries(properties).map(([name, property]) => ({
    name,
    read: valueReader(name, property),
    fallback: property.default,
    required: required.has(name),
  }));
  return {
    names: new Set(Object.keys(properties)),
    read(values) {
      const out: Record<string, unknown> = {};
      for (const field of fields) {
        const raw = values.get(field.name);
        if (raw === undefined) {
          if (field.fallback !== undefined) out[field.name] = field.fallback;
          else if (field.required) return undefined;
          continue;
        }
        const value = field.read(raw);
        if (value === NOT_PLAIN) return undefined;
        out[field.name] = value;
      }
      return out;
    },
  };
}

/**
 * `a=1&b=2` as a map of decoded values, or undefined when a part is empty, has no `=`, repeats a name or is
 * not plain.
 */
function plainPairs(search: string, names: ReadonlySet<string>): Map<string, string> | undefined {
  const values = new Map<string, string>();
  if (search === "") return values;
  for (const part of search.split("&")) {
    const eq = part.indexOf("=");
    if (eq <= 0) return undefined;
    const name = part.slice(0, eq);
    if (!names.has(name) || values.has(name)) return undefined;
    const value = plainValue(part.slice(eq + 1));
    if (value === undefined) return undefined;
    values.set(name, value);
  }
  return values;
}

export interface DirectRouteDefinition<P extends TObject, Q extends TObject> {
  /** The full path template, `:name` for a parameter: `/v1/words/:word/clips`. */
  path: string;
  /** The path parameters' schema; none by default. */
  params?: P;
  query: Q;
  access: AccessClass;
  /** Whether the route answers a plain query here (by default every one). */
  takes?(query: Static<Q>): boolean;
  answer(params: Static<P>, query: Static<Q>): DirectAnswer;
}

/** The parameters of a path without any. */
const NO_PARAMS = Type.Object({});

export function directRoute<P extends TObject = typeof NO_PARAMS, Q extends TObject = TObject>(
  definition: DirectRouteDefinition<P, Q>,
): DirectRoute {
  const segments = definition.path.split("/");
  const paramsReader = objectReader(definition.params ?? NO_PARAMS);
  const queryReader = objectReader(definition.query);
  const readPath = (path: string): Map<string, string> | undefined => {
    const parts = path.split("/");
    if (parts.length !== segments.length) return undefined;
    const values = new Map<string, string>();
    for (let i = 0; i < parts.length; i++) {
      const template = segments[i] as string;
      const part = parts[i] as string;
      if (template.startsWith(":")) {
        if (part === "" || !PLAIN_VALUE.test(part)) return undefined;
        values.set(template.slice(1), part);
      } else if (part !== template) return undefined;
    }
    return values;
  };
  return {
    access: definition.access,
    read(path, search) {
      const pathValues = readPath(path);
      if (pathValues === undefined) return undefined;
      const params = paramsReader.read(pathValues);
      if (params === undefined) return undefined;
      const pairs = plainPairs(search, queryReader.names);
      const query = pairs && queryReader.read(pairs);
      if (query === undefined || definition.takes?.(query as Static<Q>) === false) return undefined;
      return { params, query };
    },
    answer: definition.answer as DirectRoute["answer"],
  };
}

/** The route a plain request is for among `routes`, with what it read, or undefined. */
export function readDirect(
  routes: readonly DirectRoute[],
  url: string,
): { route: DirectRoute; params: Record<string, unknown>; query: Record<string, unknown> } | undefined {
  const mark = url.indexOf("?");
  const path = mark < 0 ? url : url.slice(0, mark);
  const search = mark < 0 ? "" : url.slice(mark + 1);
  for (const route of routes) {
    const read = route.read(path, search);
    if (read !== undefined) return { route, ...read };
  }
  return undefined;
}
