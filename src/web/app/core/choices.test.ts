import { describe, expect, it } from "vitest";
import { positionText, readChoices, readClip, writeChoices } from "./choices.js";

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

describe("the clip in the address bar", () => {
  it("writes the clip shown past the first, counted from 1, and reads it back from 0", () => {
    const choices = { q: "run", levels: [], gloss: "en" } as const;
    expect(writeChoices({ ...choices, levels: [] }, 0)).toBe("?q=run");
    expect(writeChoices({ ...choices, levels: [] }, 2)).toBe("?q=run&clip=3");
    expect(readClip("?q=run&clip=3")).toBe(2);
  });

  it("reads anything but a whole number from 1 as the first clip", () => {
    for (const search of [
      "?q=run",
      "?clip=0",
      "?clip=-2",
      "?clip=1.5",
      "?clip=abc",
      "?clip=01",
      "?clip=1e3",
    ]) {
      expect(readClip(search), search).toBe(0);
    }
  });
});

describe("positionText", () => {
  it("counts from one", () => {
    expect(positionText(2, 268)).toBe("3 of 268");
  });
});
