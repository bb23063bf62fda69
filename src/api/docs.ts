/**
 * The API reference: an OpenAPI 3.1 document generated from the route schemas, served at
 * `/v1/openapi.json`, and a readable page at `/docs` whose assets all come from this server.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { App } from "./app-type.js";
import { API_DESCRIPTION, TAGS } from "./docs-text.js";
import { createRouteDocumenter } from "./docs-transform.js";
import { ErrorEnvelope } from "./errors.js";
import { ClipDetail, ClipWithOccurrences, FeedClip, Word } from "./schemas.js";

export const DOCS_PATH = "/docs";
export const BEARER_SCHEME = "apiKey";

/**
 * The page loads scripts, styles and images from this server only; `data:` images are Swagger UI's
 * inline icons. Inline styles stay allowed because Swagger UI's stylesheet sets some.
 */
const DOCS_CSP =
  "default-src 'self'; base-uri 'self'; connect-src 'self'; font-src 'self'; frame-ancestors 'self'; " +
  "img-src 'self' data:; object-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'";

/** This package's version, from the package.json above this module (src/… or dist/src/…). */
export function packageVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = path.join(dir, "package.json");
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (pkg.name === "wordclip" && typeof pkg.version === "string") return pkg.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no wordclip package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

export async function registerDocs(app: App, prefix: string): Promise<void> {
  const documenter = createRouteDocumenter([ErrorEnvelope, Word, ClipWithOccurrences, ClipDetail, FeedClip]);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "wordclip",
        version: packageVersion(),
        description: API_DESCRIPTION,
        license: { name: "MIT", identifier: "MIT" },
      },
      // Relative: the document is right wherever the server is reached (a proxy, another port).
      servers: [{ url: "/", description: "This server" }],
      tags: [...TAGS],
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: "http",
            scheme: "bearer",
            description: "An API key (`wc_…`), sent as `Authorization: Bearer <key>`.",
          },
        },
      },
      security: [{ [BEARER_SCHEME]: [] }],
    },
    transform: documenter.transform,
    transformObject: (document) =>
      "openapiObject" in document ? documenter.finish(document.openapiObject) : document.swaggerObject,
    // Schemas a route refers to with `$ref` (after `app.addSchema`) are named by their `$id`, not `def-N`.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === "string" ? json.$id : `def-${i}`,
    },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PATH,
    staticCSP: DOCS_CSP,
    theme: { title: "wordclip API reference" },
    uiConfig: { docExpansion: "list", deepLinking: true, defaultModelsExpandDepth: 1 },
  });
  app.get(`${prefix}/openapi.json`, { config: { access: "none" }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
