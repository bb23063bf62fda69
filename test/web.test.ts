/**
 * The web app in a real browser (Debian's Chromium through playwright-core) against the real server on the
 * test snapshot: search with autocomplete, a corrected misspelling, paging through clips, the transcript
 * player of a generated clip, seeking from the transcript, the YouTube path (its IFrame API faked, as the
 * tests run offline), and a phone-sized run. Every page must end without a console error.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { webBuildDir } from "../src/web/plugin.js";
import { launchBrowser, openPage, PHONE, screenshot, type WatchedPage } from "./support/browser.js";
import { startTestServer, type TestServer } from "./support/server.js";

let server: TestServer;
let browser: Browser;
let desktop: WatchedPage;

beforeAll(async () => {
  if (!existsSync(path.join(webBuildDir(), "index.html"))) {
    throw new Error(`the web app is not built in ${webBuildDir()}: run npm run build first`);
  }
  // The per-address limit has its own tests (web-site.test.ts); these pages make a few hundred requests.
  process.env.WORDCLIP_SITE_PER_MINUTE = "0";
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  desktop = await openPage(browser, server.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

afterEach(() => {
  expect(desktop.errors, "console errors on the page").toEqual([]);
});

/** The API's answer for the same lookup the page makes, with the test's own key. */
async function wordClips(word: string, query = "") {
  const answer = await server.api(`/v1/words/${encodeURIComponent(word)}/clips?limit=20${query}`, {
    key: server.keys.generous,
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body as {
    matchedWord: string;
    matchType: string;
    didYouMean: string[];
    word: { word: string; meaning: string };
    totalCount: number;
    clips: { clipId: string; title: string; generated?: boolean; channel: { name: string } }[];
  };
}

async function visit(page: Page, address: string): Promise<void> {
  await page.goto(`${server.baseUrl}${address}`);
}

describe("the search page", () => {
  it("suggests catalogue words with level and clip count as a prefix is typed, and shows the one picked", async () => {
    const { page } = desktop;
    await visit(page, "/");
    // The search box is the one element labelled "Word", so the plainest locator finds it.
    await page.getByLabel("Word").fill("ru");
    const option = page.getByRole("option", { name: /^run, level A1, \d+ clips$/ });
    await option.waitFor();
    await page.keyboard.press("ArrowDown");
    // Keyboard to the entry, then Enter: the combobox's own way of choosing.
    while ((await option.getAttribute("aria-selected")) !== "true") await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    const expected = await wordClips("run");
    await expect.poll(() => page.locator("#position").textContent()).toBe(`1 of ${expected.totalCount}`);
    expect(new URL(page.url()).search).toBe("?q=run");
    expect(await page.locator(".headword").textContent()).toBe("run");
    expect(await page.locator(".clip-title").textContent()).toBe(expected.clips[0]?.title);
    expect(await page.locator(".attribution").textContent()).toContain(expected.clips[0]?.channel.name);
    await screenshot(page, "search-run");
  });

  it("shows which word a misspelling was read as, with the other candidates as links", async () => {
    const { page } = desktop;
    const expected = await wordClips("becuase");
    expect(expected.matchType).toBe("fuzzy");
    expect(expected.didYouMean.length, JSON.stringify(expected.didYouMean)).toBeGreaterThan(0);
    await visit(page, "/?q=becuase");
    const showing = page.getByTestId("showing");
    await showing.waitFor();
    expect(await showing.textContent()).toBe(
      `Showing results for ${expected.matchedWord} (the nearest spelling to “becuase”).`,
    );
    const links = page.locator(".did-you-mean a");
    expect(await links.allTextContents()).toEqual(expected.didYouMean);
    await screenshot(page, "search-misspelling");
    const other = expected.didYouMean[0] as string;
    await links.first().click();
    await expect
      .poll(() => page.locator(".headword").textContent())
      .toBe((await wordClips(other)).matchedWord);
    expect(new URL(page.url()).searchParams.get("q")).toBe(other);
  });

  it("moves to the next and the previous clip, counting them", async () => {
    const { page } = desktop;
    const expected = await wordClips("run");
    await visit(page, "/?q=run");
    const position = page.locator("#position");
    await expect.poll(() => position.textContent()).toBe(`1 of ${expected.totalCount}`);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect.poll(() => position.textContent()).toBe(`2 of ${expected.totalCount}`);
    await expect.poll(() => page.locator(".clip-title").textContent()).toBe(expected.clips[1]?.title);
    await page.getByRole("button", { name: "Previous", exact: true }).click();
    await expect.poll(() => position.textContent()).toBe(`1 of ${expected.totalCount}`);
    await expect.poll(() => page.locator(".clip-title").textContent()).toBe(expected.clips[0]?.title);
    expect(await page.getByRole("button", { name: "Previous", exact: true }).isDisabled()).toBe(true);
  });
  it("searches several words as the catalogue entry when there is one, else as a phrase spoken in the clips", async () => {
    const { page } = desktop;
    const phrase = (
      await server.api(`/v1/phrases/${encodeURIComponent("a lot of")}/clips?limit=20`, {
        key: server.keys.generous,
      })
    ).body;
    expect(phrase.totalCount).toBeGreaterThan(1);
    await visit(page, "/?q=a+lot+of");
    const position = page.locator("#position");
    await expect.poll(() => position.textContent()).toBe(`1 of ${phrase.totalCount}`);
    expect(await page.locator(".headword").textContent()).toBe("a lot of");
    expect(await page.locator(".word-info").textContent()).toContain("phrase");
    expect(await page.locator(".clip-title").textContent()).toBe(phrase.clips[0]?.title);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect.poll(() => position.textContent()).toBe(`2 of ${phrase.totalCount}`);
    expect(await page.getByTestId("showing").count()).toBe(0);

    const entry = await wordClips("ice cream");
    await visit(page, "/?q=ice+cream");
    await expect.poll(() => position.textContent()).toBe(`1 of ${entry.totalCount}`);
    expect(await page.locator(".meaning").textContent()).toBe(entry.word.meaning);
  });

  it("shows the meaning in the language picked", async () => {
    const { page } = desktop;
    const gloss = async (language: string) =>
      (await server.api(`/v1/words/water/clips?limit=1&gloss=${language}`, { key: server.keys.generous }))
        .body.word.meaning as string;
    const [english, spanish] = [await gloss("en"), await gloss("es")];
    expect(spanish).not.toBe(english);
    await visit(page, "/?q=water");
    await expect.poll(() => page.locator(".meaning").textContent()).toBe(english);
    await page.getByLabel("Meanings in").selectOption("es");
    await expect.poll(() => page.locator(".meaning").textContent()).toBe(spanish);
    expect(new URL(page.url()).searchParams.get("gloss")).toBe("es");
  });

  it("loads the next page of clips when Next passes the first twenty", async () => {
    const { page } = desktop;
    const expected = await wordClips("run");
    expect(expected.totalCount).toBeGreaterThan(21);
    const second = await server.api(
      `/v1/words/run/clips?limit=20&cursor=${(await server.api("/v1/words/run/clips?limit=20", { key: server.keys.generous })).body.nextCursor}`,
      { key: server.keys.generous },
    );
    await visit(page, "/?q=run");
    const position = page.locator("#position");
    await expect.poll(() => position.textContent()).toBe(`1 of ${expected.totalCount}`);
    const next = page.getByRole("button", { name: "Next", exact: true });
    for (let i = 2; i <= 21; i++) {
      await next.click();
      await expect.poll(() => position.textContent()).toBe(`${i} of ${expected.totalCount}`);
    }
    await expect.poll(() => page.locator(".clip-title").textContent()).toBe(second.body.clips[0].title);
  });

  it("works from the keyboard: Enter searches, a level chip toggles with Space and filters", async () => {
    const { page } = desktop;
    await visit(page, "/");
    const box = page.getByRole("combobox", { name: "Word" });
    await expect.poll(() => page.evaluate<string | undefined>("document.activeElement?.id")).toBe("q");
    await box.pressSequentially("water");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator(".headword").textContent()).toBe("water");
    await page.keyboard.press("Tab");
    expect(await page.evaluate<string | undefined>("document.activeElement?.textContent")).toBe("Search");
    await page.keyboard.press("Tab");
    expect(await page.evaluate<string | undefined>("document.activeElement?.id")).toBe("level-A1");
    await page.keyboard.press("Space");
    await expect.poll(() => new URL(page.url()).searchParams.get("level")).toBe("A1");
    const filtered = await wordClips("water", "&level=A1");
    await expect.poll(() => page.locator("#position").textContent()).toBe(`1 of ${filtered.totalCount}`);
    // The position is written before the clip's view is mounted (it waits for the transcript): the view
    // shown in the end is the filtered page's first clip.
    await expect.poll(() => page.locator(".clip-meta").textContent()).toMatch(/^Level A1 /);
  });

  it("keeps the later search's results when an earlier search is answered after it", async () => {
    const { page } = desktop;
    // The second unfiltered lookup of water is answered a second and a half late, after a filtered one.
    const unfiltered = "**/site/v1/words/water/clips?limit=20";
    let seen = 0;
    let answered = 0;
    await page.route(unfiltered, async (route) => {
      seen++;
      if (seen === 2) await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
      answered++;
    });
    try {
      await visit(page, "/?q=water");
      await expect.poll(() => page.locator(".headword").textContent()).toBe("water");
      await page.getByRole("combobox", { name: "Word" }).press("Enter");
      await expect.poll(() => seen).toBe(2);
      await page.locator(`label[for="level-A1"]`).click();
      const filtered = await wordClips("water", "&level=A1");
      await expect.poll(() => page.locator("#position").textContent()).toBe(`1 of ${filtered.totalCount}`);
      // Past the late answer: the page still shows the filtered search.
      await expect.poll(() => answered, { timeout: 5_000 }).toBe(2);
      await page.waitForTimeout(500);
      expect(await page.locator("#position").textContent()).toBe(`1 of ${filtered.totalCount}`);
      await expect.poll(() => page.locator(".clip-meta").textContent()).toMatch(/^Level A1 /);
    } finally {
      await page.unroute(unfiltered);
    }
  });
});

describe("the players", () => {
  /** A word and the position among its first results of a generated clip, or of a (test) real video. */
  async function clipOf(kind: "generated" | "video"): Promise<{ word: string; index: number }> {
    for (const word of ["because", "people", "run", "children", "colour", "better"]) {
      const index = (await wordClips(word)).clips.findIndex(
        (c) => (c.generated === true) === (kind === "generated"),
      );
      if (index !== -1) return { word, index };
    }
    throw new Error(`no test word has a ${kind} clip among its first results`);
  }

  /** Opens the search for `word` and moves to its `index`th clip. */
  async function openClip(page: Page, { word, index }: { word: string; index: number }): Promise<void> {
    await visit(page, `/?q=${encodeURIComponent(word)}`);
    const position = page.locator("#position");
    await expect.poll(() => position.textContent()).toMatch(/^1 of /);
    for (let i = 0; i < index; i++) {
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await expect.poll(() => position.textContent()).toMatch(new RegExp(`^${i + 2} of `));
    }
  }

  it("plays a generated clip in the transcript player, lighting each word as its time comes", async () => {
    const { page } = desktop;
    await openClip(page, await clipOf("generated"));
    const player = page.getByTestId("transcript-player");
    await player.waitFor();
    expect(await page.locator(".generated-label").textContent()).toContain("Generated demo clip");
    const spoken = player.locator(".spoken");
    const before = await spoken.getAttribute("data-t");
    const current = page.locator("button.cue[aria-current='true']");
    const cueBefore = await current.getAttribute("data-idx");
    // No other control's name holds "Play", so the name alone, not exact, finds the button.
    await page.getByRole("button", { name: "Play" }).click();
    await expect.poll(() => spoken.getAttribute("data-t"), { timeout: 10_000 }).not.toBe(before);
    const later = Number(await spoken.getAttribute("data-t"));
    expect(later).toBeGreaterThan(Number(before));
    // The transcript's current cue follows playback.
    await expect
      .poll(() => current.getAttribute("data-idx"), { timeout: 10_000 })
      .toBe(String(Number(cueBefore) + 1));
    await page.getByRole("button", { name: "Pause", exact: true }).click();
    await screenshot(page, "transcript-player");
  });

  it("seeks to a cue clicked in the transcript, which then shows as current", async () => {
    const { page } = desktop;
    await openClip(page, await clipOf("generated"));
    const cues = page.locator("button.cue");
    await cues.first().waitFor();
    const target = cues.nth(2);
    await target.click();
    await expect.poll(() => target.getAttribute("aria-current")).toBe("true");
    expect(await page.locator("button.cue[aria-current='true']").count()).toBe(1);
    const cueText = (await target.textContent())?.replace(/^\d+:\d\d\s*/, "").replace(/ ◀ now$/, "");
    expect(await page.getByTestId("now-cue").textContent()).toBe(cueText);
  });

  it("plays a real video in the YouTube player on youtube-nocookie, a second before the word", async () => {
    const { page, external } = desktop;
    await openClip(page, await clipOf("video"));
    const frame = page.locator(".fake-youtube");
    await frame.waitFor();
    expect(await frame.getAttribute("data-host")).toBe("https://www.youtube-nocookie.com");
    expect(external).toContain("https://www.youtube.com/iframe_api");
    const watch = page.getByRole("link", { name: "Watch on YouTube" });
    expect(await watch.getAttribute("href")).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=wctest-/);
    await page.getByRole("button", { name: "Hear the word again" }).click();
    await page.getByRole("button", { name: "0.75× speed" }).click();
    expect(await page.getByRole("button", { name: "0.75× speed" }).getAttribute("aria-pressed")).toBe("true");
    const calls = await page.evaluate(
      () =>
        (globalThis as unknown as { fakeYouTube: { players: { calls: string[] }[] } }).fakeYouTube.players.at(
          -1,
        )?.calls,
    );
    expect(calls).toContain("play");
    expect(calls).toContain("rate 0.75");
    expect(calls?.some((call) => call.startsWith("seek "))).toBe(true);
  });
});

