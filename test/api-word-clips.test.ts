/**
 * GET /v1/words/{word}/clips end to end: the lookup stages (exact, folded, forms, near spellings), the word
 * record and its meanings, the level filter, both orders, every error the endpoint answers, and paging,
 * occurrence, cursor and caching properties over the test snapshot.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  catalogueLine,
  expectClipFields,
  expectEmbedAtFirstOccurrence,
  expectError,
  GLOSSES,
  LEVELS,
  PACE_WPM,
  paceOfClip,
  publicationDays,
  SLOW_TESTS,
  walkPages,
  withByte,
  withCursor,
} from "./support/api-checks.js";
import { type ApiResponse, startTestServer, type TestKey, type TestServer } from "./support/server.js";

let server: TestServer;
let key: TestKey;
/** Publication day by clip id: the order `recent` must follow. */
let days: Map<string, number>;

beforeAll(async () => {
  server = await startTestServer();
  key = server.keys.generous;
  days = publicationDays(server.snapshot.path);
});

afterAll(async () => {
  await server?.close();
});

function get(path: string, headers?: Record<string, string>): Promise<ApiResponse> {
  return server.api(`/v1${path}`, headers === undefined ? { key } : { key, headers });
}

function clipsPath(word: string, query = ""): string {
  return `/words/${encodeURIComponent(word)}/clips${query === "" ? "" : `?${query}`}`;
}

// biome-ignore lint/suspicious/noExplicitAny: clip records as the API sends them.
type Clip = any;

/** Every clip of a lookup, newest first, walked with the given page size. */
async function allClips(word: string, query = "", limit = 100): Promise<Clip[]> {
  const base = `/v1${clipsPath(word)}?limit=${limit}${query === "" ? "" : `&${query}`}`;
  const walk = await walkPages<Clip>(server, withCursor(base), "clips", { key });
  return walk.items;
}

function ids(clips: readonly Clip[]): string[] {
  return clips.map((c) => c.clipId as string);
}

