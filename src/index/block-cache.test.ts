import { describe, expect, it } from "vitest";
import { decodedBytes, decodeList, emptyList, encodeBlock } from "../snapshot/posting-block.js";
import { BlockCache } from "./block-cache.js";

/** A deflated block of `n` postings whose cue text is `text`. */
function block(n: number, text: string): Buffer {
  const json = Buffer.from(JSON.stringify(text));
  const list = emptyList(n, n * json.length);
  for (let i = 0; i < n; i++) {
    list.keys[i] = n - i;
    list.textBytes[i] = json.length;
    json.copy(list.heap, i * json.length);
    list.heapAt[i + 1] = (i + 1) * json.length;
  }
  return encodeBlock(list, 0, n, true);
}

describe("BlockCache", () => {
  it("gives back a block it holds, with its occurrences ready to read", () => {
    const cache = new BlockCache(1 << 20);
    const added = cache.add(7, block(3, "hello there"));
    expect(cache.get(7)).toBe(added);
    expect(added.occurrences.textJson(2)).toBe('"hello there"');
    expect(cache.get(8)).toBeUndefined();
  });

  it("counts a block's bytes with its heap inflated", () => {
    const b = block(64, "a cue that repeats ".repeat(4));
    expect(decodedBytes(b)).toBeGreaterThan(b.length);
    const cache = new BlockCache(1 << 20);
    cache.add(1, b);
    expect(cache.bytes).toBe(decodedBytes(b));
  });

  it("holds an inflated heap in memory of about its own size, as it counts it", () => {
    for (const text of ["short", "a cue that repeats ".repeat(4), "a longer cue that repeats ".repeat(12)]) {
      const b = block(64, text);
      const { heap } = decodeList(b);
      expect(heap.length).toBe(decodedBytes(b) - b.length);
      // A heap of 4 KB or more has a buffer of its own, one byte longer; a smaller one a buffer of 4 KB.
      expect(heap.buffer.byteLength).toBe(Math.max(4096, heap.length + 1));
      expect(heap.toString()).toBe(JSON.stringify(text).repeat(64));
    }
  });

  it("lets the least recently used blocks go to stay within its budget", () => {
    const b = block(8, "some words of a cue");
    const cache = new BlockCache(decodedBytes(b) * 3);
    cache.add(1, block(8, "some words of a cue"));
    cache.add(2, block(8, "some words of a cue"));
    cache.add(3, block(8, "some words of a cue"));
    cache.get(1);
    cache.add(4, block(8, "some words of a cue"));
    expect(cache.size).toBe(3);
    expect(cache.get(2)).toBeUndefined();
    expect([1, 3, 4].every((id) => cache.get(id) !== undefined)).toBe(true);
    expect(cache.bytes).toBeLessThanOrEqual(decodedBytes(b) * 3);
  });

  it("hands back a block larger than its whole budget without holding it", () => {
    const cache = new BlockCache(16);
    const added = cache.add(1, block(4, "longer than the budget"));
    expect(added.occurrences.textJson(0)).toBe('"longer than the budget"');
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });
});
