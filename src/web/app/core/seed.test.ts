import { describe, expect, it } from "vitest";
import { feedSeed, newSeed, SEED_KEY } from "./seed.js";

function memoryStore(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

describe("feedSeed", () => {
  it("makes a seed once and gives the kept one back after", () => {
    const store = memoryStore();
    const first = feedSeed(store);
    expect(first).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(store.items.get(SEED_KEY)).toBe(first);
    expect(feedSeed(store)).toBe(first);
  });

  it("replaces a kept value that is not a seed", () => {
    const store = memoryStore({ [SEED_KEY]: "<script>" });
    expect(feedSeed(store)).toMatch(/^[A-Za-z0-9]{16}$/);
  });

  it("still gives a seed when storage refuses to keep it", () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error("quota");
      },
    };
    expect(feedSeed(refusing)).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(feedSeed(undefined)).toMatch(/^[A-Za-z0-9]{16}$/);
  });
});

describe("newSeed", () => {
  it("maps the random bytes onto letters and digits", () => {
    expect(newSeed((bytes) => bytes.fill(0))).toBe("aaaaaaaaaaaaaaaa");
    expect(newSeed((bytes) => bytes.fill(61))).toBe("9999999999999999");
  });
});
