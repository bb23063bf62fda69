/**
 * GET /v1/words end to end: listing by coverage, autocomplete order (exact, prefix, substring, each by clip
 * count) checked against a naive oracle built from the full catalogue listing, filters, meanings, paging
 * and cursors, and malformed parameters.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  catalogueLine,
  expectError,
  fold,
  GLOSSES,
  LEVELS,
  SLOW_TESTS,
  walkPages,
  withByte,
  withCursor,
} from "./support/api-checks.js";
import { type ApiResponse, startTestServer, type TestKey, type TestServer } from "./support/server.js";

interface WordRecord {
  word: string;
  wordId: number;
  level: string;
  meaning: string;
  clipCount: number;
}

let server: TestServer;
let key: TestKey;
/** Every catalogue word, as `hasClips=false` without `q` lists them: the oracle for searches. */
let catalogue: WordRecord[];

beforeAll(async () => {
  server = await startTestServer();
  key = server.keys.generous;
  catalogue = await walkAll("/v1/words?hasClips=false&limit=100");
});

afterAll(async () => {
  await server?.close();
});

function get(path: string): Promise<ApiResponse> {
  return server.api(`/v1${path}`, { key });
}

async function walkAll(base: string): Promise<WordRecord[]> {
  const walk = await walkPages<WordRecord>(server, withCursor(base), "words", { key });
  return walk.items;
}

/** 0 exact, 1 prefix, 2 substring: the group a word falls in for a folded query. */
function groupOf(word: string, q: string): number {
  const folded = fold(word);
  if (folded === q) return 0;
  return folded.startsWith(q) ? 1 : 2;
}

/** What a search must answer, computed naively from the full listing. */
function expectedSearch(q: string, levels: readonly string[], hasClips: boolean): WordRecord[] {
  return catalogue.filter(
    (w) =>
      fold(w.word).includes(q) &&
      (!hasClips || w.clipCount > 0) &&
      (levels.length === 0 || levels.includes(w.level)),
  );
}

function expectWordRecord(word: WordRecord, what: string): void {
  expect(Object.keys(word).sort(), what).toEqual([
    "clipCount",
    "level",
    "levelSource",
    "meaning",
    "word",
    "wordId",
  ]);
  expect(typeof word.word, what).toBe("string");
  expect(Number.isInteger(word.wordId), what).toBe(true);
  expect(LEVELS, what).toContain(word.level);
  expect(typeof word.meaning, what).toBe("string");
  expect(Number.isInteger(word.clipCount) && word.clipCount >= 0, what).toBe(true);
}

describe("listing without q", SLOW_TESTS, () => {
  it("lists covered words by clip count, as many as /corpus counts covered", async () => {
    const words = await walkAll("/v1/words?limit=100");
    const corpus = await server.api("/v1/corpus");
    const en = corpus.body.languages.find((l: { language: string }) => l.language === "en");
    expect(words).toHaveLength(en.wordsCovered);
    expect(new Set(words.map((w) => w.wordId)).size).toBe(words.length);
    for (let i = 0; i < words.length; i++) {
      const word = words[i] as WordRecord;
      expectWordRecord(word, JSON.stringify(word));
      expect(word.clipCount, word.word).toBeGreaterThan(0);
      if (i > 0)
        expect(word.clipCount, word.word).toBeLessThanOrEqual((words[i - 1] as WordRecord).clipCount);
    }
  });

  it("includes words without clips with hasClips=false, as many as the catalogue holds", async () => {
    const corpus = await server.api("/v1/corpus");
    const en = corpus.body.languages.find((l: { language: string }) => l.language === "en");
    expect(catalogue).toHaveLength(en.words);
    expect(new Set(catalogue.map((w) => w.wordId)).size).toBe(catalogue.length);
    const empty = catalogue.filter((w) => w.clipCount === 0);
    expect(empty.length).toBe(en.words - en.wordsCovered);
    expect(empty.map((w) => w.word)).toContain("abhor");
    for (let i = 1; i < catalogue.length; i++) {
      expect((catalogue[i] as WordRecord).clipCount).toBeLessThanOrEqual(
        (catalogue[i - 1] as WordRecord).clipCount,
      );
    }
  });

  it("gives the first page 20 words and a cursor by default", async () => {
    const response = await get("/words");
    expect(response.status, response.text).toBe(200);
    expect(response.body.words).toHaveLength(20);
    expect(typeof response.body.nextCursor).toBe("string");
    expect(response.body.words).toEqual(catalogue.filter((w) => w.clipCount > 0).slice(0, 20));
  });

  it("reports each word's clip count as the word's lookup does", async () => {
    for (const word of ["run", "child", "ice cream", "color"]) {
      const [listed, lookup] = await Promise.all([
        get(`/words?q=${encodeURIComponent(word)}&limit=1`),
        get(`/words/${encodeURIComponent(word)}/clips?limit=1`),
      ]);
      expect(listed.body.words[0], listed.text).toEqual(lookup.body.word);
      expect(listed.body.words[0].clipCount).toBe(lookup.body.totalCount);
    }
  });
});

