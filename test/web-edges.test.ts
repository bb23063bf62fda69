/**
 * The search page where a learner leaves the happy path, in a real browser (Debian's Chromium) against the
 * real server: text that is no word, a word the catalogue lacks, a word without clips, the server refusing
 * or failing or out of reach, a clip that does not load, and the way back to the empty page. Each ends in
 * a plain sentence on the page, never a blank one or an uncaught error.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { Browser, Page, Route } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { webBuildDir } from "../src/web/plugin.js";
import { launchBrowser, openPage, type WatchedPage } from "./support/browser.js";
import { startTestServer, type TestServer } from "./support/server.js";

let server: TestServer;
let browser: Browser;
let desktop: WatchedPage;
/** Requests the page made to the site routes. */
const siteRequests: string[] = [];

beforeAll(async () => {
  if (!existsSync(path.join(webBuildDir(), "index.html"))) {
    throw new Error(`the web app is not built in ${webBuildDir()}: run npm run build first`);
  }
  process.env.WORDCLIP_SITE_PER_MINUTE = "0";
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  desktop = await openPage(browser, server.baseUrl);
  desktop.page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/site/v1/")) siteRequests.push(`${url.pathname}${url.search}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The browser logs every answer of 400 or more as a failed load; nothing else may reach the console. */
function unexpectedErrors(errors: readonly string[]): string[] {
  return errors.filter(
    (e) =>
      !/^console: Failed to load resource: (the server responded with a status of \d{3}|net::ERR_INTERNET_DISCONNECTED)/.test(
        e,
      ),
  );
}

afterEach(() => {
  expect(unexpectedErrors(desktop.errors), "errors on the page").toEqual([]);
  desktop.errors.length = 0;
});

async function visit(page: Page, address: string): Promise<void> {
  await page.goto(`${server.baseUrl}${address}`);
}

const message = (page: Page) => page.locator("#message");

describe("when the server refuses, fails or cannot be reached", () => {
  const lookup = "**/site/v1/words/run/clips?*";

  async function answeredWith(page: Page, handler: (route: Route) => Promise<void>): Promise<string> {
    await page.route(lookup, handler);
    try {
      await visit(page, "/?q=run");
      await expect.poll(() => message(page).textContent()).not.toBe("");
      expect(await page.locator("#results").isHidden()).toBe(true);
      return (await message(page).textContent()) ?? "";
    } finally {
      await page.unroute(lookup);
    }
  }

  it("tells each failure of a lookup plainly, with the wait the server asked for", async () => {
    const { page } = desktop;
    const json =
      (status: number, error: Record<string, unknown>, headers: Record<string, string> = {}) =>
      (route: Route) =>
        route.fulfill({ status, headers, contentType: "application/json", body: JSON.stringify({ error }) });
    expect(
      await answeredWith(page, json(429, { code: "rate_limited", message: "slow down", retryAfter: 7 })),
    ).toBe("Too many requests just now: try again in 7 s.");
    // A proxy's refusal with its wait in the header alone.
    expect(
      await answeredWith(
        page,
        json(429, { code: "rate_limited", message: "slow down" }, { "Retry-After": "9" }),
      ),
    ).toBe("Too many requests just now: try again in 9 s.");
    expect(
      await answeredWith(
        page,
        json(503, { code: "unavailable", message: "the index is being replaced", retryAfter: 5 }),
      ),
    ).toBe("The server is busy or restarting: try again in 5 s.");
    expect(
      await answeredWith(page, (route) =>
        route.fulfill({ status: 500, contentType: "text/html", body: "<h1>Internal Server Error</h1>" }),
      ),
    ).toBe("The server failed to answer (status 500): try again in a moment.");
    // A captive portal's page in place of the API's JSON.
    expect(
      await answeredWith(page, (route) =>
        route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Sign in to the Wi-Fi</h1>" }),
      ),
    ).toBe("The server's answer could not be read (status 200): try again in a moment.");
    expect(await answeredWith(page, (route) => route.abort("internetdisconnected"))).toBe(
      "The server could not be reached: check the connection and try again.",
    );
    expect(desktop.errors.filter((e) => e.startsWith("page error"))).toEqual([]);
  });
});
