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
import { launchBrowser, openPage, PHONE, type WatchedPage } from "./support/browser.js";
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

async function api(pathAndQuery: string) {
  return server.api(pathAndQuery, { key: server.keys.generous });
}

async function visit(page: Page, address: string): Promise<void> {
  await page.goto(`${server.baseUrl}${address}`);
}

const message = (page: Page) => page.locator("#message");

/** Answers a routed request as a server busy for 3 s would: 503 unavailable. */
const busy = (route: Route) =>
  route.fulfill({
    status: 503,
    contentType: "application/json",
    body: JSON.stringify({ error: { code: "unavailable", message: "busy", retryAfter: 3 } }),
  });

describe("what is typed", () => {
  it("says why a text with no letters, or longer than the API takes, cannot be searched, asking nothing", async () => {
    const { page } = desktop;
    for (const [q, said] of [
      ["!!!", "Type a word: “!!!” has no letters or digits."],
      ["..", "Type a word: “..” has no letters or digits."],
      ["x".repeat(300), "A word has at most 100 characters; this one has 300."],
      [Array(13).fill("go").join(" "), "A phrase has at most 12 words; this one has 13."],
    ] as const) {
      siteRequests.length = 0;
      await visit(page, `/?q=${encodeURIComponent(q)}`);
      await expect.poll(() => message(page).textContent()).toBe(said);
      expect(await page.locator("#results").isHidden()).toBe(true);
      expect(siteRequests, q).toEqual([]);
    }
    expect(desktop.errors).toEqual([]);
  });

  it("asks for a word when only spaces are searched", async () => {
    const { page } = desktop;
    await visit(page, "/");
    siteRequests.length = 0;
    await page.getByRole("combobox", { name: "Word" }).fill("   ");
    await page.keyboard.press("Enter");
    await expect.poll(() => message(page).textContent()).toBe("Type a word or a phrase to search.");
    expect(await page.evaluate<string | undefined>("document.activeElement?.id")).toBe("q");
    expect(new URL(page.url()).search).toBe("");
    expect(siteRequests).toEqual([]);
  });

  it("searches a phrase longer than a word may be as a phrase", async () => {
    const { page } = desktop;
    const q = Array(11).fill("wonderfully").join(" ");
    expect(q.length).toBeGreaterThan(100);
    const phrase = await api(`/v1/phrases/${encodeURIComponent(q)}/clips?limit=20`);
    await visit(page, `/?q=${encodeURIComponent(q)}`);
    if (phrase.status === 200) {
      await expect.poll(() => page.locator(".headword").textContent()).toBe(phrase.body.phrase);
    } else {
      expect(phrase.status, phrase.text).toBe(404);
      await expect
        .poll(() => message(page).textContent())
        .toBe(`No clip says “${q.slice(0, 40)}…”, in any form of its words.`);
    }
  });

  it("offers the close words a refused lookup names, as links that search them", async () => {
    const { page } = desktop;
    let found: { q: string; guesses: string[] } | undefined;
    for (const q of ["qwzx", "zzxq", "xqjv", "vbnmq", "kqxz"]) {
      const answer = await api(`/v1/words/${q}/clips`);
      const guesses = /did you mean: (.+)\?$/.exec(answer.body?.error?.message ?? "")?.[1];
      if (answer.status === 404 && guesses !== undefined) {
        found = { q, guesses: guesses.split(", ") };
        break;
      }
    }
    if (found === undefined) throw new Error("no test word is refused with close words");
    await visit(page, `/?q=${found.q}`);
    await expect
      .poll(() => message(page).textContent())
      .toBe(`“${found.q}” is not in the catalogue. Did you mean: ${found.guesses.join(", ")}?`);
    const links = message(page).getByRole("link");
    expect(await links.allTextContents()).toEqual(found.guesses);
    const first = found.guesses[0] as string;
    await links.first().click();
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(first);
    await expect.poll(() => page.locator(".headword").textContent()).toBe(first);
  });

  it("says a word has no clips yet, naming the levels only when some are chosen", async () => {
    const { page } = desktop;
    let word: string | undefined;
    for (const prefix of ["ca", "ba", "re", "st", "pa", "de"]) {
      const page = await api(`/v1/words?q=${prefix}&hasClips=false&limit=100`);
      word = (page.body.words as { word: string; clipCount: number }[]).find(
        (w) => w.clipCount === 0 && /^[a-z]+$/.test(w.word),
      )?.word;
      if (word !== undefined) break;
    }
    if (word === undefined) throw new Error("no catalogue word without clips found");
    await visit(page, `/?q=${word}`);
    await expect.poll(() => message(page).textContent()).toBe(`No clips of “${word}” yet.`);
    await page.locator("label[for='level-B2']").click();
    await expect
      .poll(() => message(page).textContent())
      .toBe(`No clips of “${word}” at the chosen levels (B2).`);
  });

  it("keeps a long word that is not in the catalogue inside a phone's screen", async () => {
    const phone = await openPage(browser, server.baseUrl, PHONE);
    try {
      const { page } = phone;
      await visit(page, `/?q=${"zq".repeat(50)}`);
      await expect.poll(() => message(page).textContent()).toMatch(/is not in the catalogue/);
      const overflow = await page.evaluate<number>("document.documentElement.scrollWidth - innerWidth");
      expect(overflow).toBeLessThanOrEqual(0);
      // Breaking long words splits no number or name of the status table: it scrolls in its own box.
      await visit(page, "/status");
      await page.getByTestId("topics-table").waitFor();
      // Cells whose text the browser lays out over more than one line.
      const split = await page.evaluate<
        string[]
      >(`[...document.querySelectorAll("[data-testid=topics-table] td, [data-testid=topics-table] th")]
        .filter((cell) => { const range = document.createRange(); range.selectNodeContents(cell); return range.getClientRects().length > 1; })
        .map((cell) => cell.textContent)`);
      expect(split).toEqual([]);
      expect(
        await page.evaluate<number>("document.documentElement.scrollWidth - innerWidth"),
      ).toBeLessThanOrEqual(0);
      expect(unexpectedErrors(phone.errors)).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});

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

  it("shows no other clip under the position of one that failed to load, and the next clip clears the problem", async () => {
    const { page } = desktop;
    const run = await api("/v1/words/run/clips?limit=20");
    const clips = run.body.clips as { clipId: string; title: string }[];
    const failing = `**/site/v1/clips/${clips[1]?.clipId}/transcript*`;
    await page.route(failing, busy);
    try {
      await visit(page, "/?q=run");
      const title = page.locator(".clip-title");
      await expect.poll(() => title.textContent()).toBe(clips[0]?.title);
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await expect
        .poll(() => message(page).textContent())
        .toBe("The server is busy or restarting: try again in 3 s.");
      expect(await page.locator("#position").textContent()).toBe(`2 of ${run.body.totalCount}`);
      expect(await title.count()).toBe(0);
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await expect.poll(() => title.textContent()).toBe(clips[2]?.title);
      expect(await message(page).textContent()).toBe("");
    } finally {
      await page.unroute(failing);
    }
  });
});

describe("the meaning's language", () => {
  it("changes the meaning and keeps the clip shown", async () => {
    const { page } = desktop;
    const spanish = await api("/v1/words/water/clips?limit=20&gloss=es");
    await visit(page, "/?q=water");
    const position = page.locator("#position");
    await expect.poll(() => position.textContent()).toBe(`1 of ${spanish.body.totalCount}`);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect.poll(() => position.textContent()).toBe(`3 of ${spanish.body.totalCount}`);
    await page.getByLabel("Meanings in").selectOption("es");
    await expect.poll(() => page.locator(".meaning").textContent()).toBe(spanish.body.word.meaning);
    expect(await position.textContent()).toBe(`3 of ${spanish.body.totalCount}`);
    await expect.poll(() => page.locator(".clip-title").textContent()).toBe(spanish.body.clips[2].title);
    expect(new URL(page.url()).search).toBe("?q=water&gloss=es&clip=3");
  });
});

describe("the words searched, in the transcript", () => {
  it("marks every word of a phrase and of a catalogue entry of two words where the clip says them", async () => {
    const { page } = desktop;
    const marked = () =>
      page
        .locator(".cues mark")
        .allTextContents()
        .then((texts) => texts.map((t) => t.toLowerCase()).join(" "));
    await visit(page, "/?q=a+lot+of");
    await expect.poll(() => page.locator("#position").textContent()).toMatch(/^1 of /);
    await expect.poll(marked).toBe("a lot of");
    await visit(page, "/?q=ice+cream");
    await expect.poll(() => page.locator(".meaning").textContent()).not.toBe("");
    await expect.poll(marked).toContain("ice cream");
  });
});

describe("the way back", () => {
  it("keeps the clip shown in the address, so a reload or a shared link comes back to it", async () => {
    const { page } = desktop;
    const top = (await api("/v1/words?limit=1")).body.words[0].word as string;
    const all = await api(`/v1/words/${encodeURIComponent(top)}/clips?limit=100`);
    const total = all.body.totalCount as number;
    expect(total).toBeGreaterThan(25);
    const position = page.locator("#position");
    const title = page.locator(".clip-title");
    await visit(page, `/?q=${encodeURIComponent(top)}`);
    await expect.poll(() => position.textContent()).toBe(`1 of ${total}`);
    expect(new URL(page.url()).searchParams.get("clip")).toBeNull();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("clip")).toBe("3");
    await page.reload();
    await expect.poll(() => position.textContent()).toBe(`3 of ${total}`);
    await expect.poll(() => title.textContent()).toBe(all.body.clips[2].title);
    // A link to a clip on the second page loads the pages up to it.
    await visit(page, `/?q=${encodeURIComponent(top)}&clip=25`);
    await expect.poll(() => position.textContent()).toBe(`25 of ${total}`);
    await expect.poll(() => title.textContent()).toBe(all.body.clips[24].title);
    await page.getByRole("button", { name: "Previous", exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("clip")).toBe("24");
    // Past the last clip, or not a number: the first.
    await visit(page, `/?q=${encodeURIComponent(top)}&clip=${total + 1}`);
    await expect.poll(() => position.textContent()).toBe(`1 of ${total}`);
    expect(new URL(page.url()).searchParams.get("clip")).toBeNull();
  });

  it("going back to the empty page stops the clip and gives the page its own title again", async () => {
    const { page } = desktop;
    await visit(page, "/");
    const empty = await page.title();
    await page.getByRole("combobox", { name: "Word" }).fill("run");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#position").textContent()).toMatch(/^1 of /);
    await page.getByRole("button", { name: "Play" }).first().waitFor();
    expect(await page.title()).toBe("run · wordclip");
    await page.goBack();
    await expect.poll(() => page.title()).toBe(empty);
    expect(new URL(page.url()).search).toBe("");
    expect(await page.locator("#results").isHidden()).toBe(true);
    expect(await page.locator("#clip").evaluate((node) => node.childElementCount)).toBe(0);
    expect(await page.getByRole("combobox", { name: "Word" }).inputValue()).toBe("");
  });

  it("takes one step back past a search made twice", async () => {
    const { page } = desktop;
    await visit(page, "/");
    const box = page.getByRole("combobox", { name: "Word" });
    await box.fill("water");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator(".headword").textContent()).toBe("water");
    await box.fill("run");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator(".headword").textContent()).toBe("run");
    await box.press("Enter");
    await expect.poll(() => page.locator("#position").textContent()).toMatch(/^1 of /);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("water");
    await expect.poll(() => page.locator(".headword").textContent()).toBe("water");
  });
});

