/**
 * GET /v1/phrases/{phrase}/clips end to end: phrases found where their tokens are spoken one after the
 * other (across cues too), at the second the first token is spoken; forms; one-token phrases as word
 * lookups; every error; paging and cursors. Over the test snapshot, and over the demo index itself.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DEMO_CLIPS, DEFAULT_DEMO_SEED, generateDemoCorpus } from "../src/demo/corpus.js";
import { demoFixturesDir, projectDataDir } from "../src/demo/project-data.js";
import { buildSnapshot } from "../src/indexer/builder.js";
import { tokenise } from "../src/text/tokenise.js";
import {
  expectClipFields,
  expectEmbedAtFirstOccurrence,
  expectError,
  PACE_WPM,
  paceOfClip,
  SLOW_TESTS,
  walkPages,
  withByte,
  withCursor,
} from "./support/api-checks.js";
import { type ApiResponse, startTestServer, type TestKey, type TestServer } from "./support/server.js";
import { processScratchDir, TEST_BUILT_AT } from "./support/snapshot.js";

// biome-ignore lint/suspicious/noExplicitAny: clip records as the API sends them.
type Clip = any;

let server: TestServer;
let key: TestKey;

beforeAll(async () => {
  server = await startTestServer();
  key = server.keys.generous;
});

afterAll(async () => {
  await server?.close();
});

function phrasePath(phrase: string, query = ""): string {
  return `/v1/phrases/${encodeURIComponent(phrase)}/clips${query === "" ? "" : `?${query}`}`;
}

/** GETs with the server's generous key, or without a key. */
function get(on: TestServer, pathAndQuery: string, withKey = true): Promise<ApiResponse> {
  return on.api(pathAndQuery, withKey ? { key: on.keys.generous } : {});
}

/** Every clip of a phrase lookup, walked with the given page size. */
async function allClips(
  on: TestServer,
  phrase: string,
  query = "",
  limit = 100,
  base = `${phrasePath(phrase)}?limit=${limit}${query === "" ? "" : `&${query}`}`,
): Promise<Clip[]> {
  return (await walkPages<Clip>(on, withCursor(base), "clips", { key: on.keys.generous })).items;
}

/** The tokens of `text` contain `tokens` one after the other. */
function saysInOrder(text: string, tokens: readonly string[]): boolean {
  return ` ${tokenise(text, "en").join(" ")} `.includes(` ${tokens.join(" ")} `);
}

/**
 * Checks an occurrence against the clip's transcript: its text is the cue it starts in (and the next ones
 * when it runs on), the phrase is in it, and a catalogue word spoken at tStart is the phrase's first token.
 * Returns whether the phrase runs across cues.
 */
async function checkOccurrence(on: TestServer, clip: Clip, spoken: readonly string[]): Promise<boolean> {
  const response = await get(on, `/v1/clips/${clip.clipId}/transcript`);
  expect(response.status, response.text).toBe(200);
  const { cues, words } = response.body as {
    cues: Array<{ idx: number; t0: number; t1: number; text: string }>;
    words: Array<{ word: string; tStart: number; form?: string }>;
  };
  const [occurrence] = clip.occurrences;
  const cue = cues[occurrence.captionIdx];
  expect(cue, JSON.stringify(clip)).toBeDefined();
  expect(occurrence.tStart).toBeGreaterThanOrEqual(cue?.t0 ?? Number.NaN);
  expect(occurrence.tStart).toBeLessThanOrEqual(cue?.t1 ?? Number.NaN);
  expect(saysInOrder(occurrence.text, spoken), JSON.stringify(clip)).toBe(true);
  const spans = occurrence.text !== cue?.text;
  if (spans) {
    const next = cues[occurrence.captionIdx + 1];
    expect(occurrence.text).toBe(`${cue?.text} ${next?.text}`);
    expect(saysInOrder(cue?.text ?? "", spoken)).toBe(false);
  }
  const first = spoken[0] as string;
  const atStart = words.filter((w) => w.tStart === occurrence.tStart);
  if (atStart.length > 0) {
    expect(
      atStart.some((w) => (w.form ?? w.word).split(" ")[0] === first),
      `${JSON.stringify(atStart)} at ${occurrence.tStart}`,
    ).toBe(true);
  }
  return spans;
}

