import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JsonBytes } from "./json-bytes.js";
import { KeptPieces } from "./kept-pieces.js";

/** Writes `text` into `out` as a piece, keeping it under `key`. */
function writeAndKeep(kept: KeptPieces, out: JsonBytes, key: number, text: string): void {
  const at = out.length;
  out.text(text);
  kept.keep(out, key, at);
}

describe("KeptPieces", () => {
  it("gives back, under each key, the last piece kept under it, within its arena and whatever came between", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: 3000 }), fc.string({ unit: "grapheme", maxLength: 40 })), {
          maxLength: 60,
        }),
        fc.integer({ min: 0, max: 600 }),
        (pieces, arenaBytes) => {
          const kept = new KeptPieces(arenaBytes);
          const expected = new Map<number, string>();
          const out = new JsonBytes(8);
          for (const [key, text] of pieces) {
            out.text("[");
            const before = kept.used;
            writeAndKeep(kept, out, key, text);
            const bytes = Buffer.byteLength(text);
            if (before + bytes <= arenaBytes) expected.set(key, text);
            else expect(kept.used).toBe(before);
          }
          expect(kept.used).toBeLessThanOrEqual(arenaBytes);
          for (let key = 0; key <= 3000; key++) {
            const copied = new JsonBytes(8);
            copied.text("<");
            const found = kept.copy(copied, key);
            expect(found).toBe(expected.has(key));
            expect(kept.has(key)).toBe(found);
            expect(copied.toString()).toBe(`<${expected.get(key) ?? ""}`);
          }
        },
      ),
    );
  });

  it("keeps no key below 0 or above 2^24, and copies nothing for it", () => {
    const kept = new KeptPieces(1024);
    const out = new JsonBytes(8);
    for (const key of [-1, 2 ** 24 + 1, 0.5]) writeAndKeep(kept, out, key, "piece");
    expect(kept.used).toBe(0);
    const copied = new JsonBytes(8);
    expect(kept.copy(copied, -1)).toBe(false);
    expect(copied.length).toBe(0);
  });
});