describe("an exact match", SLOW_TESTS, () => {
  it("answers run with matchType exact, an empty didYouMean, the catalogue word and its clips", async () => {
    const response = await get(clipsPath("run", "limit=3"));
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = response.body;
    const line = catalogueLine("run");
    expect(body).toMatchObject({
      query: "run",
      matchedWord: "run",
      matchType: "exact",
      didYouMean: [],
      word: { word: "run", wordId: expect.any(Number), level: line.level, meaning: line.meanings.en },
    });
    expect(Object.keys(body.word).sort()).toEqual([
      "clipCount",
      "level",
      "levelSource",
      "meaning",
      "word",
      "wordId",
    ]);
    expect(Number.isInteger(body.word.wordId)).toBe(true);
    expect(body.word.clipCount, response.text).toBe(body.totalCount);
    expect(body.totalCount).toBeGreaterThan(3);
    expect(body.clips).toHaveLength(3);
    expect(typeof body.nextCursor).toBe("string");
    for (const clip of body.clips) {
      expectClipFields(clip, response.text);
      expect(clip.occurrences, response.text).toEqual([
        {
          tStart: expect.any(Number),
          captionIdx: expect.any(Number),
          text: expect.any(String),
          ...formOf(clip),
        },
      ]);
      expect(Number.isInteger(clip.occurrences[0].captionIdx)).toBe(true);
      expect(clip.occurrences[0].tStart).toBeGreaterThanOrEqual(0);
      expect(clip.occurrences[0].tStart).toBeLessThanOrEqual(clip.durationS);
      expect(clip).not.toHaveProperty("wordCount");
      expect(clip).not.toHaveProperty("indexedAt");
    }
  });

  it("finds run in every hand-written clip that says it, at the cue that says it, newest first", async () => {
    const clips = await allClips("run");
    const handWritten = clips.filter((c) => (c.videoId as string).startsWith("wctest-"));
    expect(handWritten.map((c) => c.videoId)).toEqual([
      "wctest-better4",
      "wctest-paint-3",
      "wctest-kids-02",
      "wctest-run-01",
    ]);
    const [better, paint, kids, run] = handWritten;
    expect(run).toMatchObject({
      videoId: "wctest-run-01",
      title: "Why we run in the morning",
      language: "en",
      durationS: 14,
      channel: { id: "wctest-channel-a", name: "Test Channel A" },
      watchUrl: "https://www.youtube.com/watch?v=wctest-run-01",
      occurrences: [{ captionIdx: 0, text: "We run every morning before work." }],
    });
    expect(run.occurrences[0]).not.toHaveProperty("form");
    // The word is spoken in the first three seconds: the embed starts at 0 or 1, a second before it.
    expect(run.embedUrl).toBe(
      `https://www.youtube-nocookie.com/embed/wctest-run-01?start=${Math.max(0, Math.floor(run.occurrences[0].tStart) - 1)}`,
    );
    expect(better).toMatchObject({
      title: "How to get better at running",
      durationS: 11,
      channel: { id: "wctest-channel-c", name: "Test Channel C" },
      occurrences: [{ captionIdx: 0, text: "If you want to get better, run a little every day." }],
    });
    expect(kids).toMatchObject({
      title: "The children and the ice cream van",
      channel: { id: "wctest-channel-b", name: "Test Channel B" },
      occurrences: [{ captionIdx: 3, text: "The children ran to the van.", form: "ran" }],
    });
    expect(paint).toMatchObject({
      title: "Choosing a colour for the kitchen",
      occurrences: [{ captionIdx: 3, text: "We are running out of paint.", form: "running" }],
    });
    // Each cue of the hand-written clips lasts three seconds; none of these words opens its cue.
    expect(run.occurrences[0].tStart).toBeGreaterThan(0);
    expect(run.occurrences[0].tStart).toBeLessThan(3);
    expect(better.occurrences[0].tStart).toBeGreaterThan(0);
    expect(better.occurrences[0].tStart).toBeLessThan(3);
    expect(kids.occurrences[0].tStart).toBeGreaterThan(9);
    expect(kids.occurrences[0].tStart).toBeLessThan(12);
    expect(paint.occurrences[0].tStart).toBeGreaterThan(9);
    expect(paint.occurrences[0].tStart).toBeLessThan(12);
  });

  it("matches a multi-word catalogue entry spoken as consecutive words (ice cream)", async () => {
    const clips = await allClips("ice cream");
    const kids = clips.find((c) => c.videoId === "wctest-kids-02");
    expect(kids?.occurrences, JSON.stringify(clips)).toEqual([
      { tStart: expect.any(Number), captionIdx: 1, text: "Everybody wanted an ice cream." },
    ]);
    const response = await get(clipsPath("ice cream", "limit=1"));
    expect(response.body).toMatchObject({ query: "ice cream", matchedWord: "ice cream", matchType: "exact" });
  });

  it("matches a spelling variant exactly (colour for color)", async () => {
    const response = await get(clipsPath("colour", "limit=100"));
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      query: "colour",
      matchedWord: "color",
      matchType: "exact",
      didYouMean: [],
    });
    const paint = response.body.clips.find((c: Clip) => c.videoId === "wctest-paint-3");
    expect(paint?.occurrences[0], response.text).toMatchObject({
      captionIdx: 0,
      text: "What colour should we paint the kitchen?",
    });
  });

  it("answers a catalogue word without clips with 200, no clips and a null cursor", async () => {
    const response = await get(clipsPath("abhor"));
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      matchedWord: "abhor",
      matchType: "exact",
      word: { word: "abhor", level: catalogueLine("abhor").level, clipCount: 0 },
      clips: [],
      totalCount: 0,
      nextCursor: null,
    });
  });
});

describe("case and accent folding", () => {
  it.each(["RUN", "Rún", "RÛN", "rUn"])("folds %s to run and echoes the query as sent", async (input) => {
    const [folded, plain] = await Promise.all([
      get(clipsPath(input, "limit=5")),
      get(clipsPath("run", "limit=5")),
    ]);
    expect(folded.status, folded.text).toBe(200);
    expect(folded.body).toMatchObject({
      query: input,
      matchedWord: "run",
      matchType: "exact",
      didYouMean: [],
    });
    expect(folded.body.word).toEqual(plain.body.word);
    expect(ids(folded.body.clips)).toEqual(ids(plain.body.clips));
    expect(folded.body.totalCount).toBe(plain.body.totalCount);
  });
});

