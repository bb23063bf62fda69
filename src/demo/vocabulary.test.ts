import { describe, expect, it } from "vitest";
import { projectDataDir } from "./project-data.js";
import { candidateBases, loadVocabulary, lookUp } from "./vocabulary.js";

const vocabulary = loadVocabulary(projectDataDir());

describe("loadVocabulary", () => {
  it("reads every single-token spelling with its level index", () => {
    expect(vocabulary.get("abandon")?.level).toBe(2); // B1
    expect(vocabulary.get("a")?.level).toBe(0); // A1
    // `colour/color` gives both spellings; `according to` is two tokens and is left out.
    expect(vocabulary.get("colour")).toEqual(vocabulary.get("color"));
    expect(vocabulary.has("according to")).toBe(false);
    expect(vocabulary.size).toBeGreaterThan(8000);
  });

  it("keeps the lowest level of a word listed at several", () => {
    // `light` is listed as an A1 noun and adjective, and again at higher levels.
    expect(vocabulary.get("light")?.level).toBe(0);
  });

  it("maps the word list's topic columns to our topics", () => {
    expect(vocabulary.get("bread")?.topics).toContain("food");
    expect(vocabulary.get("passport")?.topics).toContain("travel");
  });
});

describe("lookUp", () => {
  it("finds regular inflections through their base", () => {
    expect(candidateBases("tried")).toContain("try");
    expect(candidateBases("stopped")).toContain("stop");
    expect(candidateBases("making")).toContain("make");
    expect(candidateBases("boxes")).toContain("box");
    expect(lookUp(vocabulary, "abandoned")?.level).toBe(vocabulary.get("abandoned")?.level);
    expect(lookUp(vocabulary, "abandoning")?.level).toBe(2);
  });

  it("gives undefined for a word not on the list", () => {
    expect(lookUp(vocabulary, "zxqv")).toBeUndefined();
  });
});
