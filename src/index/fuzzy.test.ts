import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { damerauLevenshtein } from "../text/edit-distance.js";
import { phoneticCodes, soundAlike } from "../text/phonetic-index.js";
import { similarity } from "../text/trigram.js";
import { typoDistance } from "../text/typo-distance.js";
import {
  type Candidate,
  candidateScore,
  compareCandidates,
  FUZZY_MIN_SIMILARITY,
  FuzzyIndex,
  maxEdits,
  wordsSpelled,
} from "./fuzzy.js";
import { testCatalog } from "./test-catalog.fixture.js";
import type { WordCatalog, WordEntry } from "./word-catalog.js";

/**
 * The naive reference: every spelling of the catalogue measured against the key, kept when it is one plain
 * edit away, similar enough by trigrams or sounding alike, and within the distance cap; the best spelling
 * per word.
 */
function scanEverySpelling(catalog: WordCatalog, key: string, limit: number): Candidate[] {
  const cap = maxEdits(key.length) + 1;
  const codes = phoneticCodes(key);
  const byWord = new Map<WordEntry, Candidate>();
  for (const norm of catalog.spellingNorms()) {
    if (norm === key) continue;
    const sim = similarity(key, norm);
    const sounds = soundAlike(codes, phoneticCodes(norm));
    if (damerauLevenshtein(key, norm) > 1 && sim < FUZZY_MIN_SIMILARITY && !sounds) continue;
    const distance = typoDistance(key, norm);
    if (distance > cap) continue;
    for (const ref of wordsSpelled(catalog, norm)) {
      const entry = catalog.words[ref.index] as WordEntry;
      const candidate = {
        entry,
        distance,
        similarity: sim,
        viaForm: ref.kind === 2,
        soundAlike: sounds,
        score: candidateScore(distance, sounds, entry.frequency),
      };
      const seen = byWord.get(entry);
      if (seen === undefined || compareCandidates(candidate, seen) < 0) byWord.set(entry, candidate);
    }
  }
  return [...byWord.values()].sort(compareCandidates).slice(0, limit);
}

const summary = (candidates: readonly Candidate[]) =>
  candidates.map((c) => ({ word: c.entry.word, distance: c.distance, viaForm: c.viaForm }));

describe("FuzzyIndex.candidates", () => {
  it("finds a spelling two cheap slips away even when another is one plain edit away", () => {
    const catalog = testCatalog([{ word: "nekesary" }, { word: "neccessary" }]);
    const found = new FuzzyIndex(catalog).candidates("necesary", 5);
    expect(summary(found)).toEqual([
      { word: "neccessary", distance: 1, viaForm: false },
      { word: "nekesary", distance: 1, viaForm: false },
    ]);
  });

  const letters = fc.constantFrom(..."abcdeilnorst");
  const word = fc.array(letters, { minLength: 2, maxLength: 9 }).map((a) => a.join(""));
  const typo = fc.record({
    at: fc.nat(),
    kind: fc.constantFrom("delete", "insert", "swap", "replace", "double"),
    letter: letters,
  });

  /** A word of the catalogue with one or two slips made in it, or a random string. */
  function slipped(base: string, slips: readonly { at: number; kind: string; letter: string }[]): string {
    let text = base;
    for (const { at, kind, letter } of slips) {
      const i = at % Math.max(1, text.length);
      if (kind === "delete") text = text.slice(0, i) + text.slice(i + 1);
      else if (kind === "insert") text = text.slice(0, i) + letter + text.slice(i);
      else if (kind === "swap")
        text = text.slice(0, i) + (text[i + 1] ?? "") + (text[i] ?? "") + text.slice(i + 2);
      else if (kind === "double") text = text.slice(0, i) + (text[i] ?? "") + text.slice(i);
      else text = text.slice(0, i) + letter + text.slice(i + 1);
    }
    return text;
  }

  it("returns what a scan of every spelling returns, in the same order", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { minLength: 1, maxLength: 40 }),
        fc.array(fc.array(word, { maxLength: 2 }), { maxLength: 40 }),
        fc.nat(),
        fc.array(typo, { minLength: 1, maxLength: 2 }),
        (words, forms, pick, slips) => {
          const catalog = testCatalog(
            words.map((w, i) => ({
              word: w,
              clips: i % 3,
              forms: (forms[i] ?? []).filter((f) => !words.includes(f)),
            })),
          );
          const key = slipped(words[pick % words.length] as string, slips);
          if (key === "") return;
          const fast = new FuzzyIndex(catalog).candidates(key, 6);
          const oracle = scanEverySpelling(catalog, key, 6);
          if (oracle.length === 0) return; // the guesses of a query with no candidate are not compared
          expect(summary(fast)).toEqual(summary(oracle));
        },
      ),
      { numRuns: 400, seed: 12 },
    );
  });
});
