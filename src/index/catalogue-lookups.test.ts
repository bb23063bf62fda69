/**
 * The lookups a snapshot stores are the ones a server would build from its catalogue: read back, they
 * answer as lookups built in place do, and a missing or foreign one is reported and built on first use.
 */
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { sharedTestSnapshot } from "../../test/support/snapshot.js";
import { readCatalogs } from "./catalogs.js";
import { readCatalogueLookups } from "./catalogue-lookups.js";
import { FuzzyIndex } from "./fuzzy.js";
import { Snapshot } from "./snapshot.js";
import { testCatalog } from "./test-catalog.fixture.js";
import { WordSearch } from "./word-search.js";

describe("stored catalogue lookups", () => {
  it("are adopted when a snapshot opens and answer as lookups built in place", async () => {
    const path = (await sharedTestSnapshot()).path;
    const snapshot = new Snapshot(path);
    try {
      expect(snapshot.lookupProblems).toEqual([]);
      const stored = snapshot.language("en");
      expect(stored?.fuzzy.built).toBe(true);
      expect(stored?.search.built).toBe(true);
      const db = new Database(path, { readonly: true });
      const catalog = readCatalogs(db).get("en");
      db.close();
      if (catalog === undefined || stored === undefined) throw new Error("no English catalogue");
      const fuzzy = new FuzzyIndex(catalog);
      const search = new WordSearch(catalog);
      for (const query of ["teh", "nashon", "chidlren", "definately", "prennat", "kitchenwear", "mel"]) {
        const names = (index: FuzzyIndex) =>
          index.candidates(query, 6).map((c) => `${c.entry.word}:${c.score}`);
        expect(names(stored.fuzzy)).toEqual(names(fuzzy));
      }
      for (const q of ["a", "th", "ing", "kitc", "xq"]) {
        for (const levels of [[], [0, 1]]) {
          const filter = { q, levels, hasClips: q.length % 2 === 0 };
          const page = (s: WordSearch) => {
            const { entries, totalCount, more } = s.page(filter, undefined, 20);
            return { words: entries.map((e) => e.word), totalCount, more };
          };
          expect(page(stored.search)).toEqual(page(search));
        }
      }
      expect(fuzzy.built && search.built).toBe(true);
    } finally {
      snapshot.close();
    }
  });

  it("missing or of another catalogue are reported, and built on first use", async () => {
    const path = (await sharedTestSnapshot()).path;
    const db = new Database(path, { readonly: true });
    try {
      // The English lookups offered to a catalogue of one word: refused.
      const tiny = testCatalog([{ word: "cat" }]);
      const fuzzy = new FuzzyIndex(tiny);
      const search = new WordSearch(tiny);
      const problems = readCatalogueLookups(db, "en", fuzzy, search);
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(
        /^the stored near-spellings lookup for "en" is unusable: near-spelling parts of \d+ spellings offered for 1$/,
      );
      expect(problems[1]).toMatch(
        /^the stored autocomplete lookup for "en" is unusable: autocomplete lists of \d+ words offered for 1$/,
      );
      expect(fuzzy.built || search.built).toBe(false);
      expect(fuzzy.candidates("cta", 3).map((c) => c.entry.word)).toEqual(["cat"]);
      expect(readCatalogueLookups(db, "xx", fuzzy, search)).toEqual([
        'the snapshot stores no near-spellings lookup for "xx"',
        'the snapshot stores no autocomplete lookup for "xx"',
      ]);
    } finally {
      db.close();
    }
  });
});
