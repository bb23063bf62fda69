import Database from "better-sqlite3";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SNAPSHOT_DDL } from "../snapshot/schema.js";
import { encodeTokenBlock, TOKEN_BLOCK_CLIPS, type TokenList } from "../snapshot/token-block.js";
import { PhraseIndex, type SpokenToken } from "./phrase-index.js";
import { matchPhrase } from "./phrase-search.js";

interface Clip {
  key: number;
  level: number;
  tokens: string[];
}

/** A positional index of `clips` in an in-memory snapshot, written as the builder writes it. */
function indexOf(clips: readonly Clip[]): { index: PhraseIndex; tokens: Map<string, SpokenToken> } {
  const db = new Database(":memory:");
  db.exec(SNAPSHOT_DDL);
  const vocabulary = [...new Set(clips.flatMap((c) => c.tokens))].sort();
  const tokens = new Map<string, SpokenToken>();
  vocabulary.forEach((token, tokenId) => {
    const saying = clips.filter((c) => c.tokens.includes(token)).sort((a, b) => b.key - a.key);
    const positions = saying.map((c) => c.tokens.flatMap((t, p) => (t === token ? [p] : [])));
    const list: TokenList = {
      keys: Float64Array.from(saying, (c) => c.key),
      levels: Uint8Array.from(saying, (c) => c.level),
      starts: Int32Array.from([0, ...positions.map((_, i) => positions.slice(0, i + 1).flat().length)]),
      positions: Int32Array.from(positions.flat()),
    };
    const occurrences = positions.flat().length;
    db.prepare(
      "INSERT INTO tokens (language, token, token_id, clips, occurrences) VALUES (?, ?, ?, ?, ?)",
    ).run("en", token, tokenId, saying.length, occurrences);
    const order = saying.map((_, i) => i);
    for (let from = 0; from < saying.length; from += TOKEN_BLOCK_CLIPS) {
      const to = Math.min(saying.length, from + TOKEN_BLOCK_CLIPS);
      db.prepare("INSERT INTO token_postings (token_id, min_key, data) VALUES (?, ?, ?)").run(
        tokenId,
        list.keys[to - 1],
        encodeTokenBlock(list, order, from, to),
      );
    }
    tokens.set(token, { tokenId, token, clips: saying.length });
  });
  return { index: new PhraseIndex(db), tokens };
}

/** The oracle: every clip, newest first, with each position where the places' tokens follow one another. */
function scan(clips: readonly Clip[], places: readonly (readonly string[])[]) {
  return [...clips]
    .sort((a, b) => b.key - a.key)
    .map((clip) => ({
      key: clip.key,
      level: clip.level,
      starts: clip.tokens.flatMap((_, s) =>
        places.every((place, i) => place.includes(clip.tokens[s + i] ?? "")) ? [s] : [],
      ),
    }))
    .filter((c) => c.starts.length > 0);
}

const VOCABULARY = ["a", "lot", "of", "the", "way", "by"];

const clipsArb = fc
  .array(
    fc.record({
      level: fc.integer({ min: 0, max: 5 }),
      tokens: fc.array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 12 }),
    }),
    { minLength: 1, maxLength: 400, size: "large" },
  )
  .map((clips) => clips.map((c, i) => ({ ...c, key: (i + 1) * 7 })));

const placesArb = fc.array(fc.uniqueArray(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 3 }), {
  minLength: 1,
  maxLength: 4,
});

describe("matchPhrase", () => {
  it("finds what a scan of every clip finds: the clips, their levels and every start, newest first", () => {
    fc.assert(
      fc.property(clipsArb, placesArb, (clips, places) => {
        const { index, tokens } = indexOf(clips);
        const spoken = places.map((place) => place.flatMap((t) => tokens.get(t) ?? []));
        const expected = scan(clips, places);
        if (spoken.some((place) => place.length === 0)) {
          expect(expected).toEqual([]);
          return;
        }
        const found = matchPhrase(index, spoken);
        const got = Array.from(found.keys, (key, i) => ({
          key,
          level: found.levels[i] as number,
          starts: Array.from(found.starts.subarray(found.offsets[i], found.offsets[i + 1])),
        }));
        expect(got).toEqual(expected);
        const byLevel = [0, 0, 0, 0, 0, 0];
        for (const c of expected) byLevel[c.level] = (byLevel[c.level] as number) + 1;
        expect(Array.from(found.byLevel)).toEqual(byLevel);
      }),
      { numRuns: 150 },
    );
  });

  it("follows a phrase across many blocks of a token said in most clips", () => {
    const clips = Array.from({ length: 3 * TOKEN_BLOCK_CLIPS + 5 }, (_, i) => ({
      key: 1000 + i,
      level: i % 6,
      tokens: i % 3 === 0 ? ["by", "the", "way"] : ["the", "way", "of", "the", "lot"],
    }));
    const { index, tokens } = indexOf(clips);
    const found = matchPhrase(index, [
      [tokens.get("the") as SpokenToken],
      [tokens.get("way") as SpokenToken],
    ]);
    expect(found.keys.length).toBe(clips.length);
    const ofThe = matchPhrase(index, [[tokens.get("of") as SpokenToken], [tokens.get("the") as SpokenToken]]);
    expect(ofThe.keys.length).toBe(clips.filter((c) => c.tokens.includes("of")).length);
  });
});
