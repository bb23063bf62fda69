import { describe, expect, it } from "vitest";
import { testCatalog } from "../../src/index/test-catalog.fixture.js";
import { toCatalogueWords } from "./section.js";

describe("toCatalogueWords", () => {
  const catalog = testCatalog([
    { word: "separate", forms: ["separated", "separates"] },
    { word: "desperate" },
    { word: "leave", forms: ["left"] },
    { word: "left" },
    { word: "colour", variants: ["color"] },
  ]);

  it("maps a peer's suggestions to catalogue words, forms to their word, in the peer's order, each once", () => {
    expect(toCatalogueWords(catalog, ["separate", "Sprite", "separated", "desperate"])).toEqual([
      "separate",
      "desperate",
    ]);
    expect(toCatalogueWords(catalog, ["Color"])).toEqual(["colour"]);
  });

  it("puts the word a spelling is before the words it is a form of", () => {
    expect(toCatalogueWords(catalog, ["left"])).toEqual(["left", "leave"]);
  });

  it("keeps at most five", () => {
    const many = testCatalog(["a", "b", "c", "d", "e", "f"].map((w) => ({ word: `${w}${w}${w}` })));
    expect(toCatalogueWords(many, ["aaa", "bbb", "ccc", "ddd", "eee", "fff"])).toHaveLength(5);
  });
});
