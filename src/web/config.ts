/** The web app's settings, from `WORDCLIP_SITE*` environment variables, parsed once at start-up. */
import Type, { type Static } from "typebox";
import { Value } from "typebox/value";
import { ConfigError } from "../config.js";

const SiteEnv = Type.Object({
  WORDCLIP_SITE: Type.Union([Type.Literal("on"), Type.Literal("off")], {
    default: "on",
    allowed: '"on" (serve the web app at / and its /site/v1 routes) or "off"',
  }),
  WORDCLIP_SITE_PER_MINUTE: Type.Integer({
    minimum: 0,
    maximum: 1_000_000,
    default: 120,
    allowed: "a whole number of requests a minute per client address from 0 (no limit) to 1000000",
  }),
  WORDCLIP_SITE_KEY: Type.Optional(
    Type.String({
      pattern: "^wc_[0-9A-Za-z]{16,128}$",
      allowed: "a wordclip API key (wc_ and at least 16 letters or digits)",
    }),
  ),
});

export interface SiteConfig {
  /** False: no web app and no /site routes. */
  enabled: boolean;
  /** Requests a minute one client address may make through the /site routes; 0: not limited. */
  perAddressPerMinute: number;
  /** The key the site calls the API with; undefined: the site's own account and a key kept in the data folder. */
  key: string | undefined;
}

export function loadSiteConfig(env: NodeJS.ProcessEnv = process.env): SiteConfig {
  const relevant: Record<string, string> = {};
  for (const name of Object.keys(SiteEnv.properties)) {
    const value = env[name];
    if (value !== undefined && value !== "") relevant[name] = value;
  }
  const parsed = Value.Default(SiteEnv, Value.Convert(SiteEnv, { ...relevant }));
  const problem = Value.Errors(SiteEnv, parsed)[0];
  if (problem) {
    const name = problem.instancePath.replace(/^\//, "").split("/")[0] ?? "";
    const schema = (SiteEnv.properties as Record<string, { allowed?: string }>)[name];
    // A key is a secret: never repeated in a message.
    const shown = name === "WORDCLIP_SITE_KEY" ? "…" : JSON.stringify(relevant[name] ?? "");
    throw new ConfigError(`${name}=${shown} is not valid: must be ${schema?.allowed ?? problem.message}`);
  }
  const e = parsed as Static<typeof SiteEnv>;
  return {
    enabled: e.WORDCLIP_SITE === "on",
    perAddressPerMinute: e.WORDCLIP_SITE_PER_MINUTE,
    key: e.WORDCLIP_SITE_KEY,
  };
}
