/**
 * Shared checks for the end-to-end API tests: the error envelope, the rate-limit headers, the contract's
 * record shapes, walking every page of a list, cursor tampering, and an oracle of publication days read
 * from the snapshot being served (the API does not expose a clip's date, but `order=recent` sorts by it).
 */
import { readFileSync } from "node:fs";
import Database from "better-sqlite3";
import { expect } from "vitest";
import type { ApiOptions, ApiResponse, TestServer } from "./server.js";

// The contract's enumerations written out from the spec, not imported from the code under test: an
// end-to-end test that took them from the implementation could not catch a value missing there.
export const LEVELS = ["A1", "A2", "B1", "B2", "C1", "C2"] as const;
export const GLOSSES = ["en", "es", "ja", "pt", "ru", "tr", "zh"] as const;
export const TOPICS = [
  "everyday",
  "food",
  "travel",
  "sport",
  "science",
  "business",
  "technology",
  "entertainment",
  "health",
  "learning",
  "other",
] as const;

/** The pace classes as the reference documents them: words per minute from (inclusive) and below. */
export const PACE_WPM: Readonly<Record<string, readonly [number, number]>> = {
  slow: [1, 140],
  medium: [140, 170],
  fast: [170, Number.POSITIVE_INFINITY],
};

/** The documented pace class of a clip's wordsPerMinute; undefined without measurable speech (0). */
export function paceOfClip(clip: { wordsPerMinute: number }): string | undefined {
  return Object.keys(PACE_WPM).find((pace) => {
    const [from, below] = PACE_WPM[pace] as readonly [number, number];
    return clip.wordsPerMinute >= from && clip.wordsPerMinute < below;
  });
}

/** UUID of any version, lower case, as the service prints clip ids. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** An ISO 8601 date-time as `Date.prototype.toISOString` writes it. */
export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** A 4xx/5xx answer in the contract's envelope, never cached, with this status and code. */
export function expectError(response: ApiResponse, status: number, code: string): void {
  expect(response.status, response.text).toBe(status);
  expect(response.headers.get("content-type") ?? "", response.text).toMatch(/^application\/json/);
  expect(response.body, response.text).toEqual({
    error: expect.objectContaining({ code, message: expect.any(String) }),
  });
  expect(response.body.error.message.length, response.text).toBeGreaterThan(0);
  expect(response.headers.get("cache-control"), response.text).toBe("no-store");
  expect(response.headers.get("etag"), response.text).toBeNull();
}

/** `X-RateLimit-Limit`, `-Remaining` and `-Reset` as the spec's table says: counts and Unix seconds. */
export function expectRateHeaders(response: ApiResponse, what: string): void {
  const limit = response.headers.get("x-ratelimit-limit");
  const remaining = response.headers.get("x-ratelimit-remaining");
  const reset = response.headers.get("x-ratelimit-reset");
  expect(limit, `${what}: ${response.text}`).toMatch(/^\d+$/);
  expect(remaining, `${what}: ${response.text}`).toMatch(/^\d+$/);
  expect(reset, `${what}: ${response.text}`).toMatch(/^\d+$/);
  expect(Number(remaining), what).toBeLessThanOrEqual(Number(limit));
  const nowS = Date.now() / 1000;
  // The window is the calendar minute: it rolls over within the next sixty seconds.
  expect(Number(reset), what).toBeGreaterThan(nowS - 5);
  expect(Number(reset), what).toBeLessThanOrEqual(Math.ceil(nowS) + 61);
}

/** Waits out the last seconds of a clock minute, so a burst of requests falls in one window. */
export async function awayFromMinuteEnd(marginMs = 10_000): Promise<void> {
  const intoMinuteMs = Date.now() % 60_000;
  if (intoMinuteMs > 60_000 - marginMs) {
    await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinuteMs + 50));
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The fields every clip record carries, with the types of the spec's Clip table. */
export function expectClipFields(clip: Record<string, unknown>, what: string): void {
  expect(clip, what).toMatchObject({
    clipId: expect.stringMatching(UUID),
    videoId: expect.any(String),
    title: expect.any(String),
    language: expect.stringMatching(/^[a-z]{2}$/),
    level: expect.toBeOneOf([...LEVELS]),
    durationS: expect.any(Number),
    wordsPerMinute: expect.any(Number),
    channel: { id: expect.any(String), name: expect.any(String) },
  });
  expect(Number.isInteger(clip.wordsPerMinute), what).toBe(true);
  expect(clip.wordsPerMinute as number, what).toBeGreaterThanOrEqual(0);
  const videoId = clip.videoId as string;
  expect(videoId.length, what).toBeGreaterThan(0);
  expect(Number.isInteger(clip.durationS), what).toBe(true);
  expect(clip.durationS as number, what).toBeGreaterThan(0);
  expect(clip.durationS as number, what).toBeLessThanOrEqual(180);
  expect(clip.embedUrl, what).toMatch(
    /^https:\/\/www\.youtube(-nocookie)?\.com\/embed\/[A-Za-z0-9_-]+(\?start=(0|[1-9]\d*))?$/,
  );
  expect(new URL(clip.embedUrl as string).pathname, what).toBe(`/embed/${videoId}`);
  expect(clip.watchUrl, what).toBe(`https://www.youtube.com/watch?v=${videoId}`);
}