describe("the feed", () => {
  it("pages through a seeded order kept in the browser, and filters by level", async () => {
    const { page } = desktop;
    await visit(page, "/feed");
    const position = page.locator("#position");
    await expect.poll(() => position.textContent()).toBe("Clip 1");
    const seed = await page.evaluate<string | null>("localStorage.getItem('wordclip.feed.seed')");
    expect(seed).toMatch(/^[A-Za-z0-9]{16}$/);
    const feed = await server.api(`/v1/feed?seed=${seed}&limit=10`, { key: server.keys.generous });
    expect(feed.status, feed.text).toBe(200);
    const titles = (feed.body.clips as { title: string }[]).map((c) => c.title);
    const title = page.locator(".clip-title");
    await expect.poll(() => title.textContent()).toBe(titles[0]);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect.poll(() => position.textContent()).toBe("Clip 2");
    await expect.poll(() => title.textContent()).toBe(titles[1]);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => title.textContent()).toBe(titles[2]);
    await page.getByRole("button", { name: "Previous", exact: true }).click();
    await expect.poll(() => title.textContent()).toBe(titles[1]);

    // The same browser comes back to the same order.
    await page.reload();
    await expect.poll(() => title.textContent()).toBe(titles[0]);

    await page.locator("label[for='level-C1']").click();
    const c1 = await server.api(`/v1/feed?seed=${seed}&limit=10&level=C1`, { key: server.keys.generous });
    await expect.poll(() => title.textContent()).toBe(c1.body.clips[0].title);
    expect(await page.locator(".clip-meta").textContent()).toMatch(/^Level C1 /);
    await screenshot(page, "feed");
  });
});

