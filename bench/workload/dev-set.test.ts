import { describe, expect, it } from "vitest";
import { SeededRandom } from "../random.js";
import { developmentSet, drawBySpokenFrequency, insertNeighbour } from "./dev-set.js";
import { soundSlips } from "./sound-slips.js";

const WORDS = [
  { word: "necessary", frequency: 50 },
  { word: "definitely", frequency: 98 },
  { word: "phone", frequency: 200 },
  { word: "knowledge", frequency: 30 },
  { word: "separate", frequency: 42 },
  { word: "which", frequency: 583 },
  { word: "possible", frequency: 150 },
  { word: "existence", frequency: 12 },
  { word: "rhythm", frequency: 8 },
  { word: "cat", frequency: 40 },
  { word: "ice cream", frequency: 10 },
  { word: "unheard", frequency: 0 },
];

describe("soundSlips", () => {
  it("writes a word as it sounds, one rule at one place", () => {
    const typos = soundSlips("necessary").map((s) => s.typo);
    expect(typos).toContain("necesary"); // a double written once
    expect(typos).toContain("nesessary"); // a soft c as s
    expect(typos).toContain("necessery"); // -ary as -ery
    expect(soundSlips("phone").map((s) => s.typo)).toContain("fone");
    expect(soundSlips("knowledge").map((s) => s.typo)).toEqual(
      expect.arrayContaining(["nowledge", "knowlege"]),
    );
    expect(soundSlips("possible").map((s) => s.typo)).toContain("possable");
    expect(soundSlips("which").map((s) => s.typo)).toContain("wich");
  });

  it("classes each slip", () => {
    const byTypo = new Map(soundSlips("definitely").map((s) => [s.typo, s.class]));
    expect(byTypo.get("definately")).toBe("vowel");
    expect(new Map(soundSlips("phone").map((s) => [s.typo, s.class])).get("fone")).toBe("consonant");
  });
});

describe("developmentSet", () => {
  const options = { seed: "s", count: 8, isWord: () => false };

  it("is the same for the same seed, and another for another seed", () => {
    const a = developmentSet(WORDS, options);
    expect(developmentSet(WORDS, options)).toEqual(a);
    expect(developmentSet(WORDS, { ...options, seed: "t" })).not.toEqual(a);
  });

  it("misspells distinct single words of four or more letters, spoken at all", () => {
    const set = developmentSet(WORDS, { ...options, count: 100 });
    const intended = set.map((m) => m.intended);
    expect(new Set(intended).size).toBe(intended.length);
    for (const word of intended) expect(word).toMatch(/^[a-z]{4,}$/);
    expect(intended).not.toContain("unheard");
    for (const m of set) expect(m.typo).not.toBe(m.intended);
  });

  it("refuses a typo that is a word", () => {
    const set = developmentSet(WORDS, { ...options, count: 100, isWord: (t) => t === "fone" });
    expect(set.map((m) => m.typo)).not.toContain("fone");
  });

  it("labels each misspelling with its group and kind", () => {
    for (const m of developmentSet(WORDS, { ...options, count: 100 })) {
      expect(m.kind.startsWith(m.group === "both" ? "both" : `${m.group}:`), JSON.stringify(m)).toBe(true);
    }
  });
});

describe("drawBySpokenFrequency", () => {
  it("draws the words spoken more often first, more often than not", () => {
    const words = [
      { word: "often", frequency: 10_000 },
      { word: "rarely", frequency: 1 },
    ];
    let first = 0;
    for (let i = 0; i < 200; i++)
      if (drawBySpokenFrequency(words, new SeededRandom("d", i))[0] === "often") first++;
    expect(first).toBeGreaterThan(180);
  });
});

describe("insertNeighbour", () => {
  it("adds one letter next to the key of a neighbouring one", () => {
    const typo = insertNeighbour("garden", new SeededRandom("n")) as string;
    expect(typo).toHaveLength(7);
  });
});