/** A clip summary's embed URL without a start: clip metadata and the feed. */
export function expectPlainEmbed(clip: Record<string, unknown>, what: string): void {
  expect(clip.embedUrl, what).toBe(`https://www.youtube-nocookie.com/embed/${clip.videoId}`);
}

/**
 * A lookup result's embed URL: it starts one second before the first listed occurrence, in whole seconds
 * rounded down, never before 0.
 */
export function expectEmbedAtFirstOccurrence(clip: Record<string, unknown>, what: string): void {
  const occurrences = clip.occurrences as Array<{ tStart: number }>;
  expect(occurrences.length, what).toBeGreaterThan(0);
  const tStart = (occurrences[0] as { tStart: number }).tStart;
  const start = Math.max(0, Math.floor(tStart) - 1);
  expect(clip.embedUrl, what).toBe(`https://www.youtube-nocookie.com/embed/${clip.videoId}?start=${start}`);
  expect(start, what).toBeLessThanOrEqual(tStart);
  expect(tStart - start, what).toBeLessThan(2);
}

export interface Walk<T> {
  items: T[];
  pages: number;
  totalCounts: number[];
}

/**
 * Follows `nextCursor` from the first page to the last. `pathFor(cursor)` builds each page's path; `field`
 * names the array of items. Stops with a failure after `maxPages`, so a cursor loop cannot hang a test.
 */
/** The path of each page of a list: `base` first, then `base` with the cursor of the page before. */
export function withCursor(base: string): (cursor: string | undefined) => string {
  return (cursor) => (cursor === undefined ? base : `${base}&cursor=${cursor}`);
}

export async function walkPages<T>(
  server: TestServer,
  pathFor: (cursor: string | undefined) => string,
  field: string,
  options: ApiOptions,
  maxPages = 1_000,
): Promise<Walk<T>> {
  const items: T[] = [];
  const totalCounts: number[] = [];
  let cursor: string | undefined;
  for (let pages = 1; pages <= maxPages; pages++) {
    const path = pathFor(cursor);
    const response = await server.api(path, options);
    expect(response.status, `${path}: ${response.text}`).toBe(200);
    const page = response.body[field] as T[];
    expect(Array.isArray(page), response.text).toBe(true);
    items.push(...page);
    if (typeof response.body.totalCount === "number") totalCounts.push(response.body.totalCount);
    const next = response.body.nextCursor as string | null;
    if (next === null) return { items, pages, totalCounts };
    expect(typeof next, response.text).toBe("string");
    expect(page.length, `a page before the last one is empty: ${path}`).toBeGreaterThan(0);
    cursor = next;
  }
  throw new Error(`more than ${maxPages} pages`);
}

/** `cursor` with byte `index` (of its base64url bytes) replaced by `value`, re-encoded. */
export function withByte(cursor: string, index: number, value: number): string {
  const bytes = Buffer.from(cursor, "base64url");
  bytes[index % bytes.length] = value;
  return bytes.toString("base64url");
}

/** Percent-encodes every byte of the UTF-8 form except unreserved characters (RFC 3986). */
export function percentEncode(value: string): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/**
 * Publication day (days since 1970-01-01) of every clip in a snapshot file, by clip id: the oracle for
 * "newest first". Read-only: the server keeps serving the same file.
 */
export function publicationDays(snapshotPath: string): Map<string, number> {
  const db = new Database(snapshotPath, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare("SELECT clip_id, published_day FROM clips").raw().all() as Array<
      [string, number]
    >;
    return new Map(rows);
  } finally {
    db.close();
  }
}

/** Lower case, accents folded, separators collapsed to one space: how the service compares words. */
export function fold(word: string): string {
  return word
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}']+/gu, " ")
    .trim();
}

export interface CatalogueLine {
  word: string;
  level: string;
  meanings: Partial<Record<string, string>>;
  variants?: string[];
}

let catalogue: Map<string, CatalogueLine[]> | undefined;

/** The shipped English catalogue line of `word`: the oracle for levels and meanings. */
export function catalogueLine(word: string): CatalogueLine {
  if (catalogue === undefined) {
    catalogue = new Map();
    const text = readFileSync(new URL("../../data/catalogue/en.jsonl", import.meta.url), "utf8");
    for (const line of text.split("\n")) {
      if (line.trim() === "") continue;
      const entry = JSON.parse(line) as CatalogueLine;
      catalogue.set(entry.word, [...(catalogue.get(entry.word) ?? []), entry]);
    }
  }
  const lines = catalogue.get(word) ?? [];
  if (lines.length !== 1)
    throw new Error(`"${word}" has ${lines.length} lines in the catalogue; pick another word`);
  return lines[0] as CatalogueLine;
}

/**
 * For describe blocks whose tests walk every page or run properties: a few hundred requests each, which
 * take seconds alone and longer beside other test files on a loaded machine.
 */
export const SLOW_TESTS = { timeout: 120_000 } as const;
