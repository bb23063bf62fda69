import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { damerauLevenshtein } from "../text/edit-distance.js";
import { phoneticCodes, soundAlike } from "../text/phonetic-index.js";
import type { SpokenFrequency } from "../text/spoken-frequency.js";
import { similarity } from "../text/trigram.js";
import { typoDistance } from "../text/typo-distance.js";
import {
  type Candidate,
  CLOSE_DISTANCE,
  candidateScore,
  compareCandidates,
  FUZZY_MIN_SIMILARITY,
  FuzzyIndex,
  maxEdits,
  ONE_SLIP,
  TWO_EDITS_MAX_QUERY,
  TWO_EDITS_MIN_QUERY,
  WIDE_CANDIDATES,
  WIDE_MIN_SIMILARITY,
} from "./fuzzy.js";
import { wordsSpelled } from "./spelled-words.js";
import { testCatalog } from "./test-catalog.fixture.js";
import type { WordCatalog, WordEntry } from "./word-catalog.js";

/** How often the spelling meant is spoken: the word's frequency, or a form's own where a list is given. */
function priorFrequency(
  entry: WordEntry,
  spelling: string,
  viaForm: boolean,
  spoken: SpokenFrequency | undefined,
): number {
  if (!viaForm || spoken === undefined) return entry.frequency;
  return spoken.get(spelling) ?? 0;
}

/**
 * The naive reference: every spelling of the catalogue measured against the key, in the same rings: those
 * one plain edit away (two for a key of five or six letters) or sounding alike; unless one of them is a single slip away, those similar enough by
 * trigrams; unless one is within one edit by then, the most similar at the lower threshold; each within
 * the distance cap, the best spelling per word.
 */
function scanEverySpelling(
  catalog: WordCatalog,
  key: string,
  limit: number,
  spoken: SpokenFrequency | undefined,
): Candidate[] {
  const cap = maxEdits(key.length) + 1;
  const codes = phoneticCodes(key);
  const norms = catalog.spellingNorms();
  const byWord = new Map<WordEntry, Candidate>();
  let best = Number.POSITIVE_INFINITY;
  const measure = (norm: string): void => {
    if (norm === key) return;
    const distance = typoDistance(key, norm);
    if (distance > cap) return;
    best = Math.min(best, distance);
    const sim = similarity(key, norm);
    const sounds = soundAlike(codes, phoneticCodes(norm));
    for (const ref of wordsSpelled(catalog, norm)) {
      const entry = catalog.words[ref.index] as WordEntry;
      const frequency = priorFrequency(entry, norm, ref.kind === 2, spoken);
      const candidate = {
        entry,
        spelling: norm,
        distance,
        similarity: sim,
        viaForm: ref.kind === 2,
        soundAlike: sounds,
        frequency,
        score: candidateScore(distance, sim, sounds, norm[0] !== key[0], frequency),
      };
      const seen = byWord.get(entry);
      if (seen === undefined || compareCandidates(candidate, seen) < 0) byWord.set(entry, candidate);
    }
  };
  const plainReach = key.length >= TWO_EDITS_MIN_QUERY && key.length <= TWO_EDITS_MAX_QUERY ? 2 : 1;
  for (const norm of norms) {
    if (damerauLevenshtein(key, norm) <= plainReach || soundAlike(codes, phoneticCodes(norm))) measure(norm);
  }
  if (best > ONE_SLIP) {
    for (const norm of norms) if (similarity(key, norm) >= FUZZY_MIN_SIMILARITY) measure(norm);
  }
  if (best > CLOSE_DISTANCE) {
    norms
      .map((norm, index) => ({ norm, index, sim: similarity(key, norm) }))
      .filter((s) => s.sim >= WIDE_MIN_SIMILARITY)
      .sort((a, b) => b.sim - a.sim || a.index - b.index)
      .slice(0, WIDE_CANDIDATES)
      .forEach((s) => {
        measure(s.norm);
      });
  }
  return [...byWord.values()].sort(compareCandidates).slice(0, limit);
}

const summary = (candidates: readonly Candidate[]) =>
  candidates.map((c) => ({ word: c.entry.word, distance: c.distance, viaForm: c.viaForm }));
const words = (candidates: readonly Candidate[]) => candidates.map((c) => c.entry.word);

