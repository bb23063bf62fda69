/**
 * A real browser for the web app's tests: Debian's Chromium driven by playwright-core (never a downloaded
 * browser), with every request off the test server's origin refused, except the YouTube IFrame API, which
 * is answered with a small fake so a real video's path runs without the internet. Console errors and page
 * errors are collected; screenshots go to `test-artifacts/web/`.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const ARTIFACTS_DIR = path.join(ROOT, "test-artifacts", "web");

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
}

/**
 * The IFrame API's surface the app uses: a player that keeps its own clock, reports PLAYING (1) and
 * PAUSED (2), and records what it was asked in `window.fakeYouTube`.
 */
const FAKE_IFRAME_API = `
window.fakeYouTube = { players: [] };
window.YT = {
  PlayerState: { PLAYING: 1, PAUSED: 2 },
  Player: class {
    constructor(element, options) {
      this.options = options;
      this.position = options.playerVars.start || 0;
      this.startedAt = undefined;
      this.rate = 1;
      this.calls = [];
      const frame = document.createElement("div");
      frame.className = "fake-youtube";
      frame.dataset.videoId = options.videoId;
      frame.dataset.host = options.host;
      frame.textContent = "video " + options.videoId;
      element.replaceWith(frame);
      window.fakeYouTube.players.push(this);
      setTimeout(() => options.events.onReady && options.events.onReady(), 0);
    }
    now() { return this.startedAt === undefined ? this.position : this.position + (performance.now() - this.startedAt) / 1000 * this.rate; }
    playVideo() { this.calls.push("play"); if (this.startedAt === undefined) this.startedAt = performance.now(); this.options.events.onStateChange({ data: 1 }); }
    pauseVideo() { this.calls.push("pause"); this.position = this.now(); this.startedAt = undefined; this.options.events.onStateChange({ data: 2 }); }
    seekTo(t) { this.calls.push("seek " + t); this.position = t; if (this.startedAt !== undefined) this.startedAt = performance.now(); }
    setPlaybackRate(r) { this.calls.push("rate " + r); this.position = this.now(); if (this.startedAt !== undefined) this.startedAt = performance.now(); this.rate = r; }
    getCurrentTime() { return this.now(); }
    destroy() {}
  },
};
window.onYouTubeIframeAPIReady && window.onYouTubeIframeAPIReady();
`;

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors, failed requests and uncaught exceptions, as they happened. */
  errors: string[];
  /** Requests the page made to other origins (all refused but the faked IFrame API). */
  external: string[];
}

/** A phone's screen (390 by 844 CSS pixels, touch), for `openPage`. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

export async function openPage(
  browser: Browser,
  baseUrl: string,
  options: { viewport?: { width: number; height: number }; isMobile?: boolean; hasTouch?: boolean } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    isMobile: options.isMobile ?? false,
    hasTouch: options.hasTouch ?? false,
    serviceWorkers: "block",
  });
  const errors: string[] = [];
  const external: string[] = [];
  const origin = new URL(baseUrl).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => {
      const url = route.request().url();
      external.push(url);
      if (url === "https://www.youtube.com/iframe_api") {
        return route.fulfill({ status: 200, contentType: "text/javascript", body: FAKE_IFRAME_API });
      }
      return route.abort("blockedbyclient");
    },
  );
  const page = await context.newPage();
  // Well inside a test's time, so a missing element fails with Playwright's own message.
  page.setDefaultTimeout(10_000);
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  return { page, context, errors, external };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