describe("paging quickly and from the keyboard", () => {
  it("lands on the clip counted when Next is pressed faster than pages load, in the API's order", async () => {
    const { page } = desktop;
    // The word with the most clips: its pages run past the 46th clip.
    const top = (await api("/v1/words?limit=1")).body.words[0].word as string;
    const run = await api(`/v1/words/${encodeURIComponent(top)}/clips?limit=100`);
    expect(run.body.totalCount).toBeGreaterThan(46);
    await visit(page, `/?q=${encodeURIComponent(top)}`);
    const position = page.locator("#position");
    await expect.poll(() => position.textContent()).toBe(`1 of ${run.body.totalCount}`);
    await page.getByRole("button", { name: "Next", exact: true }).focus();
    // 45 presses without waiting: they cross two page boundaries (20 clips a page) while pages load.
    for (let i = 0; i < 45; i++) await page.keyboard.press("Enter");
    await expect.poll(() => position.textContent()).toBe(`46 of ${run.body.totalCount}`);
    await expect.poll(() => page.locator(".clip-title").textContent()).toBe(run.body.clips[45].title);

    await visit(page, "/feed");
    await expect.poll(() => position.textContent()).toBe("Clip 1");
    const seed = await page.evaluate<string | null>("localStorage.getItem('wordclip.feed.seed')");
    const feed = await api(`/v1/feed?seed=${seed}&limit=100`);
    await page.getByRole("button", { name: "Next", exact: true }).focus();
    for (let i = 0; i < 25; i++) await page.keyboard.press("Enter");
    await expect.poll(() => position.textContent()).toBe("Clip 26");
    await expect.poll(() => page.locator(".clip-title").textContent()).toBe(feed.body.clips[25].title);
    // And back over the boundaries the same way, with the arrow key.
    for (let i = 0; i < 20; i++) await page.keyboard.press("ArrowLeft");
    await expect.poll(() => position.textContent()).toBe("Clip 6");
    await expect.poll(() => page.locator(".clip-title").textContent()).toBe(feed.body.clips[5].title);
  });

  it("moves with the arrow keys on the search page, and keeps the focus on the pager at either end", async () => {
    const { page } = desktop;
    const entry = await api(`/v1/words/${encodeURIComponent("ice cream")}/clips?limit=20`);
    const total = entry.body.totalCount as number;
    expect(total).toBeGreaterThan(1);
    expect(total).toBeLessThanOrEqual(20);
    await visit(page, "/?q=ice+cream");
    const position = page.locator("#position");
    await expect.poll(() => position.textContent()).toBe(`1 of ${total}`);
    const focused = () => page.evaluate<string | undefined>("document.activeElement?.id");
    await page.getByRole("button", { name: "Next", exact: true }).focus();
    for (let i = 2; i <= total; i++) {
      await page.keyboard.press("Enter");
      await expect.poll(() => position.textContent()).toBe(`${i} of ${total}`);
    }
    // Next is disabled on the last clip: the focus moved to Previous, not to the page's start.
    expect(await page.getByRole("button", { name: "Next", exact: true }).isDisabled()).toBe(true);
    expect(await focused()).toBe("prev");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => position.textContent()).toBe(`${total - 1} of ${total}`);
    await expect
      .poll(() => page.locator(".clip-title").textContent())
      .toBe(entry.body.clips[total - 2].title);
    for (let i = total - 2; i >= 1; i--) {
      await page.keyboard.press("Enter");
      await expect.poll(() => position.textContent()).toBe(`${i} of ${total}`);
    }
    expect(await focused()).toBe("next");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => position.textContent()).toBe(`2 of ${total}`);
    // Arrows typed in the search box move its caret, not the clips.
    await page.getByRole("combobox", { name: "Word" }).focus();
    await page.keyboard.press("ArrowLeft");
    expect(await position.textContent()).toBe(`2 of ${total}`);
  });
});