describe("autocomplete", SLOW_TESTS, () => {
  it("answers q=run with run, then the words starting with run, then those containing it, each by clip count", async () => {
    const response = await get("/words?q=run&hasClips=false&limit=100");
    expect(response.status, response.text).toBe(200);
    const words = response.body.words as WordRecord[];
    expect(response.body.nextCursor).toBeNull();
    expect(words[0]).toMatchObject({ word: "run", level: catalogueLine("run").level });
    const names = words.map((w) => w.word);
    expect(names).toEqual(expect.arrayContaining(["runner", "running", "runway", "drunk", "trunk"]));
    const rest = words.slice(1);
    for (let i = 1; i < rest.length; i++) {
      const [before, word] = [rest[i - 1] as WordRecord, rest[i] as WordRecord];
      const [g0, g1] = [groupOf(before.word, "run"), groupOf(word.word, "run")];
      expect(g1, `${before.word} before ${word.word}`).toBeGreaterThanOrEqual(g0);
      if (g0 === g1)
        expect(word.clipCount, `${before.word} before ${word.word}`).toBeLessThanOrEqual(before.clipCount);
    }
    expect(names.indexOf("runway")).toBeLessThan(names.indexOf("drunk"));
  });

  it("puts the exact word, then prefixes, then substrings, each by clip count, and finds every match", async () => {
    const words = catalogue.map((w) => fold(w.word)).filter((w) => /^[a-z]{4,}$/.test(w));
    const queries = fc
      .tuple(fc.constantFrom(...words), fc.integer({ min: 0, max: 10 }), fc.integer({ min: 2, max: 4 }))
      .map(([word, start, length]) =>
        word.slice(start % (word.length - 1), (start % (word.length - 1)) + length),
      )
      .filter((q) => q.length >= 2);
    await fc.assert(
      fc.asyncProperty(
        queries,
        fc.subarray([...LEVELS], { maxLength: 2 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 7 }),
        async (q, levels, hasClips, pageSize) => {
          const filters = `q=${q}&hasClips=${hasClips}${levels.length === 0 ? "" : `&level=${levels.join(",")}`}`;
          const expected = expectedSearch(q, levels, hasClips);
          // Large result sets get larger pages, up to the largest the contract allows (100), so a run stays
          // within a few dozen requests.
          const limit = Math.min(100, Math.max(pageSize, Math.ceil(expected.length / 25)));
          const base = `/v1/words?${filters}&limit=${limit}`;
          const walk = await walkPages<WordRecord>(server, withCursor(base), "words", { key });
          const found = walk.items;
          expect(
            walk.totalCounts.every((n) => n === found.length),
            base,
          ).toBe(true);
          expect(new Set(found.map((w) => w.wordId)).size, base).toBe(found.length);
          expect(found.map((w) => w.wordId).sort(), base).toEqual(expected.map((w) => w.wordId).sort());
          for (let i = 1; i < found.length; i++) {
            const [before, word] = [found[i - 1] as WordRecord, found[i] as WordRecord];
            const [g0, g1] = [groupOf(before.word, q), groupOf(word.word, q)];
            expect(g1, `${base}: ${before.word} before ${word.word}`).toBeGreaterThanOrEqual(g0);
            if (g0 === g1)
              expect(word.clipCount, `${base}: ${before.word} before ${word.word}`).toBeLessThanOrEqual(
                before.clipCount,
              );
          }
        },
      ),
      // "on" is in more than 2,500 words: its pages are the largest the contract allows.
      { numRuns: 25, examples: [["on", [], false, 1]] },
    );
  });

  it("folds q like a lookup (RUN, Rún)", async () => {
    const plain = await get("/words?q=run&limit=50");
    for (const q of ["RUN", "R%C3%BAn"]) {
      const response = await get(`/words?q=${q}&limit=50`);
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual(plain.body);
    }
  });

  it("answers a q without letters or digits with no words", async () => {
    const response = await get("/words?q=%21%3F");
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ words: [], totalCount: 0, nextCursor: null });
  });
});

describe("filters and meanings", SLOW_TESTS, () => {
  it("keeps only words at the levels asked for", async () => {
    for (const level of ["C2", "A1,B2"]) {
      const words = await walkAll(`/v1/words?level=${level}&hasClips=false&limit=100`);
      const levels = level.split(",");
      expect(words.every((w) => levels.includes(w.level))).toBe(true);
      expect(words.map((w) => w.wordId)).toEqual(
        catalogue.filter((w) => levels.includes(w.level)).map((w) => w.wordId),
      );
    }
  });

  it.each(GLOSSES)("gives meanings in gloss %s", async (gloss) => {
    const response = await get(`/words?q=child&gloss=${gloss}&limit=1`);
    expect(response.status, response.text).toBe(200);
    expect(response.body.words[0]).toMatchObject({
      word: "child",
      meaning: catalogueLine("child").meanings[gloss] ?? catalogueLine("child").meanings.en,
    });
  });

  it("falls back to the English meaning when the gloss language has none", async () => {
    const line = catalogueLine("running");
    expect(line.meanings.ru).toBeUndefined();
    const response = await get("/words?q=running&gloss=ru&limit=1");
    expect(response.body.words[0], response.text).toMatchObject({
      word: "running",
      meaning: line.meanings.en,
    });
  });

  it("answers an unknown but well-formed language with no words", async () => {
    for (const query of ["language=xx", "language=xx&q=run", "language=de&hasClips=false"]) {
      const response = await get(`/words?${query}`);
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({ words: [], totalCount: 0, nextCursor: null });
    }
  });
});

