import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TokenSlots } from "./token-slots.js";

/** The definition: slots in order of first meeting. */
function naiveSlots(tokens: readonly string[]): number[] {
  const slots = new Map<string, number>();
  return tokens.map((token) => {
    if (!slots.has(token)) slots.set(token, slots.size);
    return slots.get(token) as number;
  });
}

describe("TokenSlots", () => {
  it("numbers tokens in order of first meeting, one at a time or a clip at a time, across growth", () => {
    const token = fc.oneof(
      fc.string({ maxLength: 4 }),
      fc.constantFrom("the", "a", "ice", "cream", "é", "\ud800"),
    );
    fc.assert(
      fc.property(fc.array(fc.array(token, { maxLength: 300 }), { maxLength: 12 }), (clips) => {
        const one = new TokenSlots();
        const batched = new TokenSlots();
        const all = clips.flat();
        const expected = naiveSlots(all);
        const got: number[] = [];
        for (const clip of clips) {
          const out = new Int32Array(clip.length);
          batched.slotsOf(clip.length, (i) => clip[i] as string, out);
          got.push(...out);
        }
        expect(all.map((t) => one.slotOf(t))).toEqual(expected);
        expect(got).toEqual(expected);
        expect(batched.size).toBe(new Set(all).size);
        for (const [i, t] of all.entries()) expect(batched.nameOf(expected[i] as number)).toBe(t);
      }),
      { numRuns: 200 },
    );
  });

  it("keeps tens of thousands of tokens apart, whatever their hashes share", () => {
    const slots = new TokenSlots();
    const tokens = Array.from({ length: 50_000 }, (_, i) => `t${i.toString(36)}`);
    tokens.forEach((t, i) => {
      expect(slots.slotOf(t)).toBe(i);
    });
    const out = new Int32Array(tokens.length);
    slots.slotsOf(tokens.length, (i) => tokens[i] as string, out);
    expect([...out]).toEqual(tokens.map((_, i) => i));
  });
});