describe("inflected forms", () => {
  it("answers ran with the clips of run, matchType forms", async () => {
    const [ran, run] = await Promise.all([
      get(clipsPath("ran", "limit=10")),
      get(clipsPath("run", "limit=10")),
    ]);
    expect(ran.status, ran.text).toBe(200);
    expect(ran.body).toMatchObject({ query: "ran", matchedWord: "run", matchType: "forms" });
    expect(ran.body.didYouMean).not.toContain("run");
    expect(ran.body.word).toEqual(run.body.word);
    expect(ids(ran.body.clips)).toEqual(ids(run.body.clips));
    expect(ran.body.totalCount).toBe(run.body.totalCount);
  });

  it("answers children with the clips of child, where the clip says children", async () => {
    const response = await get(clipsPath("children", "limit=100"));
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ matchedWord: "child", matchType: "forms" });
    const kids = response.body.clips.find((c: Clip) => c.videoId === "wctest-kids-02");
    expect(kids?.occurrences[0], response.text).toMatchObject({
      captionIdx: 0,
      text: "The children heard the music from the street.",
      form: "children",
    });
  });

  it("answers a form of a multi-word entry (ice creams) with that entry", async () => {
    const response = await get(clipsPath("ice creams", "limit=1"));
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ matchedWord: "ice cream", matchType: "forms" });
  });

  it("answers running, itself a catalogue word, as an exact match rather than a form of run", async () => {
    const response = await get(clipsPath("running", "limit=1"));
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ matchedWord: "running", matchType: "exact", didYouMean: [] });
  });

  it("answers 404 not_found naming run for ran with match=strict", async () => {
    const response = await get(clipsPath("ran", "match=strict"));
    expectError(response, 404, "not_found");
    expect(response.body.error.message).toContain('"ran"');
    expect(response.body.error.message).toMatch(/\brun\b/);
  });

  it("accepts an exact word and a variant with match=strict", async () => {
    for (const word of ["run", "colour"]) {
      const response = await get(clipsPath(word, "match=strict&limit=1"));
      expect(response.status, response.text).toBe(200);
      expect(response.body.matchType).toBe("exact");
    }
  });

  it("accepts a form but refuses a near spelling with match=forms, naming the guess", async () => {
    const ran = await get(clipsPath("ran", "match=forms&limit=1"));
    expect(ran.status, ran.text).toBe(200);
    expect(ran.body).toMatchObject({ matchedWord: "run", matchType: "forms" });
    const misspelt = await get(clipsPath("beleive", "match=forms"));
    expectError(misspelt, 404, "not_found");
    expect(misspelt.body.error.message).toContain('"beleive"');
    expect(misspelt.body.error.message).toMatch(/\bbelieve\b/);
  });
});

/** Common misspellings of catalogue words, and the word a learner meant. */
const MISSPELLINGS: ReadonlyArray<[string, string]> = [
  ["beleive", "believe"],
  ["becuase", "because"],
  ["tommorow", "tomorrow"],
  ["freind", "friend"],
  ["wierd", "weird"],
  ["untill", "until"],
  ["begining", "beginning"],
  ["seperate", "separate"],
  ["definately", "definitely"],
  ["goverment", "government"],
  ["enviroment", "environment"],
  ["neccessary", "necessary"],
  ["calender", "calendar"],
  ["existance", "existence"],
  ["foriegn", "foreign"],
  ["knowlege", "knowledge"],
  ["libary", "library"],
  ["recomend", "recommend"],
  ["succesful", "successful"],
  ["wich", "which"],
  ["kitchin", "kitchen"],
  ["choclate", "chocolate"],
  ["morining", "morning"],
  ["yesturday", "yesterday"],
  ["brekfast", "breakfast"],
];

describe("near spellings", () => {
  it.each(MISSPELLINGS)("answers %s with %s, matchType fuzzy", async (misspelt, meant) => {
    const response = await get(clipsPath(misspelt, "limit=2"));
    expect(response.status, response.text).toBe(200);
    expect(response.body, response.text).toMatchObject({
      query: misspelt,
      matchedWord: meant,
      matchType: "fuzzy",
      word: { word: meant, level: catalogueLine(meant).level },
    });
    const didYouMean = response.body.didYouMean as string[];
    expect(didYouMean).not.toContain(meant);
    expect(new Set(didYouMean).size).toBe(didYouMean.length);
  });

  it("refuses a near spelling with match=strict, naming the guess", async () => {
    const response = await get(clipsPath("kitchin", "match=strict"));
    expectError(response, 404, "not_found");
    expect(response.body.error.message).toMatch(/\bkitchen\b/);
  });
});

