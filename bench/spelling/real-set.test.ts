import { describe, expect, it } from "vitest";
import { testCatalog } from "../../src/index/test-catalog.fixture.js";
import { halfOf, realMisspellings } from "./real-set.js";

describe("realMisspellings", () => {
  const catalog = testCatalog([
    { word: "develop", forms: ["developed", "developing"] },
    { word: "pavement" },
    { word: "sidewalk" },
    { word: "leave", forms: ["left"] },
    { word: "left" },
  ]);
  const table = [
    "misspelling\tcorrection\tsource",
    "devellop\tdevelop\tlibreoffice-en-US",
    "develloped\tdeveloped\tlibreoffice-en-US",
    "sidewalk\tpavement\tlibreoffice-en-GB",
    "upstram\tupstream\tlintian",
    "lfet\tleft\tlibreoffice-en-US",
    "",
  ].join("\n");

  it("keeps pairs whose correction leads to catalogue words, a form to the word it is a form of", () => {
    const pairs = realMisspellings(catalog, table);
    expect(pairs.map((p) => [p.typo, p.intended])).toEqual([
      ["devellop", ["develop"]],
      ["develloped", ["develop"]],
      ["lfet", ["left"]],
    ]);
  });

  it("drops a pair whose misspelling is itself a catalogue spelling, and one whose correction is none", () => {
    const typos = realMisspellings(catalog, table).map((p) => p.typo);
    expect(typos).not.toContain("sidewalk");
    expect(typos).not.toContain("upstram");
  });

  it("puts a misspelling in the same half whatever list it is in", () => {
    expect(halfOf("devellop")).toBe(halfOf("devellop"));
    const halves = ["abc", "abd", "abe", "abf", "abg", "abh", "abi", "abj"].map(halfOf);
    expect(new Set(halves)).toEqual(new Set(["tune", "report"]));
  });
});