describe("a phrase lookup", SLOW_TESTS, () => {
  it("answers a lot of with clips that say it at tStart, newest first, and the phrase normalised", async () => {
    const response = await get(server, phrasePath("A lot OF", "limit=5"));
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ query: "A lot OF", phrase: "a lot of", matchType: "exact" });
    expect(response.body).not.toHaveProperty("word");
    expect(response.body.totalCount).toBeGreaterThan(5);
    expect(response.body.clips).toHaveLength(5);
    expect(typeof response.body.nextCursor).toBe("string");
    for (const clip of response.body.clips) {
      expectClipFields(clip, response.text);
      expect(clip.occurrences).toHaveLength(1);
      expect(Object.keys(clip.occurrences[0]).sort()).toEqual(["captionIdx", "tStart", "text"]);
      await checkOccurrence(server, clip, ["a", "lot", "of"]);
    }
  });

  it("finds in order to where it runs across two cues, with both cues' text", async () => {
    const clips = await allClips(server, "in order to");
    expect(clips.length).toBeGreaterThan(0);
    let spanning = 0;
    for (const clip of clips) if (await checkOccurrence(server, clip, ["in", "order", "to"])) spanning++;
    expect(spanning, JSON.stringify(clips.map((c) => c.occurrences))).toBeGreaterThan(0);
  });

  it("answers a one-token phrase as the word lookup does, with the word", async () => {
    const phrase = await get(server, phrasePath("run", "limit=7"));
    const word = await get(server, "/v1/words/run/clips?limit=7");
    expect(phrase.status, phrase.text).toBe(200);
    expect(phrase.body.word).toEqual(word.body.word);
    expect(phrase.body.clips).toEqual(word.body.clips);
    expect(phrase.body.totalCount).toBe(word.body.totalCount);
    expect(phrase.body).toMatchObject({ phrase: "run", matchType: "exact" });
  });

  it("matches tokens that are not catalogue words, and keeps only the asked levels", async () => {
    const all = await allClips(server, "of the");
    expect(all.length).toBeGreaterThan(0);
    const b1 = await allClips(server, "of the", "level=B1,A2");
    expect(b1.length).toBeGreaterThan(0);
    expect(b1.every((c) => c.level === "B1" || c.level === "A2")).toBe(true);
    expect(b1.map((c) => c.clipId)).toEqual(
      all.filter((c) => c.level === "B1" || c.level === "A2").map((c) => c.clipId),
    );
  });

  it("returns a random sample of the phrase's clips with a null nextCursor", async () => {
    const all = new Set((await allClips(server, "a lot of")).map((c) => c.clipId));
    const response = await get(server, phrasePath("a lot of", "order=random&limit=3"));
    expect(response.status, response.text).toBe(200);
    expect(response.body.nextCursor).toBeNull();
    expect(response.body.clips).toHaveLength(3);
    for (const clip of response.body.clips) expect(all.has(clip.clipId)).toBe(true);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 200 with no clips for tokens spoken separately but never together", async () => {
    const response = await get(server, phrasePath("of of of of"));
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ clips: [], totalCount: 0, nextCursor: null });
  });
});

describe("phrase lookup errors", SLOW_TESTS, () => {
  it("answers 404 not_found naming a token no clip says", async () => {
    const response = await get(server, phrasePath("a lot of zzqxvw", "match=strict"));
    expectError(response, 404, "not_found");
    expect(response.body.error.message).toContain('"zzqxvw"');
  });

  it("answers 404 not_found for a clip language without a catalogue", async () => {
    expectError(await get(server, phrasePath("a lot of", "language=xx")), 404, "not_found");
  });

  it("answers 400 invalid_request for a phrase without words and one too long", async () => {
    const empty = await get(server, phrasePath("?!"));
    expectError(empty, 400, "invalid_request");
    expect(empty.body.error.message).toContain("at least one word");
    const long = await get(server, phrasePath(Array.from({ length: 13 }, () => "the").join(" ")));
    expectError(long, 400, "invalid_request");
    expect(long.body.error.message).toContain("at most 12 words, got 13");
  });

  it("answers 400 invalid_request for bad parameters, as word lookups do", async () => {
    for (const query of ["limit=0", "limit=101", "level=D1", "match=loose", "order=oldest", "unknown=1"]) {
      expectError(await get(server, phrasePath("a lot of", query)), 400, "invalid_request");
    }
  });

  it("answers 401 invalid_key without a key", async () => {
    expectError(await get(server, phrasePath("a lot of"), false), 401, "invalid_key");
  });
});