describe("the word record and its meanings", () => {
  it.each(GLOSSES)("gives child's meaning in gloss %s", async (gloss) => {
    const response = await get(clipsPath("child", `gloss=${gloss}&limit=1`));
    expect(response.status, response.text).toBe(200);
    const meanings = catalogueLine("child").meanings;
    expect(response.body.word.meaning).toBe(meanings[gloss] ?? meanings.en);
  });

  it("gives run's Spanish meaning with gloss=es, as the catalogue has it", async () => {
    const response = await get(clipsPath("run", "gloss=es&limit=1"));
    expect(catalogueLine("run").meanings.es).toBe("correr");
    expect(response.body.word.meaning, response.text).toBe(catalogueLine("run").meanings.es);
  });

  it("falls back to English for a word without a meaning in the gloss language (running in ru, better in tr)", async () => {
    for (const [word, gloss] of [
      ["running", "ru"],
      ["better", "tr"],
    ] as const) {
      const line = catalogueLine(word);
      expect(line.meanings[gloss]).toBeUndefined();
      const response = await get(clipsPath(word, `gloss=${gloss}&limit=1`));
      expect(response.status, response.text).toBe(200);
      expect(response.body.word.meaning, response.text).toBe(line.meanings.en);
    }
  });
});

describe("the level filter", SLOW_TESTS, () => {
  it("keeps only clips at the levels asked for, whose counts add up to the word's clips", async () => {
    const all = await allClips("child");
    let sum = 0;
    for (const level of LEVELS) {
      const response = await get(clipsPath("child", `level=${level}&limit=100`));
      expect(response.status, response.text).toBe(200);
      const clips = response.body.clips as Clip[];
      expect(response.body.totalCount).toBe(clips.length);
      expect(
        clips.every((c) => c.level === level),
        response.text,
      ).toBe(true);
      expect(response.body.word.clipCount).toBe(all.length);
      expect(ids(clips)).toEqual(ids(all.filter((c) => c.level === level)));
      sum += clips.length;
    }
    expect(sum).toBe(all.length);
  });

  it("takes a comma-separated list in any order", async () => {
    const [ab, ba] = await Promise.all([allClips("child", "level=A1,B2"), allClips("child", "level=B2,A1")]);
    expect(ab.length).toBeGreaterThan(0);
    expect(ab.every((c) => c.level === "A1" || c.level === "B2")).toBe(true);
    expect(ids(ba)).toEqual(ids(ab));
  });
});

