import { describe, expect, it } from "vitest";
import { SeededRandom } from "../random.js";
import { applyMisspelling, generateMisspellings, MISSPELLING_KINDS } from "./misspell.js";

/** True when one insertion, deletion, substitution or swap of adjacent letters turns a into b. */
function oneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  if (Math.abs(a.length - b.length) === 1) {
    const [long, short] = a.length > b.length ? [a, b] : [b, a];
    for (let i = 0; i < long.length; i++) if (long.slice(0, i) + long.slice(i + 1) === short) return true;
    return false;
  }
  if (a.length !== b.length) return false;
  const diff: number[] = [];
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff.push(i);
  if (diff.length === 1) return true;
  const [i, j] = diff as [number, number];
  return diff.length === 2 && j === i + 1 && a[i] === b[j] && a[j] === b[i];
}

const WORDS = [
  "apple",
  "garden",
  "run",
  "yesterday",
  "ice cream",
  "river",
  "bridge",
  "kitchen",
  "Paris",
  "seven",
];

describe("generateMisspellings", () => {
  it("gives the same misspellings for the same seed, and others for another seed", () => {
    const options = { count: 6, isWord: () => false };
    const a = generateMisspellings(WORDS, { ...options, seed: "s1" });
    expect(generateMisspellings(WORDS, { ...options, seed: "s1" })).toEqual(a);
    expect(generateMisspellings(WORDS, { ...options, seed: "s2" })).not.toEqual(a);
  });

  it("makes exactly one edit to each word and keeps its first letter", () => {
    for (const seed of ["a", "b", "c", "d", "e"]) {
      for (const m of generateMisspellings(WORDS, { seed, count: 20, isWord: () => false })) {
        expect(oneEditApart(m.typo, m.intended), JSON.stringify(m)).toBe(true);
        expect(m.typo[0]).toBe(m.intended[0]);
      }
    }
  });

  it("draws only single words of four or more lower-case letters, each once", () => {
    const found = generateMisspellings(WORDS, { seed: "x", count: 100, isWord: () => false });
    const intended = found.map((m) => m.intended);
    expect(new Set(intended).size).toBe(intended.length);
    for (const word of intended) expect(word).toMatch(/^[a-z]{4,}$/);
    expect(intended).not.toContain("run");
    expect(intended).not.toContain("ice cream");
    expect(intended).not.toContain("Paris");
  });

  it("refuses a typo that is itself a word", () => {
    const found = generateMisspellings(["form", "from"], {
      seed: "t",
      count: 10,
      isWord: (t) => t === "from" || t === "form",
    });
    for (const m of found) expect(["form", "from"]).not.toContain(m.typo);
  });

  it("stops at the requested count", () => {
    expect(generateMisspellings(WORDS, { seed: "c", count: 3, isWord: () => false })).toHaveLength(3);
  });
});

describe("applyMisspelling", () => {
  it("swaps adjacent letters, drops, doubles, changes a vowel or hits a neighbouring key", () => {
    const random = new SeededRandom("kinds");
    const typos = Object.fromEntries(
      MISSPELLING_KINDS.map((kind) => [kind, applyMisspelling("garden", kind, random) as string]),
    );
    expect(typos.transpose).toHaveLength(6);
    expect([...(typos.transpose as string)].sort().join("")).toBe([..."garden"].sort().join(""));
    expect(typos.drop).toHaveLength(5);
    expect(typos.double).toHaveLength(7);
    expect(typos.vowel).toMatch(/^g[aeiou]rd[aeiou]n$/);
    expect(typos.neighbour).toHaveLength(6);
    for (const typo of Object.values(typos)) expect(oneEditApart(typo, "garden"), typo).toBe(true);
  });

  it("gives undefined when the word has no place for the edit", () => {
    const random = new SeededRandom("none");
    expect(applyMisspelling("rhythm", "vowel", random)).toBeUndefined();
    expect(applyMisspelling("aaaa", "transpose", random)).toBeUndefined();
  });
});