describe("the status page", () => {
  it("shows the numbers /v1/corpus returns, and every topic with its clips by level", async () => {
    const { page } = desktop;
    const corpus = await server.api("/v1/corpus");
    const topics = await server.api("/v1/topics", { key: server.keys.generous });
    await visit(page, "/status");
    const en = corpus.body.languages.find((l: { language: string }) => l.language === "en");
    const format = (n: number) => new Intl.NumberFormat("en").format(n);
    await page.getByTestId("clips-en").waitFor();
    expect(await page.getByTestId("clips-en").textContent()).toBe(format(en.clips));
    expect(await page.getByTestId("channels-en").textContent()).toBe(format(en.channels));
    expect(await page.getByTestId("words-en").textContent()).toBe(format(en.words));
    expect(await page.getByTestId("covered-en").textContent()).toBe(format(en.wordsCovered));
    expect(await page.getByTestId("coverage-en").textContent()).toBe(
      new Intl.NumberFormat("en", { style: "percent", maximumFractionDigits: 1 }).format(en.coverage),
    );
    const rows = page.getByTestId("topics-table").locator("tbody tr");
    expect(await rows.count()).toBe(topics.body.topics.length);
    const first = topics.body.topics[0];
    expect(await rows.first().locator("th").textContent()).toBe(first.topic);
    expect(await rows.first().locator("td").last().textContent()).toBe(format(first.clips));
    await screenshot(page, "status");
  });
});