describe("FuzzyIndex.candidates", () => {
  it("finds a spelling two cheap slips away even when another is one plain edit away", () => {
    const catalog = testCatalog([{ word: "nekesary" }, { word: "neccessary" }]);
    const found = new FuzzyIndex(catalog).candidates("necesary", 5);
    // Two undoubled letters (three eighths of an edit each) against a k for a soft c (a whole edit): the
    // closer spelling, which shares more trigrams too, ranks first.
    expect(summary(found)).toEqual([
      { word: "neccessary", distance: 0.75, viaForm: false },
      { word: "nekesary", distance: 1, viaForm: false },
    ]);
  });

  it("finds a spelling that sounds like the query though it shares few trigrams (nashon → nation)", () => {
    const catalog = testCatalog([{ word: "nation" }, { word: "fashion" }, { word: "nasty" }]);
    const found = new FuzzyIndex(catalog).candidates("nashon", 5);
    expect(similarity("nashon", "nation")).toBeLessThan(FUZZY_MIN_SIMILARITY);
    expect(found[0]).toMatchObject({ entry: { word: "nation" }, soundAlike: true });
  });

  it("takes no spelling for sound-alike in a catalogue of another language (the codes are English)", () => {
    const catalog = testCatalog([{ word: "nation" }, { word: "nasty" }], "fr");
    const found = new FuzzyIndex(catalog).candidates("nashon", 5);
    expect(found.every((c) => !c.soundAlike)).toBe(true);
  });

  it("ranks by a slip by ear over a keyboard slip (definately → definitely, seperate → separate)", () => {
    const catalog = testCatalog([
      { word: "definitely", frequency: 98 },
      { word: "delicately", frequency: 0.9 },
      { word: "definite", frequency: 5 },
      { word: "separate", frequency: 42 },
      { word: "operate", frequency: 28 },
      { word: "desperate", frequency: 26 },
    ]);
    const fuzzy = new FuzzyIndex(catalog);
    expect(words(fuzzy.candidates("definately", 3))[0]).toBe("definitely");
    expect(words(fuzzy.candidates("seperate", 3))[0]).toBe("separate");
  });

  it("ranks a word with a letter left out before one a neighbouring key away (dum → drum, not dun)", () => {
    const catalog = testCatalog([
      { word: "drum", frequency: 18 },
      { word: "dun", frequency: 18 },
    ]);
    expect(words(new FuzzyIndex(catalog).candidates("dum", 2))).toEqual(["drum", "dun"]);
  });

  it("ranks a word whose silent letter was left out before one a neighbouring key away (nife → knife, not nice)", () => {
    const catalog = testCatalog([
      { word: "knife", frequency: 30 },
      { word: "nice", frequency: 30 },
    ]);
    expect(words(new FuzzyIndex(catalog).candidates("nife", 2))[0]).toBe("knife");
  });

  it("prefers the word spoken more often among equally close ones (wich → which)", () => {
    const catalog = testCatalog([
      { word: "wick", frequency: 1.85 },
      { word: "which", frequency: 583 },
      { word: "witch", frequency: 33 },
      { word: "winch", frequency: 1.1 },
      { word: "with", frequency: 5250 },
      { word: "wish", frequency: 259 },
    ]);
    const found = new FuzzyIndex(catalog).candidates("wich", 6);
    expect(words(found)[0]).toBe("which");
    // `which` and `witch` sound like `wich` and lose only an unheard h: both rank above `with`.
    expect(words(found).indexOf("witch")).toBeLessThan(words(found).indexOf("with"));
  });

  it("leads a spelling to its own word before the word it is a form of (abandoned, not abandon)", () => {
    const catalog = testCatalog([
      { word: "abandon", frequency: 20, forms: ["abandoned", "abandons"] },
      { word: "abandoned", frequency: 5 },
    ]);
    const found = new FuzzyIndex(catalog).candidates("abandonned", 5);
    expect(found[0]).toMatchObject({ entry: { word: "abandoned" }, viaForm: false });
  });

  it("finds a spelling two plain edits from a five- or six-letter query though a closer one stops the search (sahppe → shape)", () => {
    const catalog = testCatalog([{ word: "shape", frequency: 100 }, { word: "sahppy" }]);
    expect(similarity("sahppe", "shape")).toBeLessThan(FUZZY_MIN_SIMILARITY);
    const found = new FuzzyIndex(catalog).candidates("sahppe", 5);
    // `sahppy` is a neighbouring key away: no trigram search; `shape` is reached by two plain edits.
    expect(found[0]?.distance).toBeLessThanOrEqual(ONE_SLIP);
    expect(words(found)).toContain("shape");
  });

  it("widens the search when nothing is within one edit (two slips in one word)", () => {
    const catalog = testCatalog([{ word: "commander" }, { word: "condor" }]);
    expect(similarity("comamndor", "commander")).toBeLessThan(FUZZY_MIN_SIMILARITY);
    expect(words(new FuzzyIndex(catalog).candidates("comamndor", 5))).toContain("commander");
  });

  const letters = fc.constantFrom(..."abcdefhiklnoprstw");
  // Syllables whose sounds have several spellings, so that sound-alike spellings come up often.
  const syllable = fc.constantFrom(
    "pho",
    "fo",
    "ca",
    "ka",
    "ce",
    "se",
    "whi",
    "wi",
    "tion",
    "shon",
    "ni",
    "lo",
    "ra",
  );
  const word = fc.oneof(
    fc.array(letters, { minLength: 2, maxLength: 9 }).map((a) => a.join("")),
    fc.array(syllable, { minLength: 1, maxLength: 3 }).map((a) => a.join("")),
  );
  /** Slips by ear: a spelling for another that sounds the same. */
  const SOUNDS: ReadonlyArray<[string, string]> = [
    ["c", "k"],
    ["k", "c"],
    ["f", "ph"],
    ["ph", "f"],
    ["wh", "w"],
    ["w", "wh"],
    ["s", "c"],
    ["a", "e"],
    ["i", "a"],
    ["ck", "k"],
    ["tion", "shon"],
    ["shon", "tion"],
  ];
  const typo = fc.record({
    at: fc.nat(),
    kind: fc.constantFrom("delete", "insert", "swap", "replace", "double", "sound"),
    letter: letters,
    sound: fc.constantFrom(...SOUNDS),
  });

  /** A word of the catalogue with one or two slips made in it. */
  function slipped(
    base: string,
    slips: readonly { at: number; kind: string; letter: string; sound: readonly [string, string] }[],
  ): string {
    let text = base;
    for (const { at, kind, letter, sound } of slips) {
      const i = at % Math.max(1, text.length);
      if (kind === "delete") text = text.slice(0, i) + text.slice(i + 1);
      else if (kind === "insert") text = text.slice(0, i) + letter + text.slice(i);
      else if (kind === "swap")
        text = text.slice(0, i) + (text[i + 1] ?? "") + (text[i] ?? "") + text.slice(i + 2);
      else if (kind === "double") text = text.slice(0, i) + (text[i] ?? "") + text.slice(i);
      else if (kind === "sound") {
        const [from, to] = sound;
        const place = text.indexOf(from, i % Math.max(1, text.length - from.length + 1));
        const where = place >= 0 ? place : text.indexOf(from);
        if (where >= 0) text = text.slice(0, where) + to + text.slice(where + from.length);
      } else text = text.slice(0, i) + letter + text.slice(i + 1);
    }
    return text;
  }

  it("returns what a scan of every spelling returns, in the same order", () => {
    // How often the property met what only sound or only the wider search finds: it must, to mean much.
    let bySoundOnly = 0;
    let widened = 0;
    let byTwoEdits = 0;
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { minLength: 1, maxLength: 40 }),
        fc.array(fc.array(word, { maxLength: 2 }), { maxLength: 40 }),
        fc.array(fc.integer({ min: 0, max: 3000 }), { maxLength: 40 }),
        fc.array(fc.integer({ min: 0, max: 3000 }), { maxLength: 80 }),
        fc.nat(),
        fc.array(typo, { minLength: 1, maxLength: 2 }),
        (list, forms, frequencies, formFrequencies, pick, slips) => {
          const catalog = testCatalog(
            list.map((w, i) => ({
              word: w,
              clips: i % 3,
              frequency: (frequencies[i] ?? 0) / 10,
              forms: (forms[i] ?? []).filter((f) => !list.includes(f)),
            })),
          );
          // How often forms are spoken: some listed, others not (they fall back to no frequency).
          const spoken = new Map(
            forms.flat().flatMap((f, i) => {
              const n = formFrequencies[i];
              return n === undefined ? [] : [[f, n / 10] as const];
            }),
          );
          const key = slipped(list[pick % list.length] as string, slips);
          if (key === "") return;
          const fast = new FuzzyIndex(catalog, spoken).candidates(key, 6);
          const oracle = scanEverySpelling(catalog, key, 6, spoken);
          expect(summary(fast)).toEqual(summary(oracle));
          // More than one edit (typo distance never exceeds plain edits) and too few trigrams: only sound.
          if (fast.some((c) => c.soundAlike && c.similarity < FUZZY_MIN_SIMILARITY && c.distance > 1)) {
            bySoundOnly++;
          }
          if (fast.length > 0 && fast.every((c) => c.distance > CLOSE_DISTANCE)) widened++;
          // Two plain edits and too few trigrams, from a key of five or six letters: what the two-edit ring reaches.
          if (
            key.length >= TWO_EDITS_MIN_QUERY &&
            key.length <= TWO_EDITS_MAX_QUERY &&
            fast.some(
              (c) =>
                !c.soundAlike &&
                c.similarity < FUZZY_MIN_SIMILARITY &&
                damerauLevenshtein(key, c.spelling) === 2,
            )
          ) {
            byTwoEdits++;
          }
        },
      ),
      { numRuns: 600, seed: 12 },
    );
    expect(bySoundOnly).toBeGreaterThan(10);
    expect(widened).toBeGreaterThan(30);
    expect(byTwoEdits).toBeGreaterThan(10);
  });
});
