import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { packObject, unpackObject } from "./packed-object.js";

const arrays = fc.record({
  i: fc
    .array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { maxLength: 50 })
    .map((a) => Int32Array.from(a)),
  u: fc.array(fc.nat({ max: 2 ** 32 - 1 }), { maxLength: 50 }).map((a) => Uint32Array.from(a)),
});

describe("packed objects", () => {
  it("give back numbers, strings, lists, nested objects and typed arrays as they were", () => {
    fc.assert(
      fc.property(arrays, fc.array(fc.string()), fc.integer(), fc.nat(3), ({ i, u }, strings, n, shift) => {
        const value = { n, strings, nested: { i, deeper: { u, label: "x" } }, empty: new Int32Array(0) };
        const packed = packObject(value);
        // Also at an offset that is not a multiple of four, as a value may sit inside a larger buffer.
        const inside = Buffer.alloc(packed.length + shift);
        packed.copy(inside, shift);
        for (const bytes of [packed, inside.subarray(shift)]) {
          const back = unpackObject<typeof value>(bytes);
          expect(back.n).toBe(n);
          expect(back.strings).toEqual(strings);
          expect(back.nested.i).toBeInstanceOf(Int32Array);
          expect([...back.nested.i]).toEqual([...i]);
          expect(back.nested.deeper.u).toBeInstanceOf(Uint32Array);
          expect([...back.nested.deeper.u]).toEqual([...u]);
          expect(back.nested.deeper.label).toBe("x");
          expect(back.empty.length).toBe(0);
        }
      }),
    );
  });

  it("refuse other typed arrays, and values too short for what they claim", () => {
    expect(() => packObject({ f: new Float64Array(2) })).toThrow("only Int32Array and Uint32Array");
    expect(() => unpackObject(new Uint8Array(2))).toThrow("too short");
    const packed = packObject({ a: Int32Array.from([1, 2, 3]) });
    expect(() => unpackObject(packed.subarray(0, packed.length - 4))).toThrow("runs past the value's end");
  });
});
