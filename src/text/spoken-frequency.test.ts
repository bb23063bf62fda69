import { describe, expect, it } from "vitest";
import { shippedSpokenFrequency, spokenFrequency } from "./spoken-frequency.js";

describe("spokenFrequency", () => {
  it("gives each listed word its occurrences per million of the list's total", () => {
    const list = spokenFrequency("you 600000\nbeen 300000\nbean 100000\n");
    expect(list.get("you")).toBe(600_000);
    expect(list.get("been")).toBe(300_000);
    expect(list.get("bean")).toBe(100_000);
    expect(list.get("bin")).toBeUndefined();
  });

  it("reads the project's English list, and none for a language without one", () => {
    const english = shippedSpokenFrequency("en");
    expect(english?.get("been")).toBeGreaterThan(english?.get("bean") ?? Number.POSITIVE_INFINITY);
    expect(shippedSpokenFrequency("xx")).toBeUndefined();
  });
});
