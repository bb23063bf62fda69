/**
 * Writes the client's types from the server's own schemas: the app is built without a snapshot, its
 * OpenAPI document (generated from the routes' TypeBox schemas) is read, and every shared component,
 * query and 200 response becomes a TypeScript declaration, formatted by Biome. The types are never
 * written by hand; `client/test/types.test.ts` fails when `client/src/resources.ts` or `client/src/endpoints.ts` is stale.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../../src/api/app.js";
import { createCursorCodec } from "../../src/api/cursor.js";

type Schema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: "query" | "path";
  required: boolean;
  description?: string;
  schema: Schema;
}

interface Operation {
  operationId: string;
  summary?: string;
  parameters?: Parameter[];
  responses: Record<string, { content?: { "application/json"?: { schema: Schema } } }>;
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** Where the generated declarations go: the resources and enums, and each endpoint's query and answer. */
export const GENERATED_FILES = {
  resources: path.join(ROOT, "client/src/resources.ts"),
  endpoints: path.join(ROOT, "client/src/endpoints.ts"),
} as const;

const HEADER =
  "/**\n * The wordclip v1 API's types, generated from the server's schemas. Do not edit: regenerate with\n" +
  " * `npx vitest run client/test/types.test.ts -u`.\n */\n";

/**
 * The name each endpoint's types carry (`WordsQuery`, `WordsResponse`): readable names instead of the
 * document's operation ids. A new endpoint stops the generator until it is named here and given a method.
 */
export const ENDPOINT_NAMES: Readonly<Record<string, string>> = {
  "/v1/words": "Words",
  "/v1/words/{word}/clips": "WordClips",
  "/v1/phrases/{phrase}/clips": "PhraseClips",
  "/v1/clips/{clipId}": "Clip",
  "/v1/clips/{clipId}/transcript": "Transcript",
  "/v1/topics": "Topics",
  "/v1/corpus": "Corpus",
  "/v1/usage": "Usage",
  "/v1/feed": "Feed",
};

/** The OpenAPI document the server serves at `/v1/openapi.json`, built without a snapshot or a store. */
export async function serverDocument(): Promise<Document> {
  const app = await buildApp(
    {
      snapshots: {
        current: () => {
          throw new Error("the reference needs no snapshot");
        },
      },
      cursors: createCursorCodec("the client type generator reads only the reference"),
      gate: undefined,
    },
    { logLevel: "silent", trustProxy: false, logger: false },
  );
  try {
    const response = await app.inject({ url: "/v1/openapi.json" });
    if (response.statusCode !== 200) throw new Error(`GET /v1/openapi.json answered ${response.statusCode}`);
    return JSON.parse(response.body) as Document;
  } finally {
    await app.close();
  }
}

