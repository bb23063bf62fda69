import Database from "better-sqlite3";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clipIdOf } from "../indexer/ids.js";
import { decodeFeedColumns, encodeFeedColumns, scanFeedColumns } from "../snapshot/feed-columns.js";
import { Feed, type FeedFilter, type FeedPosition, mix32, seedWords } from "./feed.js";

function clipsDb(count: number, from = 1): Database.Database {
  const db = new Database(":memory:");
  db.exec(
    "CREATE TABLE clips (clip_no INTEGER PRIMARY KEY, clip_id TEXT, level INTEGER, language TEXT, topic TEXT, words_per_minute INTEGER)",
  );
  const insert = db.prepare("INSERT INTO clips VALUES (?, ?, ?, ?, ?, ?)");
  for (let n = from; n < from + count; n++) {
    const wpm = [0, 120, 150, 190][n % 4] as number;
    insert.run(
      n,
      clipIdOf(`clip${n}`),
      n % 6,
      n % 5 === 0 ? "es" : "en",
      n % 3 === 0 ? "food" : "travel",
      wpm,
    );
  }
  return db;
}

function walk(feed: Feed, seed: string, filter: FeedFilter, limit: number, after?: FeedPosition) {
  const seen: number[] = [];
  let position = after;
  for (let pages = 0; pages < 10_000; pages++) {
    const page = feed.page(seed, filter, position, limit);
    seen.push(...page.clipNos);
    if (!page.more) return { seen, position: page.last };
    position = page.last;
  }
  throw new Error("the walk did not end");
}

const all: FeedFilter = { language: "en", levels: [], topic: undefined, pace: -1 };

