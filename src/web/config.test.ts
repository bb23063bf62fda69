import { describe, expect, it } from "vitest";
import { ConfigError } from "../config.js";
import { loadSiteConfig } from "./config.js";

describe("loadSiteConfig", () => {
  it("serves the app, limited to 120 requests a minute per address, with the site's own key by default", () => {
    expect(loadSiteConfig({})).toEqual({ enabled: true, perAddressPerMinute: 120, key: undefined });
  });

  it("reads the switch, the limit (0: none) and a named key", () => {
    const key = "wc_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345";
    expect(
      loadSiteConfig({ WORDCLIP_SITE: "off", WORDCLIP_SITE_PER_MINUTE: "0", WORDCLIP_SITE_KEY: key }),
    ).toEqual({ enabled: false, perAddressPerMinute: 0, key });
  });

  it("stops with a message naming the variable and the allowed values", () => {
    expect(() => loadSiteConfig({ WORDCLIP_SITE_PER_MINUTE: "lots" })).toThrow(ConfigError);
    expect(() => loadSiteConfig({ WORDCLIP_SITE_PER_MINUTE: "-1" })).toThrow(
      /^WORDCLIP_SITE_PER_MINUTE="-1" is not valid: must be a whole number/,
    );
    expect(() => loadSiteConfig({ WORDCLIP_SITE: "yes" })).toThrow(/^WORDCLIP_SITE="yes" is not valid/);
  });

  it("never repeats a key it refuses", () => {
    expect(() => loadSiteConfig({ WORDCLIP_SITE_KEY: "secret-but-wrong" })).toThrow(
      "WORDCLIP_SITE_KEY=… is not valid: must be a wordclip API key (wc_ and at least 16 letters or digits)",
    );
  });
});