describe("the pace filter", SLOW_TESTS, () => {
  it("keeps the clips of each pace, in order, with an exact totalCount on every page, for any page size", async () => {
    for (const word of ["be", "child"]) {
      const all = await allClips(word);
      let paced = 0;
      for (const pace of Object.keys(PACE_WPM)) {
        const base = `/v1${clipsPath(word)}?pace=${pace}&limit=7`;
        const walk = await walkPages<Clip>(server, withCursor(base), "clips", { key });
        const expected = all.filter((c) => paceOfClip(c) === pace);
        expect(ids(walk.items), `${word} ${pace}`).toEqual(ids(expected));
        for (const total of walk.totalCounts) expect(total, `${word} ${pace}`).toBe(expected.length);
        paced += walk.items.length;
      }
      // Every clip with measurable speech has exactly one pace.
      expect(paced, word).toBe(all.filter((c) => c.wordsPerMinute > 0).length);
    }
    const be = await allClips("be");
    const nonEmpty = Object.keys(PACE_WPM).filter((pace) => be.some((c) => paceOfClip(c) === pace));
    expect(nonEmpty.length, "the test snapshot has clips of at least two paces").toBeGreaterThanOrEqual(2);
  });

  it("combines with the level filter, and samples only that pace with order=random", async () => {
    const all = await allClips("be");
    const pace = paceOfClip(all[0] as Clip) as string;
    const level = (all[0] as Clip).level as string;
    const both = await get(clipsPath("be", `pace=${pace}&level=${level}&limit=100`));
    expect(both.status, both.text).toBe(200);
    const expected = all.filter((c) => paceOfClip(c) === pace && c.level === level);
    expect(ids(both.body.clips)).toEqual(ids(expected));
    expect(both.body.totalCount).toBe(expected.length);
    const sample = await get(clipsPath("be", `pace=${pace}&order=random&limit=5`));
    expect(sample.status, sample.text).toBe(200);
    const ofPace = new Set(ids(all.filter((c) => paceOfClip(c) === pace)));
    expect(sample.body.totalCount).toBe(ofPace.size);
    expect(sample.body.clips).toHaveLength(Math.min(5, ofPace.size));
    for (const clip of sample.body.clips) expect(ofPace.has(clip.clipId), sample.text).toBe(true);
  });

  it.each(["quick", "SLOW", "", "slow,fast"])(
    "answers 400 invalid_request naming pace for pace=%j",
    async (value) => {
      const response = await get(clipsPath("be", `pace=${value}`));
      expectError(response, 400, "invalid_request");
      expect(response.body.error.message).toContain("pace");
    },
  );

  it("answers 400 invalid_request for a cursor reused with another pace, or with none", async () => {
    const slow = await get(clipsPath("be", "pace=medium&limit=2"));
    const cursor = slow.body.nextCursor as string;
    expect(typeof cursor, slow.text).toBe("string");
    for (const other of ["pace=fast&", "pace=slow&", ""]) {
      expectError(await get(clipsPath("be", `${other}limit=2&cursor=${cursor}`)), 400, "invalid_request");
    }
    const plain = await get(clipsPath("be", "limit=2"));
    expectError(
      await get(clipsPath("be", `pace=medium&limit=2&cursor=${plain.body.nextCursor}`)),
      400,
      "invalid_request",
    );
    const next = await get(clipsPath("be", `pace=medium&limit=2&cursor=${cursor}`));
    expect(next.status, next.text).toBe(200);
  });
});

describe("order=random", SLOW_TESTS, () => {
  it("samples at most limit distinct clips of the word, with a null cursor and no-store", async () => {
    const all = new Set(ids(await allClips("child")));
    for (let i = 0; i < 5; i++) {
      const response = await get(clipsPath("child", "order=random&limit=6"));
      expect(response.status, response.text).toBe(200);
      const sample = ids(response.body.clips);
      expect(sample).toHaveLength(6);
      expect(new Set(sample).size).toBe(6);
      for (const id of sample) expect(all.has(id), id).toBe(true);
      expect(response.body.nextCursor).toBeNull();
      expect(response.body.totalCount).toBe(all.size);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("etag")).toBeNull();
    }
  });

  it("returns every clip when limit is at least the word's clip count", async () => {
    const all = ids(await allClips("ice cream"));
    const response = await get(clipsPath("ice cream", "order=random&limit=50"));
    expect(response.status, response.text).toBe(200);
    expect(ids(response.body.clips).sort()).toEqual([...all].sort());
  });

  it("ignores a cursor, even one that is not a cursor", async () => {
    const first = await get(clipsPath("run", "limit=2"));
    for (const cursor of [first.body.nextCursor as string, "not-a-cursor"]) {
      const response = await get(clipsPath("run", `order=random&limit=3&cursor=${cursor}`));
      expect(response.status, response.text).toBe(200);
      expect(response.body.clips).toHaveLength(3);
      expect(response.body.nextCursor).toBeNull();
    }
  });

  it("keeps to the level filter", async () => {
    const response = await get(clipsPath("child", "order=random&level=A2&limit=100"));
    expect(response.status, response.text).toBe(200);
    const a2 = await allClips("child", "level=A2");
    expect(ids(response.body.clips).sort()).toEqual(ids(a2).sort());
  });
});

