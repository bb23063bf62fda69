import { rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { freshDir } from "../../test/support/build-inputs.js";
import { RECENT_KEY_CLIPS, SNAPSHOT_DDL } from "../snapshot/schema.js";
import { decodeTokenBlock } from "../snapshot/token-block.js";
import { clipTokens, TokenDictionary } from "./clip-tokens.js";
import { TokenIndexWriter } from "./token-index.js";

interface Clip {
  key: number;
  level: number;
  tokens: string[];
}

/** Clips of a few hundred tokens from a small vocabulary, some spoken many times, keys past 2^32. */
function clips(count: number): Clip[] {
  let seed = 7;
  const next = (n: number): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % n;
  };
  const vocabulary = Array.from({ length: 60 }, (_, i) => `w${i}`);
  return Array.from({ length: count }, (_, i) => ({
    key: (20_000 + i) * RECENT_KEY_CLIPS + i + 1,
    level: next(6),
    tokens: Array.from({ length: next(300) }, () => vocabulary[next(next(60) + 1)] as string),
  }));
}

type Rows = Record<string, unknown>[];

function written(input: readonly Clip[], chunkValues?: number): { tokens: Rows; blocks: Rows } {
  const dir = freshDir("token-index");
  const db = new Database(":memory:");
  db.exec(SNAPSHOT_DDL);
  const writer = new TokenIndexWriter(path.join(dir, "staging"), chunkValues);
  const dictionary = new TokenDictionary();
  for (const clip of input) writer.add("en", clip.key, clip.level, clipTokens(clip.tokens, dictionary));
  db.exec("BEGIN");
  writer.write(db);
  db.exec("COMMIT");
  const tables = {
    tokens: db.prepare("SELECT * FROM tokens ORDER BY token_id").all() as Rows,
    blocks: db.prepare("SELECT * FROM token_postings ORDER BY token_id, min_key").all() as Rows,
  };
  db.close();
  rmSync(dir, { recursive: true, force: true });
  return tables;
}

describe("TokenIndexWriter", () => {
  it("gives every token its clips newest first with their levels and positions", () => {
    const input = clips(300);
    const { tokens, blocks } = written(input);
    for (const row of tokens) {
      const token = row.token as string;
      const expected = input
        .filter((clip) => clip.tokens.includes(token))
        .sort((a, b) => b.key - a.key)
        .map((clip) => ({
          key: clip.key,
          level: clip.level,
          positions: clip.tokens.flatMap((t, position) => (t === token ? [position] : [])),
        }));
      expect(row.clips).toBe(expected.length);
      expect(row.occurrences).toBe(expected.reduce((n, clip) => n + clip.positions.length, 0));
      const got = blocks
        .filter((block) => block.token_id === row.token_id)
        .reverse()
        .flatMap((block) => {
          const list = decodeTokenBlock(block.data as Buffer);
          return [...list.keys].map((key, i) => ({
            key,
            level: list.levels[i],
            positions: [...list.positions.subarray(list.starts[i], list.starts[i + 1])],
          }));
        });
      expect(got, token).toEqual(expected);
    }
  });

  it("writes the same rows when it spills its values to the staging file every few clips", () => {
    const input = clips(300);
    expect(written(input, 500)).toEqual(written(input));
  });

  it("keeps nothing of a clip that speaks no token", () => {
    const dictionary = new TokenDictionary();
    expect(clipTokens([], dictionary)).toMatchObject({
      source: dictionary.source,
      firstAdded: 0,
      added: "",
      ids: new Uint32Array(0),
      positions: new Uint8Array(0),
    });
    expect(written([{ key: 1, level: 0, tokens: [] }])).toEqual({ tokens: [], blocks: [] });
  });

  it("reads clips of several dictionaries, each naming a token once, and those it only learns from", () => {
    const input = clips(60);
    const dir = freshDir("token-index");
    const db = new Database(":memory:");
    db.exec(SNAPSHOT_DDL);
    const writer = new TokenIndexWriter(path.join(dir, "staging"));
    const dictionaries = [new TokenDictionary(), new TokenDictionary()];
    input.forEach((clip, i) => {
      const prepared = clipTokens(clip.tokens, dictionaries[i % 2] as TokenDictionary);
      // Every fifth clip is processed but not indexed, as a duplicate video is.
      if (i % 5 === 4) writer.learn(prepared);
      else writer.add("en", clip.key, clip.level, prepared);
    });
    db.exec("BEGIN");
    writer.write(db);
    db.exec("COMMIT");
    const tokens = db.prepare("SELECT token, clips FROM tokens ORDER BY token_id").all();
    db.close();
    rmSync(dir, { recursive: true, force: true });
    const kept = input.filter((_, i) => i % 5 !== 4);
    const firstSeen = [...new Set(kept.flatMap((clip) => clip.tokens))];
    expect(tokens).toEqual(
      firstSeen.map((token) => ({ token, clips: kept.filter((c) => c.tokens.includes(token)).length })),
    );
  });

  it("refuses a clip whose dictionary named tokens in a clip it never saw", () => {
    const dictionary = new TokenDictionary();
    clipTokens(["lost", "words"], dictionary);
    const writer = new TokenIndexWriter(path.join(freshDir("token-index"), "staging"));
    expect(() => writer.add("en", 1, 0, clipTokens(["new", "words"], dictionary))).toThrow(
      "the clips of a token dictionary arrived out of order",
    );
    writer.close();
  });
});