describe("Feed", () => {
  const db = clipsDb(3000);
  const feed = new Feed(db);
  const english = (
    db.prepare("SELECT clip_no FROM clips WHERE language = 'en'").pluck().all() as number[]
  ).sort((a, b) => a - b);

  it("walks every matching clip exactly once for a seed, whatever the page size", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.integer({ min: 1, max: 100 }), (seed, limit) => {
        const { seen } = walk(feed, seed, all, limit);
        expect(new Set(seen).size).toBe(seen.length);
        expect([...seen].sort((a, b) => a - b)).toEqual(english);
      }),
      { numRuns: 25 },
    );
  });

  it("gives the same order for the same seed, and another order for another seed", () => {
    expect(feed.page("user-42", all, undefined, 20).clipNos).toEqual(
      feed.page("user-42", all, undefined, 20).clipNos,
    );
    expect(feed.page("user-42", all, undefined, 20).clipNos).not.toEqual(
      feed.page("user-43", all, undefined, 20).clipNos,
    );
  });

  it("keeps to the filters", () => {
    const { seen } = walk(feed, "s", { language: "en", levels: [2, 3], topic: "food", pace: -1 }, 17);
    const expected = db
      .prepare("SELECT clip_no FROM clips WHERE language = 'en' AND level IN (2, 3) AND topic = 'food'")
      .pluck()
      .all() as number[];
    expect([...seen].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    // Pace classes: slow below 140 words a minute, fast from 170; a clip without speech has none.
    for (const [pace, wpm] of [
      [0, 120],
      [1, 150],
      [2, 190],
    ] as const) {
      const paced = walk(feed, "s", { language: "en", levels: [], topic: undefined, pace }, 23).seen;
      const slow = db
        .prepare("SELECT clip_no FROM clips WHERE language = 'en' AND words_per_minute = ?")
        .pluck()
        .all(wpm) as number[];
      expect(slow.length).toBeGreaterThan(0);
      expect([...paced].sort((a, b) => a - b)).toEqual(slow.sort((a, b) => a - b));
    }
    expect(feed.page("s", { language: "xx", levels: [], topic: undefined, pace: -1 }, undefined, 5)).toEqual({
      clipNos: [],
      last: undefined,
      more: false,
    });
  });

  it("orders by the seed's order of buckets, then each clip's seeded key, then clip number", () => {
    // Ids whose first eight hex digits repeat: clips with one hash share a bucket and a key, and only
    // their clip numbers order them. Inserted in descending clip numbers, so the scan's order is no help.
    const shared = new Database(":memory:");
    shared.exec(
      "CREATE TABLE clips (clip_no INTEGER, clip_id TEXT, level INTEGER, language TEXT, topic TEXT, words_per_minute INTEGER)",
    );
    const insert = shared.prepare("INSERT INTO clips VALUES (?, ?, 0, 'en', 'food', 150)");
    const heads = ["00000000", "00400000", "7fffffff", "ffffffff", "12345678", "9abcdef0"];
    for (let n = 900; n >= 1; n--) insert.run(n, `${heads[n % heads.length]}-${clipIdOf(`c${n}`).slice(9)}`);
    for (let n = 2000; n >= 1001; n--) insert.run(n, clipIdOf(`c${n}`));
    const sharedFeed = new Feed(shared);
    const rows = shared.prepare("SELECT clip_no, substr(clip_id, 1, 8) FROM clips").raw().all() as Array<
      [number, string]
    >;
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.integer({ min: 1, max: 300 }), (seed, limit) => {
        const [clipWord, bucketWord] = seedWords(seed);
        const rankOf = new Int32Array(1024);
        Array.from({ length: 1024 }, (_, b) => b)
          .sort((a, b) => mix32(a ^ bucketWord) - mix32(b ^ bucketWord) || a - b)
          .forEach((bucket, rank) => {
            rankOf[bucket] = rank;
          });
        const expected = rows
          .map(([clipNo, head]) => {
            const hash = Number.parseInt(head, 16) >>> 0;
            return { clipNo, rank: rankOf[hash >>> 22] as number, key: mix32(hash ^ clipWord) };
          })
          .sort((a, b) => a.rank - b.rank || a.key - b.key || a.clipNo - b.clipNo)
          .map((c) => c.clipNo);
        expect(walk(sharedFeed, seed, all, limit).seen).toEqual(expected);
      }),
      { numRuns: 10 },
    );
  });

  it("continues a sequence over a grown index without repeating a clip seen before", () => {
    const first = feed.page("grow", all, undefined, 500);
    const grownDb = clipsDb(3000);
    const insert = grownDb.prepare("INSERT INTO clips VALUES (?, ?, ?, ?, ?, ?)");
    for (let n = 3001; n <= 3500; n++) insert.run(n, clipIdOf(`clip${n}`), n % 6, "en", "travel", 150);
    const grown = new Feed(grownDb);
    const rest = walk(grown, "grow", all, 50, first.last).seen;
    const both = [...first.clipNos, ...rest];
    expect(new Set(both).size).toBe(both.length);
    // Every old clip is seen once in the whole walk; new clips appear where they sort.
    for (const clipNo of english) expect(both).toContain(clipNo);
  });
});

describe("feed columns stored by the builder", () => {
  it("decode to what a scan of the clips table reads, languages included", () => {
    const db = clipsDb(777);
    const scanned = scanFeedColumns(db);
    expect(scanned.languages).toEqual(["en", "es"]);
    expect(decodeFeedColumns(encodeFeedColumns(scanned))).toEqual(scanned);
    const empty = scanFeedColumns(clipsDb(0));
    expect(decodeFeedColumns(encodeFeedColumns(empty))).toEqual(empty);
  });

  it("give a feed the same pages as one that scans the clips table", () => {
    const scanning = new Feed(clipsDb(1500));
    const db = clipsDb(1500);
    db.exec("CREATE TABLE feed_columns (name TEXT PRIMARY KEY, data BLOB NOT NULL)");
    const columns = scanFeedColumns(db);
    db.prepare("INSERT INTO feed_columns VALUES ('clips', ?)").run(encodeFeedColumns(columns));
    // Emptied, so pages can only come from the stored columns.
    db.exec("DELETE FROM clips");
    const stored = new Feed(db);
    for (const filter of [all, { language: "es", levels: [2, 3], topic: "food", pace: 1 }]) {
      expect(walk(stored, "seed-7", filter, 17).seen).toEqual(walk(scanning, "seed-7", filter, 17).seen);
    }
  });

  it("refuses a value of the wrong length", () => {
    const data = encodeFeedColumns(scanFeedColumns(clipsDb(10)));
    expect(() => decodeFeedColumns(data.subarray(0, data.length - 1))).toThrow(/must take/);
  });
});
