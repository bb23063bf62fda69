import { describe, expect, it } from "vitest";
import { cleanGloss } from "./wiktionary-meaning.js";

describe("cleanGloss", () => {
  it("removes a leading field label, with a colon or in brackets", () => {
    expect(cleanGloss("computing: software that finds and removes viruses")).toBe(
      "software that finds and removes viruses",
    );
    expect(cleanGloss("(computers) using recursion")).toBe("using recursion");
  });

  it("keeps brackets inside the gloss, and lowers a capital first letter", () => {
    expect(cleanGloss("Ordained (female) Christian minister")).toBe("ordained (female) Christian minister");
  });
});