describe("the feed when the server fails", () => {
  it("shows no other clip under the number of one that failed to load, nor after a new filter's order failed", async () => {
    const { page } = desktop;
    await visit(page, "/feed");
    const position = page.locator("#position");
    const title = page.locator(".clip-title");
    await expect.poll(() => position.textContent()).toBe("Clip 1");
    const seed = await page.evaluate<string | null>("localStorage.getItem('wordclip.feed.seed')");
    const feed = await api(`/v1/feed?seed=${seed}&limit=10`);
    const clips = feed.body.clips as { clipId: string; title: string }[];
    await expect.poll(() => title.textContent()).toBe(clips[0]?.title);
    const failing = `**/site/v1/clips/${clips[1]?.clipId}/transcript*`;
    await page.route(failing, busy);
    try {
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await expect
        .poll(() => message(page).textContent())
        .toBe("The server is busy or restarting: try again in 3 s.");
      expect(await position.textContent()).toBe("Clip 2");
      expect(await title.count()).toBe(0);
    } finally {
      await page.unroute(failing);
    }
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect.poll(() => title.textContent()).toBe(clips[2]?.title);
    expect(await message(page).textContent()).toBe("");

    const orders = "**/site/v1/feed?*";
    await page.route(orders, (route) => route.abort("internetdisconnected"));
    try {
      await page.locator("label[for='level-C1']").click();
      await expect
        .poll(() => message(page).textContent())
        .toBe("The server could not be reached: check the connection and try again.");
      expect(await title.count()).toBe(0);
      expect(await position.textContent()).toBe("");
      expect(await page.getByRole("button", { name: "Next", exact: true }).isDisabled()).toBe(true);
    } finally {
      await page.unroute(orders);
    }
  });
});