describe("on a phone-sized screen", () => {
  it("searches, plays and pages without scrolling sideways", async () => {
    const phone = await openPage(browser, server.baseUrl, PHONE);
    try {
      const { page } = phone;
      await visit(page, "/?q=run");
      await expect.poll(() => page.locator("#position").textContent()).toMatch(/^1 of \d+$/);
      await page.getByRole("button", { name: "Next", exact: true }).tap();
      await expect.poll(() => page.locator("#position").textContent()).toMatch(/^2 of \d+$/);
      const overflow = await page.evaluate<number>("document.documentElement.scrollWidth - innerWidth");
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, "phone-search");
      await visit(page, "/feed");
      await expect.poll(() => page.locator("#position").textContent()).toBe("Clip 1");
      await screenshot(page, "phone-feed");
      // A swipe to the left is Next; to the right, Previous.
      const card = page.locator("#clip");
      const swipe = async (fromX: number, toX: number) => {
        await card.dispatchEvent("touchstart", {
          changedTouches: [{ identifier: 1, clientX: fromX, clientY: 300 }],
        });
        await card.dispatchEvent("touchend", {
          changedTouches: [{ identifier: 1, clientX: toX, clientY: 310 }],
        });
      };
      await swipe(320, 80);
      await expect.poll(() => page.locator("#position").textContent()).toBe("Clip 2");
      await swipe(80, 320);
      await expect.poll(() => page.locator("#position").textContent()).toBe("Clip 1");
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});
