/**
 * GET /v1/feed end to end: the seed echoed or drawn, one order per seed continued by cursors, a full walk
 * that lists every clip once, the level and topic filters, and the cursors it refuses.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectClipFields,
  expectError,
  expectPlainEmbed,
  LEVELS,
  PACE_WPM,
  paceOfClip,
  SLOW_TESTS,
  TOPICS,
  walkPages,
  withByte,
  withCursor,
} from "./support/api-checks.js";
import { type ApiResponse, startTestServer, type TestKey, type TestServer } from "./support/server.js";

interface FeedClip {
  clipId: string;
  wordsPerMinute: number;
  level: string;
  topic: string;
  language: string;
}

let server: TestServer;
let key: TestKey;
/** Clips in the English index, as /corpus counts them. */
let corpusClips: number;

beforeAll(async () => {
  server = await startTestServer();
  key = server.keys.generous;
  const corpus = await server.api("/v1/corpus");
  corpusClips = corpus.body.languages.find((l: { language: string }) => l.language === "en").clips;
});

afterAll(async () => {
  await server?.close();
});

function get(path: string, headers?: Record<string, string>): Promise<ApiResponse> {
  return server.api(`/v1${path}`, headers === undefined ? { key } : { key, headers });
}

async function walkFeed(query: string): Promise<FeedClip[]> {
  const base = `/v1/feed?${query}`;
  const walk = await walkPages<FeedClip>(server, withCursor(base), "clips", { key });
  return walk.items;
}

function ids(clips: readonly FeedClip[]): string[] {
  return clips.map((c) => c.clipId);
}

describe("the seed", SLOW_TESTS, () => {
  it("echoes a seed it was sent, with clips in the contract's shape and an ETag", async () => {
    const response = await get("/feed?seed=alice&limit=5");
    expect(response.status, response.text).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["clips", "nextCursor", "seed"]);
    expect(response.body.seed).toBe("alice");
    expect(response.body.clips).toHaveLength(5);
    for (const clip of response.body.clips) {
      expectClipFields(clip, response.text);
      expectPlainEmbed(clip, response.text);
      expect(clip).not.toHaveProperty("occurrences");
    }
    expect(typeof response.body.nextCursor).toBe("string");
    expect(response.headers.get("etag")).toEqual(expect.any(String));
    const again = await get("/feed?seed=alice&limit=5", {
      "if-none-match": response.headers.get("etag") as string,
    });
    expect(again.status, again.text).toBe(304);
  });

  it("draws a seed when none is sent, echoes it, and marks the answer no-store", async () => {
    const [a, b] = await Promise.all([get("/feed?limit=10"), get("/feed?limit=10")]);
    for (const response of [a, b]) {
      expect(response.status, response.text).toBe(200);
      expect(response.body.seed).toEqual(expect.any(String));
      expect(response.body.seed.length).toBeGreaterThan(0);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("etag")).toBeNull();
    }
    expect(a.body.seed).not.toBe(b.body.seed);
    // The drawn seed is a seed like any other: sent back, it gives the same page.
    const replay = await get(`/feed?limit=10&seed=${encodeURIComponent(a.body.seed)}`);
    expect(ids(replay.body.clips)).toEqual(ids(a.body.clips));
  });

  it("gives the same first page for the same seed, and different orders for different seeds", async () => {
    const pages = await Promise.all(
      ["alice", "alice", "bob", "carol"].map((s) => get(`/feed?seed=${s}&limit=20`)),
    );
    const [alice, aliceAgain, bob, carol] = pages.map((p) => ids(p.body.clips));
    expect(aliceAgain).toEqual(alice);
    expect(bob).not.toEqual(alice);
    expect(carol).not.toEqual(alice);
    expect(carol).not.toEqual(bob);
  });

  it("continues one sequence with seed and cursor", async () => {
    const whole = await get("/feed?seed=dora&limit=30");
    const first = await get("/feed?seed=dora&limit=10");
    const second = await get(`/feed?seed=dora&limit=20&cursor=${first.body.nextCursor}`);
    expect(second.status, second.text).toBe(200);
    expect(second.body.seed).toBe("dora");
    expect([...ids(first.body.clips), ...ids(second.body.clips)]).toEqual(ids(whole.body.clips));
  });

  it("walks every clip of the language exactly once for any seed and page size", async () => {
    let reference: string[] | undefined;
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 40, unit: "grapheme" }).filter((s) => s.length <= 100),
        fc.integer({ min: 40, max: 100 }),
        async (seed, limit) => {
          const walked = ids(await walkFeed(`seed=${encodeURIComponent(seed)}&limit=${limit}`));
          expect(walked, seed).toHaveLength(corpusClips);
          expect(new Set(walked).size, seed).toBe(corpusClips);
          reference ??= [...walked].sort();
          expect([...walked].sort()).toEqual(reference);
        },
      ),
      { numRuns: 8 },
    );
  });

  it("walks the same sequence with small pages as with one large page", async () => {
    const small = ids(await walkFeed("seed=erin&limit=7"));
    const large = ids(await walkFeed("seed=erin&limit=100"));
    expect(small).toEqual(large);
  });

  it.each(["", "x".repeat(129)])("answers 400 invalid_request naming seed for seed=%j", async (seed) => {
    const response = await get(`/feed?seed=${seed}`);
    expectError(response, 400, "invalid_request");
    expect(response.body.error.message).toContain("seed");
  });
});