describe("errors", () => {
  it("answers 404 not_found for a word no stage matches, without guesses", async () => {
    const response = await get(clipsPath("qqqqqqqqqq"));
    expectError(response, 404, "not_found");
    expect(response.body.error.message).toContain('"qqqqqqqqqq"');
    expect(response.body.error.message).not.toMatch(/did you mean/i);
  });

  it("answers 404 not_found naming the best guesses for a word too far from every catalogue word", async () => {
    const response = await get(clipsPath("kitchenware"));
    expectError(response, 404, "not_found");
    expect(response.body.error.message).toContain('"kitchenware"');
    expect(response.body.error.message).toMatch(/\bkitchen\b/);
  });

  it("answers 404 not_found for a word with no letters or digits", async () => {
    expectError(await get(clipsPath("!!!")), 404, "not_found");
  });

  it("answers 404 not_found for a well-formed language the index does not have", async () => {
    const response = await get(clipsPath("run", "language=xx"));
    expectError(response, 404, "not_found");
    expect(response.body.error.message).toContain('"xx"');
  });

  it.each([
    ["limit", "0"],
    ["limit", "101"],
    ["limit", "abc"],
    ["limit", "1.5"],
    ["limit", ""],
    ["level", "Z9"],
    ["level", "a1"],
    ["level", "A1,"],
    ["level", "A1;B1"],
    ["gloss", "de"],
    ["gloss", "ES"],
    ["match", "exact"],
    ["order", "newest"],
    ["language", "EN"],
    ["language", "eng"],
    ["language", "e"],
    ["cursor", ""],
  ])("answers 400 invalid_request naming %s and the value for %s=%j", async (name, value) => {
    const response = await get(clipsPath("run", `${name}=${encodeURIComponent(value)}`));
    expectError(response, 400, "invalid_request");
    expect(response.body.error.message).toContain(name);
    expect(response.body.error.message).toContain(JSON.stringify(value));
  });

  it("answers 400 invalid_request naming the parameter when it is given twice", async () => {
    const response = await get(clipsPath("run", "limit=2&limit=3"));
    expectError(response, 400, "invalid_request");
    expect(response.body.error.message).toContain("limit");
  });

  it("answers 400 invalid_request for a word longer than 100 characters", async () => {
    const response = await get(clipsPath("a".repeat(101)));
    expectError(response, 400, "invalid_request");
    expect(response.body.error.message).toContain("word");
  });

  it("answers 400 naming an unknown query parameter and the accepted ones", async () => {
    const response = await get(clipsPath("run", "limit=4&sort=asc"));
    expectError(response, 400, "invalid_request");
    expect(response.body.error.message).toContain('unknown query parameter "sort"');
    expect(response.body.error.message).toContain(
      "accepted: language, gloss, level, match, order, limit, cursor",
    );
  });
});

