/**
 * The web app at `/`, `/feed` and `/status`: the pages and hashed assets that `npm run build` writes to
 * `dist/web` (Vite, from `src/web/app`), and the same-origin `/site/v1` routes the pages call.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { App } from "../api/app-type.js";
import type { ApiContext } from "../api/context.js";
import type { WebContext } from "./site.js";
import { registerSiteRoutes } from "./site-routes.js";

/** Path → page file of the build. */
export const PAGES: Readonly<Record<string, string>> = {
  "/": "index.html",
  "/feed": "feed.html",
  "/status": "status.html",
};

/**
 * Scripts and styles come from this origin only; the YouTube IFrame API (loaded for real videos only)
 * and its player frame are the one exception.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://www.youtube.com https://s.ytimg.com",
  "frame-src https://www.youtube-nocookie.com https://www.youtube.com",
  "img-src 'self' data: https://i.ytimg.com",
  "style-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Hashed file names never change content: a year, immutable. */
const ASSET_MAX_AGE = "365d";

/** The build's folder, `dist/web` under the project root, found from this module (src/… or dist/src/…). */
export function webBuildDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 6; up++) {
    if (existsSync(path.join(dir, "package.json"))) return path.join(dir, "dist", "web");
    dir = path.dirname(dir);
  }
  throw new Error(`cannot find the project root above ${fileURLToPath(import.meta.url)}`);
}

interface Page {
  html: string;
  etag: string;
}

function loadPages(dir: string): Map<string, Page> | undefined {
  const pages = new Map<string, Page>();
  for (const [route, file] of Object.entries(PAGES)) {
    const full = path.join(dir, file);
    if (!existsSync(full)) return undefined;
    const html = readFileSync(full, "utf8");
    pages.set(route, {
      html,
      etag: `"${createHash("sha256").update(html).digest("base64url").slice(0, 22)}"`,
    });
  }
  return pages;
}

function pageHeaders(reply: FastifyReply, etag: string): void {
  reply.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
  reply.header("X-Content-Type-Options", "nosniff");
  reply.header("Referrer-Policy", "strict-origin-when-cross-origin");
  // Pages name the current hashed assets: always revalidated, so a new build shows at once.
  reply.header("Cache-Control", "no-cache");
  reply.header("ETag", etag);
}

async function registerPages(web: FastifyInstance, dir: string): Promise<void> {
  const pages = loadPages(dir);
  for (const [route, page] of pages ?? new Map<string, Page>()) {
    web.get(route, (request, reply) => {
      pageHeaders(reply, page.etag);
      if (request.headers["if-none-match"] === page.etag) return reply.code(304).send();
      return reply.type("text/html; charset=utf-8").send(page.html);
    });
  }
  if (pages === undefined) {
    web.log.warn({ dir }, "the web app is not built (npm run build): / answers 503");
    for (const route of Object.keys(PAGES)) {
      web.get(route, (_request, reply) =>
        reply
          .code(503)
          .header("Cache-Control", "no-store")
          .type("text/plain; charset=utf-8")
          .send("The web app is not built: run npm run build, then start the server again.\n"),
      );
    }
    return;
  }
  await web.register(fastifyStatic, {
    root: path.join(dir, "assets"),
    prefix: "/assets/",
    decorateReply: false,
    index: false,
    immutable: true,
    maxAge: ASSET_MAX_AGE,
    setHeaders(res) {
      res.header("X-Content-Type-Options", "nosniff");
    },
  });
}

/** Registers nothing when the context has no site (`WORDCLIP_SITE=off`, or an app built without one). */
export async function registerWeb(
  app: App,
  ctx: ApiContext & WebContext,
  dir = webBuildDir(),
): Promise<void> {
  const site = ctx.site;
  if (site === undefined) return;
  const api = app as unknown as FastifyInstance;
  await app.register(async (web) => {
    const instance = web as unknown as FastifyInstance;
    await registerPages(instance, dir);
    registerSiteRoutes(instance, api, site);
  });
}
