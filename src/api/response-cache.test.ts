import { describe, expect, it } from "vitest";
import { createResponseCache } from "./response-cache.js";

describe("response cache", () => {
  it("gives back what was stored under the same key", () => {
    const cache = createResponseCache(1_000_000);
    cache.set("a", '{"x":1}');
    expect(cache.get("a")).toBe('{"x":1}');
    expect(cache.get("b")).toBeUndefined();
  });

  it("evicts the least recently used answers once over its byte budget", () => {
    // Keys of three characters and bodies of 17: 40 bytes an entry, 16 entries in 640 bytes.
    const key = (i: number) => `k${String(i).padStart(2, "0")}`;
    const cache = createResponseCache(640);
    cache.set(key(1), "x".repeat(17));
    cache.set(key(2), "y".repeat(17));
    for (let i = 3; i <= 16; i++) cache.set(key(i), "z".repeat(17));
    cache.get(key(1));
    cache.set(key(17), "z".repeat(17));
    expect(cache.entries).toBe(16);
    expect(cache.bytes).toBe(640);
    expect(cache.get(key(2))).toBeUndefined();
    expect(cache.get(key(1))).toBe("x".repeat(17));
    expect(cache.get(key(17))).toBe("z".repeat(17));
  });

  it("does not keep an answer larger than a sixteenth of its budget", () => {
    const cache = createResponseCache(1000);
    cache.set("big", "x".repeat(100));
    expect(cache.get("big")).toBeUndefined();
    expect(cache.entries).toBe(0);
  });
});