function isSchema(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function comment(text: unknown, indent = ""): string {
  if (typeof text !== "string" || text === "") return "";
  return `${indent}/** ${text.replaceAll("*/", "*\\/")} */\n`;
}

/** Emits declarations; enums equal to a named one (Level, Gloss, Topic…) are written by name. */
class Emitter {
  private readonly aliases = new Map<string, string>();

  alias(name: string, values: readonly unknown[]): string {
    this.aliases.set(JSON.stringify([...values].sort()), name);
    return `export type ${name} = ${values.map((v) => JSON.stringify(v)).join(" | ")};\n`;
  }

  type(schema: Schema): string {
    if (typeof schema.$ref === "string") return schema.$ref.replace("#/components/schemas/", "");
    if (Array.isArray(schema.enum)) {
      const named = this.aliases.get(JSON.stringify([...schema.enum].sort()));
      return named ?? schema.enum.map((v) => JSON.stringify(v)).join(" | ");
    }
    if ("const" in schema) return JSON.stringify(schema.const);
    const union = schema.anyOf ?? schema.oneOf;
    if (Array.isArray(union)) return union.map((s) => this.type(s as Schema)).join(" | ");
    switch (schema.type) {
      case "string":
        return "string";
      case "integer":
      case "number":
        return "number";
      case "boolean":
        return "boolean";
      case "null":
        return "null";
      case "array": {
        const items = this.type(schema.items as Schema);
        return /[ |]/.test(items) ? `Array<${items}>` : `${items}[]`;
      }
      case "object":
        return this.object(schema);
    }
    throw new Error(`the generator cannot type the schema ${JSON.stringify(schema)}`);
  }

  /** Each property's declaration (its comment, name and type), by name. */
  members(schema: Schema): Map<string, string> {
    const properties = isSchema(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    return new Map(
      Object.entries(properties).map(([name, property]) => {
        const optional = required.has(name) ? "" : "?";
        return [
          name,
          `${comment((property as Schema).description)}${name}${optional}: ${this.type(property as Schema)};`,
        ];
      }),
    );
  }

  object(schema: Schema): string {
    return block([...this.members(schema).values()]);
  }
}

function block(lines: readonly string[]): string {
  return `{\n${lines.join("\n")}\n}`;
}

/** The members every clip resource shares, declared once as `ClipSummary` (the feed's clip). */
const CLIP_SUMMARY = { name: "ClipSummary", from: "FeedClip" } as const;

/** Whether `members` has every member of `base` by name (a clip resource). */
function extendsBase(members: Map<string, string>, base: Map<string, string>): boolean {
  return [...base.keys()].every((name) => members.has(name));
}

function enumOf(schema: unknown, what: string): readonly unknown[] {
  if (isSchema(schema) && Array.isArray(schema.enum)) return schema.enum;
  throw new Error(`the document has no enum at ${what}`);
}

function property(schema: Schema | undefined, name: string): Schema | undefined {
  const properties = schema?.properties;
  return isSchema(properties) && isSchema(properties[name]) ? properties[name] : undefined;
}

/** A level filter is sent as `A1,B2` but typed as a list of levels. */
function isLevelList(parameter: Parameter): boolean {
  return parameter.name === "level" && typeof parameter.schema.pattern === "string";
}

/** The TypeScript sources of the generated files, before formatting. */
export function typesSource(document: Document): { resources: string; endpoints: string } {
  const e = new Emitter();
  const { schemas } = document.components;
  const words = document.paths["/v1/words"]?.get;
  const wordClips = document.paths["/v1/words/{word}/clips"]?.get;
  const param = (op: Operation | undefined, name: string) => op?.parameters?.find((p) => p.name === name);
  const wordClipsBody = wordClips?.responses["200"]?.content?.["application/json"]?.schema;

  let out = `${HEADER}\n`;
  out += comment("CEFR level.") + e.alias("Level", enumOf(property(schemas.Word, "level"), "Word.level"));
  out +=
    comment("Language of word meanings.") + e.alias("Gloss", enumOf(param(words, "gloss")?.schema, "gloss"));
  out +=
    comment("One label from the fixed topic list.") +
    e.alias("Topic", enumOf(property(schemas.ClipDetail, "topic"), "ClipDetail.topic"));
  out +=
    comment("How hard a lookup tries when the word is not in the catalogue.") +
    e.alias("MatchMode", enumOf(param(wordClips, "match")?.schema, "match"));
  out +=
    comment("How the looked-up word was matched.") +
    e.alias("MatchType", enumOf(property(wordClipsBody, "matchType"), "matchType"));
  const errorBody = property(schemas.ErrorEnvelope, "error");
  out +=
    comment("The closed list of error codes.") +
    e.alias("ErrorCode", enumOf(property(errorBody, "code"), "ErrorEnvelope.error.code"));

  const summarySchema = schemas[CLIP_SUMMARY.from];
  const summary = summarySchema === undefined ? new Map<string, string>() : e.members(summarySchema);
  if (summary.size > 0) {
    out += `\n${comment("What every clip resource carries.")}export interface ${CLIP_SUMMARY.name} ${block([...summary.values()])}\n`;
  }
  for (const [name, schema] of Object.entries(schemas)) {
    const members = e.members(schema);
    if (summary.size === 0 || !extendsBase(members, summary)) {
      out += `\n${comment(schema.description)}export interface ${name} ${block([...members.values()])}\n`;
      continue;
    }
    // Members the summary declares the same way are inherited; a different description is declared again.
    const own = [...members].filter(([member, line]) => summary.get(member) !== line).map(([, line]) => line);
    out +=
      own.length === 0
        ? `\n${comment(schema.description)}export type ${name} = ${CLIP_SUMMARY.name};\n`
        : `\n${comment(schema.description)}export interface ${name} extends ${CLIP_SUMMARY.name} ${block(own)}\n`;
  }

  const resources = out;
  const declared = [...resources.matchAll(/^export (?:type|interface) (\w+)/gm)].map((m) => m[1] as string);
  out = "";
  for (const [url, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const name = ENDPOINT_NAMES[url];
      if (method !== "get" || name === undefined) {
        throw new Error(`${method.toUpperCase()} ${url} has no name in ENDPOINT_NAMES and no client method`);
      }
      const query = (operation.parameters ?? []).filter((p) => p.in === "query");
      if (query.length > 0) {
        const lines = query.map((p) => {
          const type = isLevelList(p) ? "readonly Level[]" : e.type(p.schema);
          const fallback =
            p.schema.default === undefined ? "" : ` Default: ${JSON.stringify(p.schema.default)}.`;
          return `${comment(`${p.description ?? ""}${fallback}`.trim())}${p.name}?: ${type};`;
        });
        out += `\n${comment(`Query of GET ${url}.`)}export interface ${name}Query {\n${lines.join("\n")}\n}\n`;
      }
      const body = operation.responses["200"]?.content?.["application/json"]?.schema;
      if (body === undefined) throw new Error(`GET ${url} has no 200 JSON response`);
      const type = e.type(body);
      out += `\n${comment(`Answer of GET ${url}: ${operation.summary ?? ""}.`)}`;
      out += type.startsWith("{")
        ? `export interface ${name}Response ${type}\n`
        : `export type ${name}Response = ${type};\n`;
    }
  }
  const used = declared.filter((name) => new RegExp(`\\b${name}\\b`).test(out)).sort();
  const endpoints = `${HEADER}\nimport type { ${used.join(", ")} } from "./resources.js";\n${out}`;
  return { resources, endpoints };
}

/** The source formatted as the repository's Biome configuration formats it. */
export function formatted(source: string, file: string): string {
  return execFileSync(path.join(ROOT, "node_modules/.bin/biome"), ["format", `--stdin-file-path=${file}`], {
    cwd: ROOT,
    input: source,
    encoding: "utf8",
  });
}

/** The content each generated file must have. */
export async function generateTypes(): Promise<{ resources: string; endpoints: string }> {
  const source = typesSource(await serverDocument());
  return {
    resources: formatted(source.resources, GENERATED_FILES.resources),
    endpoints: formatted(source.endpoints, GENERATED_FILES.endpoints),
  };
}
