/**
 * What the web app needs from the server that starts it: the key its /site routes call the API with and
 * the window that limits each client address. `prepareSite` makes them at start-up; `startServer` hands
 * them to the app beside the API's context.
 */
import type { AccessBackends } from "../access/factory.js";
import type { AccessStore } from "../access/store/interface.js";
import type { RateWindow } from "../access/window/interface.js";
import type { Config } from "../config.js";
import { loadSiteConfig, type SiteConfig } from "./config.js";
import { ensureSiteKey } from "./site-key.js";

export interface SiteAccess {
  /** `Bearer <key>` of the site account; undefined when access checks are off. */
  authorization: string | undefined;
  /** Undefined when the per-address limit is off (or access checks are). */
  perAddress: { window: RateWindow; perMinute: number } | undefined;
}

/** The part of the app's context the web app reads; absent: no web app. */
export interface WebContext {
  site?: SiteAccess;
}

/** The site key named by `WORDCLIP_SITE_KEY`, or the site account's kept key (made when missing). */
export async function siteKey(site: SiteConfig, store: AccessStore, dataDir: string): Promise<string> {
  return site.key ?? ensureSiteKey(store, dataDir);
}

/** `{ site }` to add to the app's context, or `{}` when `WORDCLIP_SITE=off`. */
export async function prepareSite(
  config: Pick<Config, "dataDir">,
  access: AccessBackends | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<WebContext> {
  const site = loadSiteConfig(env);
  if (!site.enabled) return {};
  if (access === undefined) return { site: { authorization: undefined, perAddress: undefined } };
  const key = await siteKey(site, access.store, config.dataDir);
  return {
    site: {
      authorization: `Bearer ${key}`,
      perAddress:
        site.perAddressPerMinute > 0
          ? { window: access.window, perMinute: site.perAddressPerMinute }
          : undefined,
    },
  };
}

/**
 * For the primary of `serve --workers N`: makes the site key before the workers start (they would race to
 * make one each). Nothing when the site is off or names its key.
 */
export async function prepareSiteKey(config: Pick<Config, "dataDir">, store: AccessStore): Promise<void> {
  const site = loadSiteConfig();
  if (site.enabled && site.key === undefined) await ensureSiteKey(store, config.dataDir);
}

/** The banner line of `wordclip serve` that says where the web app is; none when it is off. */
export function webAppLines(url: string, env: NodeJS.ProcessEnv = process.env): string[] {
  return loadSiteConfig(env).enabled ? [`Web app: ${url}/`] : [];
}
