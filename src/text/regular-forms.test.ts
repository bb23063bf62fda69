import { describe, expect, it } from "vitest";
import { regularReadings } from "./regular-forms.js";

const bases = (word: string) => regularReadings(word).map((r) => r.base);

describe("regularReadings", () => {
  it("reads -ed, -ing and -s back to their bases, with a doubled consonant undone", () => {
    expect(bases("hanged")).toEqual(["hange", "hang"]);
    expect(bases("wedded")).toEqual(["wedde", "wedd", "wed"]);
    expect(bases("running")).toEqual(["runne", "runn", "run"]);
    expect(bases("skies")).toEqual(["sky", "skie", "ski"]);
    expect(bases("payed")).toEqual(["paye", "pay"]);
  });

  it("tells which words inflect so", () => {
    expect(regularReadings("hanged").every((r) => r.as === "verb")).toBe(true);
    expect(regularReadings("plates")).toContainEqual({ base: "plate", as: "noun or verb" });
  });

  it("reads no base shorter than three letters, and nothing from a word without a suffix", () => {
    expect(bases("bes")).toEqual([]);
    expect(bases("seen")).toEqual([]);
    expect(bases("kitchen")).toEqual([]);
  });
});
