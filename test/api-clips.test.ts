/**
 * GET /v1/clips/{clipId} and GET /v1/clips/{clipId}/transcript end to end: one clip by its UUID or its
 * video id, the hand-written clips' exact metadata and cues, transcript invariants over many clips, and
 * the errors both endpoints answer.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  catalogueLine,
  expectClipFields,
  expectError,
  ISO_DATE_TIME,
  LEVELS,
  SLOW_TESTS,
  UUID,
  walkPages,
  withCursor,
} from "./support/api-checks.js";
import { type ApiResponse, startTestServer, type TestKey, type TestServer } from "./support/server.js";

let server: TestServer;
let key: TestKey;
/** Every clip of the snapshot, as the feed lists them. */
// biome-ignore lint/suspicious/noExplicitAny: clip records as the API sends them.
let everyClip: any[];

beforeAll(async () => {
  server = await startTestServer();
  key = server.keys.generous;
  const base = "/v1/feed?seed=every-clip&limit=100";
  everyClip = (
    await walkPages(server, withCursor(base), "clips", {
      key,
    })
  ).items;
});

afterAll(async () => {
  await server?.close();
});

function get(path: string): Promise<ApiResponse> {
  return server.api(`/v1${path}`, { key });
}

interface Cue {
  idx: number;
  t0: number;
  t1: number;
  text: string;
}

interface TimedWord {
  wordId: number;
  word: string;
  level: string;
  tStart: number;
  form?: string;
}

describe("GET /clips/{clipId}", SLOW_TESTS, () => {
  it("answers the same record by UUID and by video id, with wordCount and indexedAt", async () => {
    const byVideo = await get("/clips/wctest-run-01");
    expect(byVideo.status, byVideo.text).toBe(200);
    const clip = byVideo.body;
    expectClipFields(clip, byVideo.text);
    expect(clip).toMatchObject({
      clipId: expect.stringMatching(UUID),
      videoId: "wctest-run-01",
      title: "Why we run in the morning",
      language: "en",
      durationS: 14,
      channel: { id: "wctest-channel-a", name: "Test Channel A" },
      embedUrl: "https://www.youtube-nocookie.com/embed/wctest-run-01",
      watchUrl: "https://www.youtube.com/watch?v=wctest-run-01",
      wordCount: 20,
      indexedAt: expect.stringMatching(ISO_DATE_TIME),
    });
    expect(clip).not.toHaveProperty("occurrences");
    const byUuid = await get(`/clips/${clip.clipId}`);
    expect(byUuid.status, byUuid.text).toBe(200);
    expect(byUuid.body).toEqual(clip);
    // A UUID in any case is the same UUID; a video id is matched only as it is.
    const upper = await get(`/clips/${clip.clipId.toUpperCase()}`);
    expect(upper.status, upper.text).toBe(200);
    expect(upper.body).toEqual(clip);
    const transcript = await get(`/clips/${clip.clipId.toUpperCase()}/transcript`);
    expect(transcript.status, transcript.text).toBe(200);
    expect(transcript.body.clipId).toBe(clip.clipId);
    expect((await get("/clips/WCTEST-RUN-01")).status).toBe(404);
  });

  it("gives the clip the same id and fields as the word lookup and the feed, with the plain embed URL", async () => {
    const lookup = await get("/words/ice%20cream/clips?limit=100");
    const listed = lookup.body.clips.find((c: { videoId: string }) => c.videoId === "wctest-kids-02");
    const detail = await get("/clips/wctest-kids-02");
    const { occurrences: _occurrences, ...lookupFields } = listed;
    // The lookup's embed starts at the word; the clip's metadata and the feed start at the beginning.
    expect(lookupFields.embedUrl).toMatch(/\?start=\d+$/);
    const fields = { ...lookupFields, embedUrl: "https://www.youtube-nocookie.com/embed/wctest-kids-02" };
    expect(detail.body).toEqual({ ...fields, wordCount: expect.any(Number), indexedAt: expect.any(String) });
    expect(everyClip.find((c) => c.videoId === "wctest-kids-02")).toEqual(fields);
  });

  it("dates indexedAt no later than the build the corpus reports", async () => {
    const corpus = await server.api("/v1/corpus");
    const clip = await get("/clips/wctest-paint-3");
    expect(Date.parse(clip.body.indexedAt)).toBeLessThanOrEqual(Date.parse(corpus.body.updatedAt));
  });

  it("counts in wordCount the distinct catalogue words of the clip's transcript", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...everyClip), async (listed) => {
        const [detail, transcript] = await Promise.all([
          get(`/clips/${listed.clipId}`),
          get(`/clips/${listed.clipId}/transcript`),
        ]);
        expect(detail.status, detail.text).toBe(200);
        expectClipFields(detail.body, detail.text);
        expect(Number.isInteger(detail.body.wordCount), detail.text).toBe(true);
        const distinct = new Set((transcript.body.words as TimedWord[]).map((w) => w.wordId));
        expect(detail.body.wordCount, `${listed.videoId}: ${detail.text}`).toBe(distinct.size);
        const byVideo = await get(`/clips/${listed.videoId}`);
        expect(byVideo.body).toEqual(detail.body);
      }),
      { numRuns: 20 },
    );
  });

  it("answers 404 not_found for a well-formed id no clip has", async () => {
    for (const id of ["00000000-0000-5000-8000-000000000000", "dQw4w9WgXcQ", "wctest-run-99"]) {
      const response = await get(`/clips/${id}`);
      expectError(response, 404, "not_found");
      expect(response.body.error.message).toContain(id);
    }
  });

  it.each(["a.b", "a b", "a%2Fb", "caf%C3%A9", "a+b", "a,b", "%27%20OR%201%3D1", "x".repeat(65)])(
    "answers 400 invalid_request naming clipId for %s",
    async (id) => {
      const response = await get(`/clips/${id}`);
      expectError(response, 400, "invalid_request");
      expect(response.body.error.message).toContain("clipId");
    },
  );

  it("answers 400 invalid_request for a gloss outside the list", async () => {
    const response = await get("/clips/wctest-run-01?gloss=xx");
    expectError(response, 400, "invalid_request");
    expect(response.body.error.message).toContain("gloss");
    expect(response.body.error.message).toContain('"xx"');
  });
});