describe("paging", SLOW_TESTS, () => {
  it("walks every page of any size to exactly totalCount clips, without repeats, newest first", async () => {
    const words = ["run", "child", "better", "color", "ice cream", "because", "believe"];
    const reference = new Map<string, string[]>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...words),
        fc.integer({ min: 1, max: 7 }),
        fc.subarray([...LEVELS]),
        async (word, limit, levels) => {
          const filter = levels.length === 0 ? "" : `level=${levels.join(",")}`;
          const base = `/v1${clipsPath(word)}?limit=${limit}${filter === "" ? "" : `&${filter}`}`;
          const walk = await walkPages<Clip>(server, withCursor(base), "clips", { key });
          const walked = ids(walk.items);
          const total = walk.totalCounts[0] as number;
          expect(walk.totalCounts.every((n) => n === total)).toBe(true);
          expect(walked).toHaveLength(total);
          expect(new Set(walked).size).toBe(total);
          for (const clip of walk.items) if (levels.length > 0) expect(levels).toContain(clip.level);
          const published = walked.map((id) => days.get(id) as number);
          for (let i = 1; i < published.length; i++) {
            expect(published[i], `${base}: clip ${i} is newer than clip ${i - 1}`).toBeLessThanOrEqual(
              published[i - 1] as number,
            );
          }
          // The same order as one big page.
          const refKey = `${word}|${filter}`;
          if (!reference.has(refKey)) reference.set(refKey, ids(await allClips(word, filter)));
          expect(walked).toEqual(reference.get(refKey));
        },
      ),
      { numRuns: 15 },
    );
  });

  it("walks a word whose clips fill several posting blocks, in pages that cross from one block into the next", async () => {
    // "be" has more than 256 clips: five blocks of 64, newest first.
    for (const [limit, filter] of [
      [7, ""],
      [20, ""],
      [9, "level=A1,B1"],
    ] as const) {
      const base = `/v1${clipsPath("be")}?limit=${limit}${filter === "" ? "" : `&${filter}`}`;
      const walk = await walkPages<Clip>(server, withCursor(base), "clips", { key });
      const total = walk.totalCounts[0] as number;
      if (filter === "") expect(total).toBeGreaterThan(4 * 64);
      expect(walk.items).toHaveLength(total);
      expect(ids(walk.items), base).toEqual(ids(await allClips("be", filter)));
    }
  });

  it("answers 400 invalid_request for a cursor with any byte changed", async () => {
    const first = await get(clipsPath("run", "limit=3"));
    const cursor = first.body.nextCursor as string;
    const length = Buffer.from(cursor, "base64url").length;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: length - 1 }),
        fc.integer({ min: 0, max: 255 }),
        async (index, value) => {
          fc.pre(Buffer.from(cursor, "base64url")[index] !== value);
          const tampered = withByte(cursor, index, value);
          const response = await get(clipsPath("run", `limit=3&cursor=${tampered}`));
          expectError(response, 400, "invalid_request");
          expect(response.body.error.message).toMatch(/cursor/);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("answers 400 invalid_request for a truncated, extended or made-up cursor", async () => {
    const first = await get(clipsPath("run", "limit=3"));
    const cursor = first.body.nextCursor as string;
    const bytes = Buffer.from(cursor, "base64url");
    const bad = [
      bytes.subarray(0, bytes.length - 1).toString("base64url"),
      Buffer.concat([bytes, Buffer.from([0])]).toString("base64url"),
      "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      "not a cursor",
      "%00",
    ];
    for (const value of bad) {
      const response = await get(clipsPath("run", `limit=3&cursor=${encodeURIComponent(value)}`));
      expectError(response, 400, "invalid_request");
    }
  });

  it("answers 400 invalid_request when a cursor is reused with another level filter", async () => {
    const first = await get(clipsPath("child", "limit=2&level=A1,A2"));
    const cursor = first.body.nextCursor as string;
    expect(cursor, first.text).toEqual(expect.any(String));
    for (const level of ["", "&level=A1", "&level=A1,A2,B1"]) {
      expectError(await get(clipsPath("child", `limit=2&cursor=${cursor}${level}`)), 400, "invalid_request");
    }
    const reordered = await get(clipsPath("child", `limit=2&cursor=${cursor}&level=A2,A1`));
    expect(reordered.status, reordered.text).toBe(200);
  });

  it("answers 400 invalid_request when a cursor is reused with another word", async () => {
    const first = await get(clipsPath("run", "limit=2"));
    const cursor = first.body.nextCursor as string;
    expectError(await get(clipsPath("child", `limit=2&cursor=${cursor}`)), 400, "invalid_request");
    const words = await get("/words?limit=2");
    expectError(
      await get(clipsPath("run", `limit=2&cursor=${words.body.nextCursor as string}`)),
      400,
      "invalid_request",
    );
  });

  it("continues a cursor under another spelling of the same word (RUN, ran) and another page size", async () => {
    const all = ids(await allClips("run"));
    const first = await get(clipsPath("run", "limit=2"));
    const cursor = first.body.nextCursor as string;
    for (const spelling of ["RUN", "ran"]) {
      const next = await get(clipsPath(spelling, `limit=5&cursor=${cursor}`));
      expect(next.status, next.text).toBe(200);
      expect(ids(next.body.clips)).toEqual(all.slice(2, 7));
    }
  });
});

describe("caching", () => {
  it("sends an ETag and answers If-None-Match with 304 and no body", async () => {
    const path = clipsPath("run", "limit=4");
    const first = await get(path);
    const etag = first.headers.get("etag");
    expect(etag, first.text).toEqual(expect.any(String));
    expect(first.headers.get("cache-control")).toMatch(/max-age=\d+/);
    const again = await get(path, { "if-none-match": etag as string });
    expect(again.status, again.text).toBe(304);
    expect(again.text).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    const other = await get(path, { "if-none-match": 'W/"something-else"' });
    expect(other.status, other.text).toBe(200);
    expect(other.body).toEqual(first.body);
  });

  it("gives different queries different ETags", async () => {
    const [a, b, c] = await Promise.all([
      get(clipsPath("run", "limit=4")),
      get(clipsPath("run", "limit=5")),
      get(clipsPath("child", "limit=4")),
    ]);
    const tags = [a, b, c].map((r) => r.headers.get("etag"));
    expect(new Set(tags).size).toBe(3);
  });
});

