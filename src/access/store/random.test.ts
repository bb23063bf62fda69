import { describe, expect, it } from "vitest";
import { BASE62, base62Bits, randomBase62 } from "./random.js";

describe("randomBase62", () => {
  it("draws every character of the alphabet about equally often", () => {
    const counts = new Map<string, number>();
    for (const char of randomBase62(62_000)) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    for (const char of BASE62) {
      // 1000 expected per character; 5 standard deviations is about ±160.
      expect(counts.get(char)).toBeGreaterThan(800);
      expect(counts.get(char)).toBeLessThan(1_200);
    }
  });
});

describe("base62Bits", () => {
  it("is log2(62) bits a character: 22 characters carry just over 128 bits", () => {
    expect(base62Bits(21)).toBeLessThan(128);
    expect(base62Bits(22)).toBeGreaterThan(128);
  });
});
