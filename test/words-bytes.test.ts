/**
 * GET /v1/words written as bytes by the word writer (`WordWriter`: a word's JSON written from its fields,
 * kept in an arena and copied from there the next time) is, byte for byte, what the response schema's
 * serialiser writes for the same answer: every catalogue word of the test snapshot in every gloss language,
 * written and copied, with the arena roomy and full, words whose fields need escaping, and whole pages
 * over HTTP (prefixes, levels, glosses, second pages), each held to the serialiser Fastify would compile
 * for the route.
 */
import fastJsonStringify from "fast-json-stringify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { presentWord, WordWriter } from "../src/api/present.js";
import { WordsResponse } from "../src/api/routes/words.js";
import { Word } from "../src/api/schemas.js";
import { GLOSSES } from "../src/domain.js";
import { Snapshot } from "../src/index/snapshot.js";
import type { WordEntry } from "../src/index/word-catalog.js";
import { JsonBytes } from "../src/text/json-bytes.js";
import { SLOW_TESTS } from "./support/api-checks.js";
import { type ApiResponse, startTestServer, type TestServer } from "./support/server.js";
import { sharedTestSnapshot } from "./support/snapshot.js";

const serializeWord = fastJsonStringify(Word);
const serializeAnswer = fastJsonStringify(WordsResponse);

function written(entry: WordEntry, gloss: (typeof GLOSSES)[number], writer = new WordWriter()): string {
  const out = new JsonBytes(16);
  writer.write(out, entry, gloss);
  return out.done().toString("utf8");
}

/** An entry with the fields a word's JSON is written from. */
function entry(fields: { word: string; meanings: Record<string, string>; wordId?: number }): WordEntry {
  return {
    index: 0,
    wordId: fields.wordId ?? 7,
    word: fields.word,
    norm: fields.word,
    level: 3,
    pos: [],
    variants: [],
    meanings: fields.meanings,
    clipCount: 12,
    clipsByLevel: new Int32Array(6),
    levelSource: "estimated",
    frequency: 0,
  };
}

describe("a word written by the word writer", () => {
  it(
    "is the serialiser's JSON of the presented word, for every word of the test snapshot in every gloss",
    async () => {
      const snapshot = new Snapshot((await sharedTestSnapshot()).path);
      try {
        const words = snapshot.language("en")?.catalog.words ?? [];
        expect(words.length).toBeGreaterThan(1000);
        let fallbacks = 0;
        const wrong: string[] = [];
        // The default arena keeps every word here; a small one fills after a few hundred words, and those
        // answered after it are written from their fields each time.
        for (const writer of [new WordWriter(), new WordWriter({ arenaBytes: 64 * 1024 })]) {
          for (const word of words) {
            for (const gloss of GLOSSES) {
              const expected = serializeWord(presentWord(word, gloss));
              // Twice: the second time copied from the arena when the first kept it there.
              for (const got of [written(word, gloss, writer), written(word, gloss, writer)]) {
                if (got !== expected) wrong.push(`${gloss}: ${got} ≠ ${expected}`);
              }
              if (gloss !== "en" && !word.meanings[gloss]) fallbacks++;
            }
          }
        }
        expect(wrong.slice(0, 5)).toEqual([]);
        // The English fallback is exercised as well as the meanings in the gloss language.
        expect(fallbacks).toBeGreaterThan(0);
      } finally {
        snapshot.close();
      }
    },
    SLOW_TESTS.timeout,
  );

  it.each([
    ["quotes and backslashes", entry({ word: 'say "hi" \\ now', meanings: { en: 'a "quoted" \\ meaning' } })],
    ["control characters", entry({ word: "tab\there", meanings: { en: "line\nbreak\u0001" } })],
    ["lone surrogates", entry({ word: "x\ud800y", meanings: { en: "z\udc00" } })],
    ["non-Latin scripts", entry({ word: "café", meanings: { en: "coffee", ja: "コーヒー店", ru: "кафе" } })],
    ["no meaning at all", entry({ word: "bare", meanings: {} })],
    ["a long meaning", entry({ word: "long", meanings: { en: `${"word ".repeat(2000)}"end"` } })],
  ])("with %s, is the serialiser's JSON too, written and kept", (_name, word) => {
    const writer = new WordWriter();
    for (const gloss of GLOSSES) {
      const expected = serializeWord(presentWord(word, gloss));
      expect(written(word, gloss, writer)).toBe(expected);
      expect(written(word, gloss, writer)).toBe(expected);
    }
  });
});

describe("GET /v1/words, written as bytes", SLOW_TESTS, () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  }, SLOW_TESTS.timeout);

  afterAll(async () => {
    await server?.close();
  });

  /** The body as sent, which must be the serialiser's bytes for the answer it parses to. */
  async function expectSerialised(path: string): Promise<ApiResponse> {
    const response = await server.api(path, { key: server.keys.generous });
    expect(response.status, `${path}: ${response.text}`).toBe(200);
    expect(response.text, path).toBe(serializeAnswer(response.body));
    return response;
  }

  it("answers every query as the response schema's serialiser writes it, second pages included", async () => {
    const queries = ["", "q=a", "q=th", "q=ing", "q=run", "q=zzzq", "q=caf%C3%A9", "q=%22"];
    const filters = ["", "&level=A1,B2", "&hasClips=false", "&limit=3", "&limit=100"];
    let pages = 0;
    let nonEnglish = 0;
    for (const query of queries) {
      for (const filter of filters) {
        for (const gloss of ["en", "ja", "tr"]) {
          const path = `/v1/words?${query}${filter}&gloss=${gloss}`;
          const first = await expectSerialised(path);
          pages++;
          if (gloss !== "en" && first.body.words.length > 0) nonEnglish++;
          if (first.body.nextCursor !== null) {
            await expectSerialised(`${path}&cursor=${encodeURIComponent(first.body.nextCursor)}`);
            pages++;
          }
        }
      }
    }
    expect(pages).toBeGreaterThan(120);
    expect(nonEnglish).toBeGreaterThan(20);
  });
});
