import { describe, expect, it } from "vitest";
import { createTtlCache } from "./ttl-cache.js";

describe("createTtlCache", () => {
  it("serves a loaded value until its time is up, then loads again", async () => {
    const cache = createTtlCache<number>({ ttlMs: 2_000, maxEntries: 10 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("a", 0, load)).toBe(1);
    expect(await cache.get("a", 1_999, load)).toBe(1);
    expect(await cache.get("a", 2_000, load)).toBe(2);
  });

  it("shares one load among concurrent misses", async () => {
    const cache = createTtlCache<string>({ ttlMs: 1_000, maxEntries: 10 });
    let loads = 0;
    const values = await Promise.all(
      Array.from({ length: 10 }, () =>
        cache.get("a", 0, async () => {
          loads++;
          return "v";
        }),
      ),
    );
    expect(values).toEqual(Array(10).fill("v"));
    expect(loads).toBe(1);
  });

  it("caches undefined like any other value", async () => {
    const cache = createTtlCache<string | undefined>({ ttlMs: 1_000, maxEntries: 10 });
    let loads = 0;
    const load = async () => {
      loads++;
      return undefined;
    };
    await cache.get("missing", 0, load);
    await cache.get("missing", 10, load);
    expect(loads).toBe(1);
  });

  it("forgets a failed load so the next call tries again", async () => {
    const cache = createTtlCache<number>({ ttlMs: 1_000, maxEntries: 10 });
    await expect(cache.get("a", 0, () => Promise.reject(new Error("database locked")))).rejects.toThrow(
      "database locked",
    );
    expect(await cache.get("a", 1, async () => 7)).toBe(7);
  });

  it("drops the oldest entry beyond the size bound", async () => {
    const cache = createTtlCache<string>({ ttlMs: 1_000, maxEntries: 2 });
    let loads = 0;
    const load = (v: string) => async () => {
      loads++;
      return v;
    };
    await cache.get("a", 0, load("a"));
    await cache.get("b", 0, load("b"));
    await cache.get("c", 0, load("c"));
    expect(cache.size()).toBe(2);
    await cache.get("b", 1, load("b"));
    expect(loads).toBe(3);
    await cache.get("a", 1, load("a"));
    expect(loads).toBe(4);
  });

  it("forgets everything on clear", async () => {
    const cache = createTtlCache<number>({ ttlMs: 1_000, maxEntries: 10 });
    await cache.get("a", 0, async () => 1);
    cache.clear();
    expect(await cache.get("a", 1, async () => 2)).toBe(2);
  });
});