describe("phrase lookup cursors", SLOW_TESTS, () => {
  it("walks every clip once with small pages, in the order of one big page", async () => {
    const big = await get(server, phrasePath("a lot of", "limit=100"));
    expect(big.body.nextCursor, big.text).toBeNull();
    const walk = await walkPages<Clip>(server, withCursor(phrasePath("a lot of", "limit=4")), "clips", {
      key,
    });
    expect(walk.pages).toBeGreaterThan(1);
    expect(walk.items.map((c) => c.clipId)).toEqual(big.body.clips.map((c: Clip) => c.clipId));
    expect(new Set(walk.totalCounts)).toEqual(new Set([big.body.totalCount]));
  });

  it("answers 400 invalid_request for a cursor of another phrase, filter, match mode or a word lookup", async () => {
    const page = await get(server, phrasePath("a lot of", "limit=2"));
    const cursor = page.body.nextCursor as string;
    for (const other of [
      phrasePath("in order to", `limit=2&cursor=${cursor}`),
      phrasePath("a lot of", `limit=2&level=B1&cursor=${cursor}`),
      phrasePath("a lot of", `limit=2&match=strict&cursor=${cursor}`),
    ]) {
      const response = await get(server, other);
      expectError(response, 400, "invalid_request");
      expect(response.body.error.message).toContain("same phrase and filters");
    }
    const word = await get(server, "/v1/words/run/clips?limit=2");
    const mixed = await get(server, phrasePath("a lot of", `cursor=${word.body.nextCursor}`));
    expectError(mixed, 400, "invalid_request");
    expectError(
      await get(server, phrasePath("a lot of", `cursor=${withByte(cursor, 5, 0x41)}`)),
      400,
      "invalid_request",
    );
  });
});

describe("the demo index", SLOW_TESTS, () => {
  let demo: TestServer;

  beforeAll(async () => {
    const dir = path.join(processScratchDir(), "phrases-demo");
    const clipsDir = path.join(dir, "clips");
    await generateDemoCorpus({ outDir: clipsDir, clips: DEFAULT_DEMO_CLIPS, seed: DEFAULT_DEMO_SEED });
    const outPath = path.join(dir, "index.sqlite");
    const { report } = await buildSnapshot({
      catalogueDir: path.join(projectDataDir(), "catalogue"),
      clipSources: [demoFixturesDir(), clipsDir],
      outPath,
      workers: 0,
      builtAt: TEST_BUILT_AT,
    });
    demo = await startTestServer({
      snapshot: { path: outPath, buildId: report.buildId, builtAt: report.builtAt, report },
    });
  }, 180_000);

  afterAll(async () => {
    await demo?.close();
  });

  it("answers a lot of, in order to and give up with clips that say them at tStart", async () => {
    for (const [phrase, tokens] of [
      ["a lot of", ["a", "lot", "of"]],
      ["in order to", ["in", "order", "to"]],
      ["give up", ["give", "up"]],
    ] as const) {
      const clips = await allClips(demo, phrase, "match=strict");
      expect(clips.length, phrase).toBeGreaterThan(0);
      for (const clip of clips.slice(0, 10)) await checkOccurrence(demo, clip, tokens);
    }
  });

  it("finds gave up with match=forms, give up among its forms, and a case across two cues", async () => {
    const strict = await allClips(demo, "gave up", "match=strict");
    const forms = await allClips(demo, "gave up", "match=forms");
    expect(forms.length).toBeGreaterThan(strict.length);
    const spoken = new Set<string>();
    let spanning = 0;
    for (const clip of forms) {
      const form = (clip.occurrences[0].form ?? "gave up") as string;
      spoken.add(form);
      if (await checkOccurrence(demo, clip, form.split(" "))) spanning++;
    }
    expect(spoken.has("give up"), [...spoken].join(", ")).toBe(true);
    expect(spoken.has("gave up"), [...spoken].join(", ")).toBe(true);
    expect(spanning).toBeGreaterThan(0);
    for (const clip of strict) expect(clip.occurrences[0]).not.toHaveProperty("form");
  });
});

