import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { testCatalog } from "./test-catalog.fixture.js";
import type { WordEntry } from "./word-catalog.js";
import { startAfter, WordSearch } from "./word-search.js";

const catalog = testCatalog([
  { word: "run", clips: 40 },
  { word: "runner", clips: 10 },
  { word: "rerun", clips: 3 },
  { word: "prune", clips: 50 },
  { word: "runway", clips: 10, level: 3 },
  { word: "sun", clips: 0 },
  { word: "brunch", clips: 2 },
]);
const search = new WordSearch(catalog);
const words = (q: string, options: { levels?: number[]; hasClips?: boolean } = {}) =>
  search
    .search({ q, levels: options.levels ?? [], hasClips: options.hasClips ?? true })
    .entries.map((e) => e.word);

describe("WordSearch", () => {
  it("lists the exact word, then prefixes, then substrings, each by coverage then alphabet", () => {
    expect(words("run")).toEqual(["run", "runner", "runway", "prune", "rerun", "brunch"]);
  });

  it("lists every word by coverage without a query", () => {
    expect(words("")).toEqual(["prune", "run", "runner", "runway", "rerun", "brunch"]);
    expect(words("", { hasClips: false })).toContain("sun");
  });

  it("keeps only words at the requested levels and with clips", () => {
    expect(words("run", { levels: [3] })).toEqual(["runway"]);
    expect(words("un")).not.toContain("sun");
    expect(words("un", { hasClips: false })).toContain("sun");
  });

  it("finds the same words as a naive scan, for any query", () => {
    const alphabet = fc.constantFrom("r", "u", "n", "e", "w", "a", "y", "p", "s", "b", "c", "h");
    fc.assert(
      fc.property(fc.array(alphabet, { minLength: 1, maxLength: 5 }), (letters) => {
        const q = letters.join("");
        const naive = catalog.words
          .filter((w) => w.clipCount > 0 && w.norm.includes(q))
          .map((w) => w.word)
          .sort();
        expect([...words(q)].sort()).toEqual(naive);
      }),
    );
  });

  it("pages through every result exactly once from any page size", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.constantFrom("", "r", "run", "n"), (limit, q) => {
        const result = search.search({ q, levels: [], hasClips: false });
        const seen: WordEntry[] = [];
        let position: Parameters<typeof startAfter>[1];
        for (;;) {
          const start = startAfter(result, position);
          const page = result.entries.slice(start, start + limit);
          seen.push(...page);
          if (start + limit >= result.entries.length) break;
          const last = page[page.length - 1] as WordEntry;
          position = {
            group: result.groups[start + page.length - 1] as 0,
            clipCount: last.clipCount,
            norm: last.norm,
          };
        }
        expect(seen).toEqual(result.entries);
      }),
    );
  });
});

describe("WordSearch pages", () => {
  const letters = ["r", "u", "n", "e", "w", "a", "y", "p", "s", "b", "c", "h"];

  /** Every page walked with a given size, as (word, group) pairs, and the counts each page reported. */
  function walk(q: string, levels: number[], hasClips: boolean, limit: number) {
    const seen: string[] = [];
    const totals = new Set<number>();
    let after: Parameters<WordSearch["page"]>[1];
    for (let pages = 0; pages < 100; pages++) {
      const page = search.page({ q, levels, hasClips }, after, limit);
      totals.add(page.totalCount);
      page.entries.forEach((e, i) => {
        seen.push(`${e.word}/${page.groups[i]}`);
      });
      if (!page.more) break;
      const last = page.entries[page.entries.length - 1] as WordEntry;
      after = { group: page.groups[page.groups.length - 1] as 0, clipCount: last.clipCount, norm: last.norm };
    }
    return { seen, totals: [...totals] };
  }

  it("gives the same pages on the fast path (up to three letters, no level filter) as the full listing", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...letters), { maxLength: 3 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 7 }),
        (chars, hasClips, limit) => {
          const q = chars.join("");
          const full = search.search({ q, levels: [], hasClips });
          const expected = full.entries.map((e, i) => `${e.word}/${full.groups[i]}`);
          const { seen, totals } = walk(q, [], hasClips, limit);
          expect(seen).toEqual(expected);
          expect(totals).toEqual([full.entries.length]);
        },
      ),
      {
        // `sun` has no clips: the exact word, a prefix and a substring of words without clips.
        examples: [
          [["s", "u", "n"], true, 1],
          [["s", "u", "n"], false, 2],
          [["u", "n"], true, 1],
          [["s", "u"], false, 1],
        ],
      },
    );
  });

  it("pages a level filter through the full listing", () => {
    const { seen, totals } = walk("run", [3], true, 1);
    expect(seen).toEqual(["runway/1"]);
    expect(totals).toEqual([1]);
  });
});
