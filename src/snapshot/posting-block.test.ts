import { deflateRawSync, inflateRawSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deflateHeap } from "./posting-block.js";

/** Heap-like bytes: cue texts as JSON strings, from a few words so that matches reach back far and near. */
const words = ["the", "run", "running", "café", "naïve", "\\u0000", "京都", "I'm", "going", "to", "he"];
const heapOf = (picks: readonly number[], length: number): Buffer => {
  const text = picks.map((p) => JSON.stringify(words[p % words.length])).join("");
  const bytes = Buffer.from(text.repeat(Math.ceil(length / text.length) + 1));
  return bytes.subarray(0, length);
};

/** `length` bytes that do not repeat (a linear congruential sequence's high bytes). */
function noise(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let i = 0, x = 7; i < length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    bytes[i] = x >>> 24;
  }
  return bytes;
}

/** How far back each window DEFLATE can use reaches (2^bits − 262): where the window deflateHeap picks grows. */
const reaches = [9, 10, 11, 12, 13, 14, 15].map((bits) => 2 ** bits - 262);
/** Heap lengths on each side of those. */
const edges = reaches.flatMap((reach) => [reach - 1, reach, reach + 1]);

describe("deflateHeap", () => {
  it("writes the bytes zlib's default window writes, for heaps of any length", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(40), { minLength: 1, maxLength: 400 }),
        fc.oneof(fc.integer({ min: 0, max: 70_000 }), fc.constantFrom(...edges)),
        (picks, length) => {
          const heap = heapOf(picks, length);
          const deflated = deflateHeap(heap);
          expect(deflated.equals(deflateRawSync(heap, { level: 1 }))).toBe(true);
          expect(inflateRawSync(deflated).equals(heap)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("finds a match as far back as the heap reaches, either side of every window's reach", () => {
    for (const reach of reaches)
      for (let back = reach - 20; back <= reach + 40; back++) {
        // Bytes that do not repeat, then their first 16 again: the one match is `back` bytes back (a
        // window one size too small misses it: picking the window without zlib's 262 bytes fails here).
        const unique = noise(back);
        const heap = Buffer.concat([unique, unique.subarray(0, 16)]);
        expect(deflateHeap(heap).equals(deflateRawSync(heap, { level: 1 })), `${back} back`).toBe(true);
      }
  });

  it("deflates a heap of bytes that do not repeat, larger than it came", () => {
    const heap = noise(5000);
    const deflated = deflateHeap(heap);
    expect(deflated.length).toBeGreaterThan(heap.length);
    expect(inflateRawSync(deflated).equals(heap)).toBe(true);
  });
});