describe("GET /clips/{clipId}/transcript", SLOW_TESTS, () => {
  it("answers the hand-written clip's cues in order and every catalogue word spoken", async () => {
    const detail = await get("/clips/wctest-run-01");
    const response = await get("/clips/wctest-run-01/transcript");
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      clipId: detail.body.clipId,
      videoId: "wctest-run-01",
      language: "en",
      source: "auto-captions",
      cues: [
        { idx: 0, t0: 0, t1: 3, text: "We run every morning before work." },
        { idx: 1, t0: 3, t1: 6, text: "Running keeps the heart strong." },
        { idx: 2, t0: 6, t1: 9, text: "Yesterday I ran five kilometres in the park." },
        { idx: 3, t0: 9, t1: 12, text: "Tomorrow we will run again." },
      ],
    });
    expect(response.body.cues).toHaveLength(4);
    const words = response.body.words as TimedWord[];
    for (const word of words) {
      expect(
        Object.keys(word)
          .filter((k) => k !== "form")
          .sort(),
      ).toEqual(["level", "tStart", "word", "wordId"]);
    }
    const spoken = words.map((w) => `${w.word}${w.form === undefined ? "" : `(${w.form})`}`);
    expect(spoken).toEqual([
      "we",
      "run",
      "every",
      "morning",
      "before",
      "work",
      ...(spoken[6] === "run(running)" ? ["run(running)", "running"] : ["running", "run(running)"]),
      "keep(keeps)",
      "the",
      "heart",
      "strong",
      "yesterday",
      "I",
      "run(ran)",
      "five",
      "kilometer(kilometres)",
      "in",
      "the",
      "park",
      "tomorrow",
      "we",
      "will",
      "run",
      "again",
    ]);
    const runs = words.filter((w) => w.word === "run");
    expect(runs.map((w) => w.level)).toEqual(["A1", "A1", "A1", "A1"]);
    expect(words.find((w) => w.word === "kilometer")?.level).toBe(catalogueLine("kilometer").level);
    const cueOf = [0, 1, 2, 3].map((i) => runs[i]?.tStart as number);
    expect(cueOf[0]).toBeGreaterThan(0);
    expect(cueOf[0]).toBeLessThan(3);
    expect(cueOf[1]).toBe(3);
    expect(cueOf[2]).toBeGreaterThan(6);
    expect(cueOf[2]).toBeLessThan(9);
    expect(cueOf[3]).toBeGreaterThan(9);
    expect(cueOf[3]).toBeLessThan(12);
  });

  it("leaves out the words array with words=false and keeps the same cues", async () => {
    const [full, bare, explicit] = await Promise.all([
      get("/clips/wctest-kids-02/transcript"),
      get("/clips/wctest-kids-02/transcript?words=false"),
      get("/clips/wctest-kids-02/transcript?words=true"),
    ]);
    expect(bare.status, bare.text).toBe(200);
    expect(bare.body).not.toHaveProperty("words");
    const { words: _words, ...withoutWords } = full.body;
    expect(bare.body).toEqual(withoutWords);
    expect(explicit.body).toEqual(full.body);
    expect((full.body.words as TimedWord[]).length).toBeGreaterThan(0);
  });

  it("keeps cue indexes 0..n-1 in time order, stable across requests, with words in time order", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...everyClip), async (listed) => {
        const [first, again, byVideo] = await Promise.all([
          get(`/clips/${listed.clipId}/transcript`),
          get(`/clips/${listed.clipId}/transcript`),
          get(`/clips/${listed.videoId}/transcript`),
        ]);
        expect(first.status, first.text).toBe(200);
        expect(again.body).toEqual(first.body);
        expect(byVideo.body).toEqual(first.body);
        const body = first.body;
        expect(body).toMatchObject({
          clipId: listed.clipId,
          videoId: listed.videoId,
          language: listed.language,
          source: "auto-captions",
        });
        const cues = body.cues as Cue[];
        expect(cues.length, first.text).toBeGreaterThan(0);
        cues.forEach((cue, i) => {
          const what = `${listed.videoId} cue ${i}: ${JSON.stringify(cue)}`;
          expect(cue.idx, what).toBe(i);
          expect(Object.keys(cue).sort(), what).toEqual(["idx", "t0", "t1", "text"]);
          expect(typeof cue.text, what).toBe("string");
          expect(cue.t0, what).toBeGreaterThanOrEqual(0);
          expect(cue.t1, what).toBeGreaterThanOrEqual(cue.t0);
          if (i > 0) expect(cue.t0, what).toBeGreaterThanOrEqual((cues[i - 1] as Cue).t0);
        });
        const words = body.words as TimedWord[];
        words.forEach((word, i) => {
          const what = `${listed.videoId} word ${i}: ${JSON.stringify(word)}`;
          expect(Number.isInteger(word.wordId), what).toBe(true);
          expect(typeof word.word, what).toBe("string");
          expect(LEVELS, what).toContain(word.level);
          expect(word.tStart, what).toBeGreaterThanOrEqual(0);
          expect(word.tStart, what).toBeLessThanOrEqual(listed.durationS);
          if (i > 0) expect(word.tStart, what).toBeGreaterThanOrEqual((words[i - 1] as TimedWord).tStart);
        });
      }),
      { numRuns: 20 },
    );
  });

  it("answers 404 not_found for a well-formed id no clip has", async () => {
    for (const id of ["00000000-0000-5000-8000-000000000000", "wctest-run-99"]) {
      expectError(await get(`/clips/${id}/transcript`), 404, "not_found");
    }
  });

  it.each(["a.b", "a%20b", "%C3%A9t%C3%A9", "x".repeat(65)])(
    "answers 400 invalid_request naming clipId for %s",
    async (id) => {
      const response = await get(`/clips/${id}/transcript`);
      expectError(response, 400, "invalid_request");
      expect(response.body.error.message).toContain("clipId");
    },
  );

  it.each(["0", "no", "maybe", ""])(
    "answers 400 invalid_request naming words for words=%j",
    async (value) => {
      const response = await get(`/clips/wctest-run-01/transcript?words=${value}`);
      expectError(response, 400, "invalid_request");
      expect(response.body.error.message).toContain("words");
      expect(response.body.error.message).toContain(JSON.stringify(value));
    },
  );
});
