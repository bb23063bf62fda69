/**
 * GET /v1/topics and GET /v1/corpus end to end: every topic with its counts by level, the corpus numbers
 * with and without a key, and both checked against what the other endpoints list.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, ISO_DATE_TIME, LEVELS, SLOW_TESTS, TOPICS, walkPages } from "./support/api-checks.js";
import { type ApiResponse, startTestServer, type TestKey, type TestServer } from "./support/server.js";

interface TopicStat {
  topic: string;
  clips: number;
  byLevel: Record<string, number>;
}

interface CorpusLanguage {
  language: string;
  clips: number;
  channels: number;
  words: number;
  wordsCovered: number;
  coverage: number;
}

let server: TestServer;
let key: TestKey;

beforeAll(async () => {
  server = await startTestServer();
  key = server.keys.generous;
});

afterAll(async () => {
  await server?.close();
});

function get(path: string): Promise<ApiResponse> {
  return server.api(`/v1${path}`, { key });
}

async function english(): Promise<CorpusLanguage> {
  const corpus = await server.api("/v1/corpus");
  expect(corpus.status, corpus.text).toBe(200);
  const en = (corpus.body.languages as CorpusLanguage[]).find((l) => l.language === "en");
  expect(en, corpus.text).toBeDefined();
  return en as CorpusLanguage;
}

describe("GET /topics", SLOW_TESTS, () => {
  it("lists all eleven topics once, each with clips equal to the sum of its counts by level", async () => {
    const response = await get("/topics");
    expect(response.status, response.text).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["language", "topics", "updatedAt"]);
    expect(response.body.language).toBe("en");
    expect(response.body.updatedAt).toMatch(ISO_DATE_TIME);
    const topics = response.body.topics as TopicStat[];
    expect(topics.map((t) => t.topic).sort()).toEqual([...TOPICS].sort());
    for (const topic of topics) {
      const what = JSON.stringify(topic);
      expect(Object.keys(topic).sort(), what).toEqual(["byLevel", "clips", "topic"]);
      expect(Number.isInteger(topic.clips) && topic.clips >= 0, what).toBe(true);
      for (const [level, count] of Object.entries(topic.byLevel)) {
        expect(LEVELS, what).toContain(level);
        expect(Number.isInteger(count) && count >= 0, what).toBe(true);
      }
      const sum = Object.values(topic.byLevel).reduce((a, b) => a + b, 0);
      expect(sum, what).toBe(topic.clips);
    }
  });

  it("counts as many clips over all topics as /corpus counts for the language, at the same build time", async () => {
    const [response, en, corpus] = await Promise.all([
      get("/topics?language=en"),
      english(),
      server.api("/v1/corpus"),
    ]);
    const total = (response.body.topics as TopicStat[]).reduce((a, t) => a + t.clips, 0);
    expect(total, response.text).toBe(en.clips);
    expect(response.body.updatedAt).toBe(corpus.body.updatedAt);
  });

  it("counts per topic and per level the clips the feed lists under that filter", async () => {
    const response = await get("/topics");
    const topics = response.body.topics as TopicStat[];
    for (const topic of [topics[0], topics[4], topics[10]] as TopicStat[]) {
      const base = `/v1/feed?seed=topics&topic=${topic.topic}&limit=100`;
      const walk = await walkPages(server, (c) => (c === undefined ? base : `${base}&cursor=${c}`), "clips", {
        key,
      });
      expect(walk.items.length, topic.topic).toBe(topic.clips);
    }
    for (const level of ["A1", "C2"]) {
      const base = `/v1/feed?seed=topics&level=${level}&limit=100`;
      const walk = await walkPages(server, (c) => (c === undefined ? base : `${base}&cursor=${c}`), "clips", {
        key,
      });
      const expected = topics.reduce((a, t) => a + (t.byLevel[level] ?? 0), 0);
      expect(walk.items.length, level).toBe(expected);
    }
  });

  it("lists every topic with zero clips for a well-formed language the index does not have", async () => {
    const response = await get("/topics?language=xx");
    expect(response.status, response.text).toBe(200);
    expect(response.body.language).toBe("xx");
    const topics = response.body.topics as TopicStat[];
    expect(topics.map((t) => t.topic).sort()).toEqual([...TOPICS].sort());
    for (const topic of topics) {
      expect(topic.clips).toBe(0);
      expect(Object.values(topic.byLevel).every((n) => n === 0)).toBe(true);
    }
  });

  it.each(["EN", "eng", "e", "12"])(
    "answers 400 invalid_request naming language for language=%s",
    async (value) => {
      const response = await get(`/topics?language=${value}`);
      expectError(response, 400, "invalid_request");
      expect(response.body.error.message).toContain("language");
      expect(response.body.error.message).toContain(JSON.stringify(value));
    },
  );

  it("sends an ETag that If-None-Match answers with 304", async () => {
    const first = await get("/topics");
    const etag = first.headers.get("etag") as string;
    expect(etag, first.text).toEqual(expect.any(String));
    const again = await server.api("/v1/topics", { key, headers: { "if-none-match": etag } });
    expect(again.status, again.text).toBe(304);
  });
});

describe("GET /corpus", SLOW_TESTS, () => {
  it("answers without a key the same numbers as with one", async () => {
    const [anonymous, keyed] = await Promise.all([server.api("/v1/corpus"), get("/corpus")]);
    expect(anonymous.status, anonymous.text).toBe(200);
    expect(keyed.status, keyed.text).toBe(200);
    expect(anonymous.body).toEqual(keyed.body);
    const bad = await server.api("/v1/corpus", { key: "wc_thisKeyIsNotKnownToTheServer0" });
    expect(bad.status, bad.text).toBe(200);
    expect(bad.body).toEqual(anonymous.body);
  });

  it("reports each language's counts as integers, coverage as wordsCovered divided by words, and the build time", async () => {
    const response = await server.api("/v1/corpus");
    expect(Object.keys(response.body).sort()).toEqual(["languages", "updatedAt"]);
    expect(response.body.updatedAt).toMatch(ISO_DATE_TIME);
    const languages = response.body.languages as CorpusLanguage[];
    expect(languages.map((l) => l.language)).toContain("en");
    for (const language of languages) {
      const what = JSON.stringify(language);
      expect(Object.keys(language).sort(), what).toEqual([
        "channels",
        "clips",
        "coverage",
        "language",
        "words",
        "wordsCovered",
      ]);
      expect(language.language, what).toMatch(/^[a-z]{2}$/);
      for (const field of ["clips", "channels", "words", "wordsCovered"] as const) {
        expect(Number.isInteger(language[field]) && language[field] >= 0, what).toBe(true);
      }
      expect(language.wordsCovered, what).toBeLessThanOrEqual(language.words);
      expect(language.coverage, what).toBe(language.wordsCovered / language.words);
    }
  });

  it("counts the clips and channels the feed lists, and the words /words lists", async () => {
    const en = await english();
    const base = "/v1/feed?seed=corpus&limit=100";
    const walk = await walkPages<{ channel: { id: string } }>(
      server,
      (c) => (c === undefined ? base : `${base}&cursor=${c}`),
      "clips",
      { key },
    );
    expect(walk.items).toHaveLength(en.clips);
    expect(new Set(walk.items.map((c) => c.channel.id)).size).toBe(en.channels);
    const [covered, all] = await Promise.all([get("/words?limit=1"), get("/words?hasClips=false&limit=1")]);
    expect(covered.body.totalCount).toBe(en.wordsCovered);
    expect(all.body.totalCount).toBe(en.words);
  });

  it("takes no query parameters: one is answered 400 naming it", async () => {
    const response = await server.api("/v1/corpus?language=xx");
    expect(response.status, response.text).toBe(400);
    expect(response.body.error.message).toBe('unknown query parameter "language"; this endpoint takes none');
  });
});
