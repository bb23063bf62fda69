import { describe, expect, it } from "vitest";
import { positionText, readChoices, writeChoices } from "./choices.js";

describe("choices in the address bar", () => {
  it("round-trips a word, levels in CEFR order and a gloss", () => {
    const choices = readChoices("?q=run&level=B1,a1&gloss=es");
    expect(choices).toEqual({ q: "run", levels: ["A1", "B1"], gloss: "es" });
    expect(writeChoices(choices)).toBe("?q=run&level=A1%2CB1&gloss=es");
  });

  it("drops unknown levels and glosses", () => {
    expect(readChoices("?q=%20run%20&level=Z9&gloss=xx")).toEqual({ q: "run", levels: [], gloss: "en" });
    expect(writeChoices({ q: "", levels: [], gloss: "en" })).toBe("");
  });
});

describe("positionText", () => {
  it("counts from one", () => {
    expect(positionText(2, 268)).toBe("3 of 268");
  });
});
