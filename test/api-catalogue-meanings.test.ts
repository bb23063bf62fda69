/**
 * The shipped catalogue seen through the API: every word listed has a meaning in every gloss language,
 * function words, phrases, new words and British spellings resolve, and the learner's sense is the one
 * shown (`bank` the institution, `runner` the one who runs, `marching` the verb and not the month).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueLine, GLOSSES, SLOW_TESTS, walkPages, withCursor } from "./support/api-checks.js";
import { type ApiResponse, startTestServer, type TestKey, type TestServer } from "./support/server.js";

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

function lookUp(word: string, query = "limit=1"): Promise<ApiResponse> {
  return get(`/words/${encodeURIComponent(word)}/clips?${query}`);
}

describe("every word listed has a meaning", SLOW_TESTS, () => {
  it.each(GLOSSES)(
    "walks /v1/words?hasClips=false to the end in gloss %s without an empty meaning",
    async (gloss) => {
      const walk = await walkPages<{ word: string; meaning: string }>(
        server,
        withCursor(`/v1/words?hasClips=false&limit=100&gloss=${gloss}`),
        "words",
        { key },
      );
      expect(walk.items.length).toBeGreaterThanOrEqual(25_000);
      expect(walk.items.filter((w) => w.meaning.trim() === "").map((w) => w.word)).toEqual([]);
    },
  );
});

describe("words a learner looks up", SLOW_TESTS, () => {
  it.each([
    ["the", "the", "exact"],
    ["because", "because", "exact"],
    ["according to", "according to", "exact"],
    ["each other", "each other", "exact"],
    ["no one", "no one", "exact"],
    ["upon", "upon", "exact"],
    ["serendipity", "serendipity", "exact"],
    ["ubiquitous", "ubiquitous", "exact"],
    ["learnt", "learn", "forms"],
    ["dialled", "dial", "forms"],
    ["cancelled", "cancel", "forms"],
    ["colour", "color", "exact"],
    ["marching", "march", "forms"],
    ["running", "running", "exact"],
    ["are", "be", "forms"],
  ])("resolves %j to %j (%s) with an English meaning", async (query, word, matchType) => {
    const response = await lookUp(query);
    expect(response.status, response.text).toBe(200);
    expect(response.body, response.text).toMatchObject({ matchedWord: word, matchType });
    expect(response.body.word.meaning, response.text).toBe(catalogueLine(word).meanings.en);
    expect(response.body.word.meaning.length, response.text).toBeGreaterThan(2);
  });

  it("shows March and May as the common words, marching as the verb's walk", async () => {
    for (const word of ["march", "may"]) {
      const response = await lookUp(word.toUpperCase());
      expect(response.body.matchedWord, response.text).toBe(word);
    }
    const marching = await lookUp("marching");
    expect(marching.body.word.meaning, marching.text).toMatch(/march|walk/);
    expect(marching.body.word.meaning, marching.text).not.toMatch(/month|February/);
  });

  it("gives bank and runner the senses a learner means, in English and in translation", async () => {
    const bank = await lookUp("bank", "limit=1&gloss=es");
    expect(bank.body.word.meaning, bank.text).toMatch(/banco/);
    const bankEn = await lookUp("bank");
    expect(bankEn.body.word.meaning, bankEn.text).toMatch(/financial institution/);
    const runner = await lookUp("runner");
    expect(runner.body.word.meaning, runner.text).toMatch(/running/);
    expect(runner.body.word.meaning, runner.text).not.toMatch(/duties|smuggl/);
  });

  it("states a function word's and a phrase's meaning from a dictionary", async () => {
    const expected: Record<string, RegExp> = {
      the: /before nouns/,
      because: /for the reason that/,
      "because of": /by reason of/,
      "instead of": /in place of/,
      "no one": /not even a single person/,
    };
    for (const [word, pattern] of Object.entries(expected)) {
      const response = await lookUp(word);
      expect(response.body.word.meaning, response.text).toMatch(pattern);
    }
  });
});