describe("occurrences and transcripts", SLOW_TESTS, () => {
  it("places every clip's one occurrence in the cue it names, at the first time the word is spoken", async () => {
    const listing = await get("/words?limit=100");
    const covered = (listing.body.words as Array<{ word: string; clipCount: number }>)
      .filter((w) => w.clipCount <= 60)
      .map((w) => w.word);
    expect(covered.length).toBeGreaterThan(20);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...covered, "run", "ice cream", "color"), async (word) => {
        const response = await get(clipsPath(word, "limit=100&match=strict"));
        expect(response.status, response.text).toBe(200);
        const wordId = response.body.word.wordId as number;
        for (const clip of (response.body.clips as Clip[]).slice(0, 12)) {
          expect(clip.occurrences, JSON.stringify(clip)).toHaveLength(1);
          const occurrence = clip.occurrences[0];
          const transcript = await get(`/clips/${clip.clipId}/transcript`);
          expect(transcript.status, transcript.text).toBe(200);
          const cue = transcript.body.cues.find((c: { idx: number }) => c.idx === occurrence.captionIdx);
          const what = `${word} in ${clip.videoId}: ${JSON.stringify(occurrence)}`;
          expect(cue, what).toBeDefined();
          expect(cue.text, what).toBe(occurrence.text);
          expect(
            occurrence.tStart >= cue.t0 && (occurrence.tStart < cue.t1 || occurrence.tStart === cue.t0),
            what,
          ).toBe(true);
          const spoken = (
            transcript.body.words as Array<{ wordId: number; tStart: number; form?: string }>
          ).filter((w) => w.wordId === wordId);
          expect(
            spoken.some((w) => w.tStart === occurrence.tStart),
            what,
          ).toBe(true);
          expect(Math.min(...spoken.map((w) => w.tStart)), what).toBe(occurrence.tStart);
        }
      }),
      { numRuns: 15 },
    );
  });
});

describe("embeds that start at the word", SLOW_TESTS, () => {
  it("starts every clip's embed one second before its occurrence, on every page of small pages", async () => {
    for (const word of ["run", "be", "child"]) {
      const clips = await allClips(word, "", 7);
      expect(clips.length, word).toBeGreaterThan(0);
      for (const clip of clips) expectEmbedAtFirstOccurrence(clip, `${word}: ${JSON.stringify(clip)}`);
    }
  });

  it("starts at the first of every occurrence with occurrences=all, and in a random sample", async () => {
    const every = await allClips("be", "occurrences=all", 9);
    expect(every.some((clip) => clip.occurrences.length > 1)).toBe(true);
    for (const clip of every) expectEmbedAtFirstOccurrence(clip, JSON.stringify(clip));
    const sample = await get(clipsPath("be", "order=random&limit=20"));
    expect(sample.status, sample.text).toBe(200);
    for (const clip of sample.body.clips) expectEmbedAtFirstOccurrence(clip, sample.text);
  });

  it("keeps the plain embed URL in the clip's metadata", async () => {
    const page = await get(clipsPath("run", "limit=3"));
    for (const clip of page.body.clips as Clip[]) {
      expect(clip.embedUrl, page.text).toContain("?start=");
      const detail = await get(`/clips/${clip.clipId}`);
      expect(detail.status, detail.text).toBe(200);
      expect(detail.body.embedUrl, detail.text).toBe(
        `https://www.youtube-nocookie.com/embed/${clip.videoId}`,
      );
    }
  });
});

/** The optional `form` of a clip's occurrence, for an exact comparison of its keys. */
function formOf(clip: Clip): { form?: string } {
  const form = clip.occurrences?.[0]?.form;
  return form === undefined ? {} : { form: expect.any(String) };
}