describe("the pace filter on phrase lookups", SLOW_TESTS, () => {
  it("keeps each pace's clips in order with an exact totalCount on every page, phrases and one-token phrases", async () => {
    for (const phrase of ["of the", "run"]) {
      const all = await allClips(server, phrase);
      let paced = 0;
      for (const pace of Object.keys(PACE_WPM)) {
        const walk = await walkPages<Clip>(
          server,
          withCursor(phrasePath(phrase, `pace=${pace}&limit=5`)),
          "clips",
          {
            key,
          },
        );
        const expected = all.filter((c) => paceOfClip(c) === pace);
        expect(
          walk.items.map((c) => c.clipId),
          `${phrase} ${pace}`,
        ).toEqual(expected.map((c) => c.clipId));
        for (const total of walk.totalCounts) expect(total, `${phrase} ${pace}`).toBe(expected.length);
        paced += walk.items.length;
      }
      expect(paced, phrase).toBe(all.filter((c) => c.wordsPerMinute > 0).length);
    }
  });

  it("samples only the pace asked for with order=random", async () => {
    const all = await allClips(server, "of the");
    const pace = paceOfClip(all[0]) as string;
    const ofPace = new Set(all.filter((c) => paceOfClip(c) === pace).map((c) => c.clipId));
    const sample = await get(server, phrasePath("of the", `pace=${pace}&order=random&limit=4`));
    expect(sample.status, sample.text).toBe(200);
    expect(sample.body.totalCount).toBe(ofPace.size);
    for (const clip of sample.body.clips) expect(ofPace.has(clip.clipId), sample.text).toBe(true);
  });

  it("answers 400 invalid_request for another value, and for a cursor reused with another pace", async () => {
    const bad = await get(server, phrasePath("of the", "pace=brisk"));
    expectError(bad, 400, "invalid_request");
    expect(bad.body.error.message).toContain("pace");
    const first = await get(server, phrasePath("of the", "pace=medium&limit=2"));
    const cursor = first.body.nextCursor as string;
    expect(typeof cursor, first.text).toBe("string");
    for (const other of ["pace=fast&", ""]) {
      const response = await get(server, phrasePath("of the", `${other}limit=2&cursor=${cursor}`));
      expectError(response, 400, "invalid_request");
    }
    const next = await get(server, phrasePath("of the", `pace=medium&limit=2&cursor=${cursor}`));
    expect(next.status, next.text).toBe(200);
  });
});

describe("occurrences=all", SLOW_TESTS, () => {
  for (const [what, base] of [
    ["word lookups", "/v1/words/be/clips"],
    ["phrase lookups", phrasePath("of the")],
  ] as const) {
    it(`lists every occurrence in order on ${what}, the first one first, the same clips as without`, async () => {
      const first = await allClips(server, "", "", 100, `${base}?limit=100`);
      const every = await allClips(server, "", "", 100, `${base}?limit=100&occurrences=all`);
      expect(every.map((c) => c.clipId)).toEqual(first.map((c) => c.clipId));
      let repeated = 0;
      every.forEach((clip, i) => {
        const { form: _a, ...head } = clip.occurrences[0];
        const { form: _b, ...was } = first[i].occurrences[0];
        expect(head).toEqual(was);
        const times = clip.occurrences.map((o: { tStart: number }) => o.tStart);
        expect(times).toEqual([...times].sort((a, b) => a - b));
        if (clip.occurrences.length > 1) repeated++;
      });
      expect(repeated).toBeGreaterThan(0);
    });
  }

  it("walks the same clips with small pages when occurrences=all", async () => {
    const every = await allClips(server, "of the", "occurrences=all");
    const walk = await walkPages<Clip>(
      server,
      withCursor(phrasePath("of the", "limit=7&occurrences=all")),
      "clips",
      { key },
    );
    expect(walk.items).toEqual(every);
  });

  it("starts each embed one second before the first listed occurrence, on every page", async () => {
    for (const query of ["limit=7", "limit=7&occurrences=all"]) {
      for (const phrase of ["of the", "run"]) {
        const walk = await walkPages<Clip>(server, withCursor(phrasePath(phrase, query)), "clips", { key });
        expect(walk.items.length, phrase).toBeGreaterThan(0);
        for (const clip of walk.items)
          expectEmbedAtFirstOccurrence(clip, `${phrase}: ${JSON.stringify(clip)}`);
      }
    }
  });

  it("answers 400 invalid_request for another value", async () => {
    expectError(await get(server, phrasePath("of the", "occurrences=every")), 400, "invalid_request");
    expectError(await get(server, "/v1/words/be/clips?occurrences=2"), 400, "invalid_request");
  });
});
