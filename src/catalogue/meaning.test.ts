import { describe, expect, it } from "vitest";
import { meaningIn } from "./meaning.js";

describe("meaningIn", () => {
  const dog = { en: "a domestic animal", es: "perro", ja: "犬" };

  it("gives the meaning in the gloss language asked for", () => {
    expect(meaningIn(dog, "es")).toBe("perro");
    expect(meaningIn(dog, "ja")).toBe("犬");
    expect(meaningIn(dog, "en")).toBe("a domestic animal");
  });

  it("falls back to English when the gloss language is missing", () => {
    expect(meaningIn(dog, "tr")).toBe("a domestic animal");
  });

  it("gives the empty string when neither the language nor English is there", () => {
    expect(meaningIn({ ja: "一" }, "es")).toBe("");
    expect(meaningIn({}, "en")).toBe("");
  });
});
