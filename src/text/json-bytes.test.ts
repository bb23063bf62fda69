import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JsonBytes, jsonPiece } from "./json-bytes.js";

describe("JsonBytes", () => {
  it("writes numbers as JSON.stringify does", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.nat(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
        (n) => {
          const out = new JsonBytes(4);
          out.number(n);
          expect(out.toString()).toBe(JSON.stringify(n));
        },
      ),
    );
  });

  it("writes text, string literals and copied bytes as UTF-8, growing past its first capacity", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(3), fc.string({ unit: "binary", maxLength: 200 }))), (parts) => {
        const out = new JsonBytes(8);
        let expected = "";
        for (const [kind, s] of parts) {
          if (kind === 0) out.text(s);
          else if (kind === 1) out.string(s);
          else {
            const bytes = Buffer.from(`[${s}]`, "utf8");
            out.bytes(bytes, 1, bytes.length - 1);
          }
          if (kind === 3) out.raw(jsonPiece(s));
          expected += kind === 1 ? JSON.stringify(s) : kind === 3 ? s + s : s;
        }
        expect(out.done().equals(Buffer.from(expected, "utf8"))).toBe(true);
        expect(out.length).toBe(Buffer.byteLength(expected));
      }),
    );
  });

  it("hands out an answer of its own from the reused buffer, untouched by the next writer", () => {
    const first = JsonBytes.reused().text('{"a":').string("x".repeat(70_000)).text("}").done();
    const second = JsonBytes.reused().text("[1]").done();
    expect(JSON.parse(first.toString("utf8")).a).toHaveLength(70_000);
    expect(second.toString("utf8")).toBe("[1]");
    expect(JSON.parse(first.toString("utf8")).a).toHaveLength(70_000);
  });
});