describe("cursors", SLOW_TESTS, () => {
  it("continues a search exactly where the previous page ended", async () => {
    const all = await walkAll("/v1/words?q=ab&hasClips=false&limit=100");
    const first = await get("/words?q=ab&hasClips=false&limit=7");
    const second = await get(`/words?q=ab&hasClips=false&limit=7&cursor=${first.body.nextCursor}`);
    expect(second.status, second.text).toBe(200);
    expect([...first.body.words, ...second.body.words]).toEqual(all.slice(0, 14));
  });

  it("answers 400 invalid_request when a cursor is reused with another q or other filters", async () => {
    const first = await get("/words?q=ab&hasClips=false&level=B1,B2&limit=3");
    const cursor = first.body.nextCursor as string;
    expect(cursor, first.text).toEqual(expect.any(String));
    for (const query of [
      "q=ac&hasClips=false&level=B1,B2",
      "q=abs&hasClips=false&level=B1,B2",
      "hasClips=false&level=B1,B2",
      "q=ab&hasClips=true&level=B1,B2",
      "q=ab&level=B1,B2",
      "q=ab&hasClips=false&level=B1",
      "q=ab&hasClips=false",
    ]) {
      expectError(await get(`/words?${query}&limit=3&cursor=${cursor}`), 400, "invalid_request");
    }
    const same = await get(`/words?q=AB&hasClips=false&level=B2,B1&limit=5&cursor=${cursor}`);
    expect(same.status, same.text).toBe(200);
  });

  it("answers 400 invalid_request for a cursor of another endpoint or with a byte changed", async () => {
    const clips = await get("/words/run/clips?limit=1");
    expectError(await get(`/words?limit=3&cursor=${clips.body.nextCursor}`), 400, "invalid_request");
    const first = await get("/words?limit=3");
    const cursor = first.body.nextCursor as string;
    const length = Buffer.from(cursor, "base64url").length;
    for (const index of [0, 1, Math.floor(length / 2), length - 1]) {
      const original = Buffer.from(cursor, "base64url")[index] as number;
      const response = await get(`/words?limit=3&cursor=${withByte(cursor, index, (original + 1) % 256)}`);
      expectError(response, 400, "invalid_request");
    }
  });
});

describe("malformed parameters", () => {
  it.each([
    ["limit", "0"],
    ["limit", "101"],
    ["limit", "abc"],
    ["level", "Z9"],
    ["level", "a1"],
    ["gloss", "de"],
    ["hasClips", "maybe"],
    ["language", "EN"],
    ["language", "eng"],
    ["q", "a".repeat(101)],
    ["cursor", ""],
    ["cursor", "x".repeat(1025)],
  ])("answers 400 invalid_request naming %s for %s=%j", async (name, value) => {
    const response = await get(`/words?${name}=${encodeURIComponent(value)}`);
    expectError(response, 400, "invalid_request");
    expect(response.body.error.message).toContain(name);
    expect(response.body.error.message).toContain(JSON.stringify(value).slice(0, 40));
  });

  it.each(["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"])(
    "answers 400 for %s, a name every object has but no parameter of the endpoint",
    async (name) => {
      const response = await get(`/words?q=ru&${name}=1`);
      expectError(response, 400, "invalid_request");
      expect(response.body.error.message).toContain(`unknown query parameter "${name}"`);
    },
  );

  it("refuses a cursor of other filters where no word matches: a language without a catalogue, q of punctuation", async () => {
    const first = await get("/words?q=re&limit=5");
    const cursor = first.body.nextCursor as string;
    expect(cursor, first.text).toEqual(expect.any(String));
    for (const query of ["q=re&language=fr", "q=%21%21", "q=xqzzvq"]) {
      const response = await get(`/words?${query}&limit=5&cursor=${cursor}`);
      expectError(response, 400, "invalid_request");
      expect(response.body.error.message).toContain(JSON.stringify(cursor).slice(0, 20));
    }
    expectError(await get("/words?q=re&language=fr&cursor=garbage"), 400, "invalid_request");
  });

  it("answers 400 naming an unknown query parameter and the accepted ones", async () => {
    const response = await get("/words?q=ru&limit=5&levels=A1");
    expectError(response, 400, "invalid_request");
    expect(response.body.error.message).toBe(
      'unknown query parameter "levels"; accepted: q, language, gloss, level, hasClips, limit, cursor',
    );
  });
});
