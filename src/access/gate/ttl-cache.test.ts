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

describe("createTtlCache with staleIfError", () => {
  const unavailable = new Error("the source does not answer");
  const staleIfError = { when: (e: unknown) => e === unavailable, maxAgeMs: 60_000, retryMs: 1_000 };

  it("serves the last value while the source does not answer, retrying every retryMs, up to maxAgeMs", async () => {
    const cache = createTtlCache<string>({ ttlMs: 2_000, maxEntries: 10, staleIfError });
    let answering = true;
    let loads = 0;
    const load = async () => {
      loads++;
      if (!answering) throw unavailable;
      return `v${loads}`;
    };
    expect(await cache.get("a", 0, load)).toBe("v1");
    answering = false;
    expect(await cache.get("a", 2_000, load)).toBe("v1");
    expect(cache.peek("a", 2_999)).toEqual({ value: "v1", loadedAtMs: 0 });
    expect(await cache.get("a", 2_500, load)).toBe("v1");
    expect(loads).toBe(2);
    expect(await cache.get("a", 60_000, load)).toBe("v1");
    await expect(cache.get("a", 61_001, load)).rejects.toBe(unavailable);
    answering = true;
    expect(await cache.get("a", 61_002, load)).toBe("v5");
  });

  it("passes on other errors, and never serves a value it has not loaded", async () => {
    const cache = createTtlCache<string>({ ttlMs: 2_000, maxEntries: 10, staleIfError });
    await expect(cache.get("a", 0, () => Promise.reject(unavailable))).rejects.toBe(unavailable);
    await cache.get("b", 0, async () => "v");
    const broken = new Error("a bug");
    await expect(cache.get("b", 2_000, () => Promise.reject(broken))).rejects.toBe(broken);
  });
});

describe("createTtlCache with refreshAfterMs", () => {
  it("serves a value due for a refresh at once and loads it again in the background, once", async () => {
    const cache = createTtlCache<string>({ ttlMs: 2_000, maxEntries: 10, refreshAfterMs: 1_000 });
    let loads = 0;
    let release: () => void = () => undefined;
    const load = () => {
      loads++;
      return loads === 1
        ? Promise.resolve("v1")
        : new Promise<string>((resolve) => {
            release = () => resolve(`v${loads}`);
          });
    };
    expect(await cache.get("a", 0, load)).toBe("v1");
    expect(cache.peek("a", 999, load)).toEqual({ value: "v1", loadedAtMs: 0 });
    expect(loads).toBe(1);
    expect(cache.peek("a", 1_000, load)).toEqual({ value: "v1", loadedAtMs: 0 });
    expect(await cache.get("a", 1_500, load)).toBe("v1");
    expect(loads).toBe(2);
    release();
    await new Promise((resolve) => setImmediate(resolve));
    // The new value counts from when its load began, and lives a full ttlMs from then.
    expect(cache.peek("a", 1_600)).toEqual({ value: "v2", loadedAtMs: 1_000 });
    expect(cache.peek("a", 2_999)).toEqual({ value: "v2", loadedAtMs: 1_000 });
    expect(cache.peek("a", 3_000)).toBeUndefined();
  });

  it("keeps serving the value until its time is up when the background load fails", async () => {
    const cache = createTtlCache<string>({ ttlMs: 2_000, maxEntries: 10, refreshAfterMs: 1_000 });
    await cache.get("a", 0, async () => "v1");
    expect(await cache.get("a", 1_000, () => Promise.reject(new Error("down")))).toBe("v1");
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.peek("a", 1_999)).toEqual({ value: "v1", loadedAtMs: 0 });
    expect(cache.peek("a", 2_000)).toBeUndefined();
  });
});