describe("a real video when the YouTube player does not start", () => {
  it("says so and plays the transcript on a timer instead", async () => {
    const { page } = desktop;
    let found: { word: string; index: number } | undefined;
    for (const word of ["because", "people", "run", "children", "colour", "better"]) {
      const answer = await api(`/v1/words/${word}/clips?limit=20`);
      const index = (answer.body.clips as { generated?: boolean }[]).findIndex((c) => c.generated !== true);
      if (index !== -1) {
        found = { word, index };
        break;
      }
    }
    if (found === undefined) throw new Error("no test word has a real video among its first results");
    // The API's script loads, but nothing it needs after it does: the player never says it is ready.
    const iframeApi = "https://www.youtube.com/iframe_api";
    await page.route(iframeApi, (route) =>
      route.fulfill({ status: 200, contentType: "text/javascript", body: "// blocked further on" }),
    );
    try {
      await visit(page, `/?q=${found.word}&clip=${found.index + 1}`);
      await expect
        .poll(() => page.locator(".player-status").textContent(), { timeout: 20_000 })
        .toBe("the YouTube player did not start; the transcript plays on a timer instead.");
      await page.getByRole("button", { name: "Play", exact: true }).click();
      await expect.poll(() => page.locator("button.play").textContent()).toBe("Pause");
    } finally {
      await page.unroute(iframeApi);
    }
  });
});