describe("filters", SLOW_TESTS, () => {
  it("keeps only clips at the levels asked for", async () => {
    const all = await walkFeed("seed=levels&limit=100");
    const clips = await walkFeed("seed=levels&level=A1,C1&limit=100");
    expect(clips.length).toBeGreaterThan(0);
    expect(clips.every((c) => c.level === "A1" || c.level === "C1")).toBe(true);
    expect(ids(clips).sort()).toEqual(ids(all.filter((c) => c.level === "A1" || c.level === "C1")).sort());
  });

  it("keeps only clips of the topic asked for", async () => {
    const all = await walkFeed("seed=topics&limit=100");
    for (const topic of ["food", "science"]) {
      const clips = await walkFeed(`seed=topics&topic=${topic}&limit=100`);
      expect(clips.length, topic).toBeGreaterThan(0);
      expect(clips.every((c) => c.topic === topic)).toBe(true);
      expect(ids(clips).sort()).toEqual(ids(all.filter((c) => c.topic === topic)).sort());
    }
  });

  it("keeps only clips of the pace asked for, alone and with a topic", async () => {
    const all = await walkFeed("seed=paces&limit=100");
    let paced = 0;
    for (const pace of Object.keys(PACE_WPM)) {
      const clips = await walkFeed(`seed=paces&pace=${pace}&limit=100`);
      expect(ids(clips).sort(), pace).toEqual(ids(all.filter((c) => paceOfClip(c) === pace)).sort());
      paced += clips.length;
      const withTopic = await walkFeed(`seed=paces&pace=${pace}&topic=food&limit=100`);
      expect(ids(withTopic).sort(), pace).toEqual(
        ids(all.filter((c) => paceOfClip(c) === pace && c.topic === "food")).sort(),
      );
    }
    expect(paced).toBe(all.filter((c) => c.wordsPerMinute > 0).length);
    expect(paced).toBeGreaterThan(0);
  });

  it("labels every clip of a full walk with a level and a topic of the enumerations", async () => {
    const all = await walkFeed("seed=enums&limit=100");
    for (const clip of all) {
      expect(LEVELS).toContain(clip.level);
      expect(TOPICS).toContain(clip.topic);
      expect(clip.language).toBe("en");
    }
  });

  it("answers a well-formed language the index does not have with no clips", async () => {
    const response = await get("/feed?seed=a&language=xx");
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ seed: "a", clips: [], nextCursor: null });
  });

  it.each([
    ["level", "Z9"],
    ["level", "b1"],
    ["topic", "cooking"],
    ["pace", "quick"],
    ["pace", "Fast"],
    ["language", "EN"],
    ["limit", "0"],
    ["limit", "101"],
    ["limit", "abc"],
  ])("answers 400 invalid_request naming %s for %s=%j", async (name, value) => {
    const response = await get(`/feed?seed=a&${name}=${value}`);
    expectError(response, 400, "invalid_request");
    expect(response.body.error.message).toContain(name);
    expect(response.body.error.message).toContain(JSON.stringify(value));
  });
});

