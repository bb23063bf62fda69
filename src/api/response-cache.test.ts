import { describe, expect, it } from "vitest";
import { type CachedAnswer, createResponseCache } from "./response-cache.js";

const answer = (text: string): CachedAnswer => ({ body: Buffer.from(text), access: "keyed", etag: 'W/"e"' });

describe("response cache", () => {
  it("gives back what was stored under the same key, with its route's access class", () => {
    const cache = createResponseCache(1_000_000);
    cache.set("a", { body: Buffer.from('{"x":1}'), access: "public", etag: 'W/"a"' });
    expect(cache.get("a")?.body.toString()).toBe('{"x":1}');
    expect(cache.get("a")?.access).toBe("public");
    expect(cache.get("a")?.etag).toBe('W/"a"');
    expect(cache.get("b")).toBeUndefined();
  });

  it("evicts the least recently used answers once over its byte budget", () => {
    // Keys of three characters (6 bytes), ETags of five (10 bytes) and bodies of 34 bytes: 50 bytes an entry,
    // 16 entries in 800 bytes.
    const key = (i: number) => `k${String(i).padStart(2, "0")}`;
    const cache = createResponseCache(800);
    cache.set(key(1), answer("x".repeat(34)));
    cache.set(key(2), answer("y".repeat(34)));
    for (let i = 3; i <= 16; i++) cache.set(key(i), answer("z".repeat(34)));
    cache.get(key(1));
    cache.set(key(17), answer("z".repeat(34)));
    expect(cache.entries).toBe(16);
    expect(cache.bytes).toBe(800);
    expect(cache.get(key(2))).toBeUndefined();
    expect(cache.get(key(1))?.body.toString()).toBe("x".repeat(34));
    expect(cache.get(key(17))?.body.toString()).toBe("z".repeat(34));
  });

  it("counts a body's UTF-8 bytes, not its characters", () => {
    const cache = createResponseCache(1_000_000);
    cache.set("k", answer("日本語"));
    expect(cache.bytes).toBe(2 + 10 + 9);
  });

  it("does not keep an answer larger than a sixteenth of its budget", () => {
    const cache = createResponseCache(1000);
    cache.set("big", answer("x".repeat(100)));
    expect(cache.get("big")).toBeUndefined();
    expect(cache.entries).toBe(0);
  });
});