describe("cursors", SLOW_TESTS, () => {
  async function cursorOf(query: string): Promise<string> {
    const response = await get(`/feed?${query}&limit=5`);
    expect(typeof response.body.nextCursor, response.text).toBe("string");
    return response.body.nextCursor as string;
  }

  it("starts a fresh shuffle for a cursor sent without its seed, as the contract says page two does", async () => {
    const cursor = await cursorOf("seed=frank");
    const first = await get(`/feed?seed=frank&limit=5`);
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const response = await get(`/feed?limit=5&cursor=${cursor}`);
      expect(response.status, response.text).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      // A drawn seed, echoed: not frank's order continued.
      expect(response.body.seed).not.toBe("frank");
      expect(response.body.clips).toHaveLength(5);
      expect(typeof response.body.nextCursor).toBe("string");
      seen.add(response.body.seed);
    }
    expect(seen.size).toBe(4);
    // The page is the first of its own seed's order, which its seed then continues.
    const again = await get(`/feed?limit=5&cursor=${cursor}`);
    const replay = await get(`/feed?seed=${encodeURIComponent(again.body.seed)}&limit=5`);
    expect(replay.body.clips).toEqual(again.body.clips);
    expect(first.body.clips).toHaveLength(5);
  });

  it("still answers 400 invalid_request, naming the value, for a malformed cursor sent without a seed", async () => {
    const cursor = await cursorOf("seed=frank");
    for (const bad of [
      "not-a-cursor",
      `${cursor}A`,
      cursor.slice(0, -2),
      "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    ]) {
      const response = await get(`/feed?limit=5&cursor=${bad}`);
      expectError(response, 400, "invalid_request");
      expect(response.body.error.message).toContain("cursor");
      expect(response.body.error.message).toContain(JSON.stringify(bad).slice(0, 20));
    }
  });

  it("answers 400 invalid_request for a cursor sent with another seed", async () => {
    const cursor = await cursorOf("seed=frank");
    expectError(await get(`/feed?seed=grace&limit=5&cursor=${cursor}`), 400, "invalid_request");
  });

  it("answers 400 invalid_request for a cursor sent with another level or topic filter", async () => {
    const cursor = await cursorOf("seed=frank&level=A2,B1&topic=everyday");
    for (const filters of [
      "level=A2,B1",
      "topic=everyday",
      "level=A2&topic=everyday",
      "level=A2,B1&topic=food",
      "level=A2,B1,B2&topic=everyday",
    ]) {
      expectError(await get(`/feed?seed=frank&${filters}&limit=5&cursor=${cursor}`), 400, "invalid_request");
    }
    const same = await get(`/feed?seed=frank&level=B1,A2&topic=everyday&limit=5&cursor=${cursor}`);
    expect(same.status, same.text).toBe(200);
  });

  it("answers 400 invalid_request for a cursor sent with another pace, or without its pace", async () => {
    const cursor = await cursorOf("seed=frank&pace=medium");
    for (const filters of ["pace=fast", "pace=slow", "topic=food&pace=medium", ""]) {
      expectError(await get(`/feed?seed=frank&${filters}&limit=5&cursor=${cursor}`), 400, "invalid_request");
    }
    const plain = await cursorOf("seed=frank");
    expectError(await get(`/feed?seed=frank&pace=medium&limit=5&cursor=${plain}`), 400, "invalid_request");
    const same = await get(`/feed?seed=frank&pace=medium&limit=5&cursor=${cursor}`);
    expect(same.status, same.text).toBe(200);
  });

  it("answers 400 invalid_request for a cursor with any byte changed, or of another endpoint", async () => {
    const cursor = await cursorOf("seed=frank");
    const length = Buffer.from(cursor, "base64url").length;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: length - 1 }),
        fc.integer({ min: 0, max: 255 }),
        async (index, value) => {
          fc.pre(Buffer.from(cursor, "base64url")[index] !== value);
          const response = await get(`/feed?seed=frank&limit=5&cursor=${withByte(cursor, index, value)}`);
          expectError(response, 400, "invalid_request");
        },
      ),
      { numRuns: 30 },
    );
    const words = await get("/words?limit=1");
    expectError(await get(`/feed?seed=frank&cursor=${words.body.nextCursor}`), 400, "invalid_request");
  });
});
