import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ByteSource, JsonBytes, jsonPiece } from "./json-bytes.js";

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

  it("writes any string, escapes and lone surrogates included, as the literal JSON.stringify writes", () => {
    // Code units JSON escapes or that stand out in UTF-8, among plain ones, in strings short and long.
    const unit = fc.oneof(
      fc.constantFrom('"', "\\", "\n", "\u0000", "\u001f", "\ud800", "\udfff", "\u2028", "é", "語", "😀"),
      fc.string({ minLength: 1, maxLength: 40 }),
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 12 }), fc.nat(4), (units, padding) => {
        const s = units.join("");
        const out = new JsonBytes(1);
        out.text("x".repeat(padding)).string(s).string("");
        expect(out.done().toString("utf8")).toBe(`${"x".repeat(padding)}${JSON.stringify(s)}""`);
      }),
    );
  });

  it("copies any range of a byte source as it is, short or long, at any alignment", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 700 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 20 }),
        fc.nat(5),
        (bytes, ranges, lead) => {
          // The source is a view at an odd offset of a larger buffer, as a snapshot's heaps are.
          const backing = Buffer.alloc(bytes.length + 3);
          backing.set(bytes, 3);
          const source = new ByteSource(backing.subarray(3));
          const out = new JsonBytes(4).text("x".repeat(lead));
          const expected: number[] = Array(lead).fill(0x78);
          for (const [a, b] of ranges) {
            const start = a % bytes.length;
            const end = start + (b % (bytes.length - start + 1));
            out.from(source, start, end);
            expected.push(...bytes.subarray(start, end));
          }
          expect(out.done().equals(Buffer.from(expected))).toBe(true);
        },
      ),
    );
  });

  it("writes milliseconds as seconds as String(ms / 1000) does, over the whole u32 range", () => {
    fc.assert(
      fc.property(fc.oneof(fc.nat(999_999), fc.nat({ max: 2 ** 32 - 1 })), (ms) => {
        const out = new JsonBytes(2);
        out.text("[").seconds(ms).text("]");
        expect(out.toString()).toBe(`[${String(ms / 1000)}]`);
      }),
      { numRuns: 20_000 },
    );
    for (const [ms, text] of [
      [29400, "29.4"],
      [147960, "147.96"],
      [5, "0.005"],
      [0, "0"],
      [10, "0.01"],
      [1000, "1"],
      [2 ** 32 - 1, "4294967.295"],
      [1e15 - 1, "999999999999.999"],
      [1e15, "1000000000000"],
      [2 ** 53 + 1, String((2 ** 53 + 1) / 1000)],
      [1.5, "0.0015"],
      [-1, "-0.001"],
    ] as const) {
      expect(new JsonBytes(1).seconds(ms).toString()).toBe(text);
      expect(String(ms / 1000)).toBe(text);
    }
  });

  it("writes UTF-8 bytes as the JSON string literal JSON.stringify writes for their text", () => {
    const escaped = fc.constantFrom(
      '"',
      "\\",
      "\n",
      "\u0000",
      "\u001f",
      "\u007f",
      "\u2028",
      "\u2029",
      "é",
      "😀",
    );
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 80 }),
      fc.string({ unit: "grapheme", maxLength: 40 }),
      fc.string({
        unit: fc.oneof(escaped, fc.string({ unit: "binary", minLength: 1, maxLength: 1 })),
        maxLength: 40,
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 5 }), text, fc.string({ maxLength: 5 }), (before, s, after) => {
        // The stored text is valid UTF-8: what a string with lone surrogates reads back as.
        const valid = Buffer.from(s, "utf8").toString("utf8");
        const head = Buffer.byteLength(before);
        const from = Buffer.from(before + valid + after, "utf8");
        const out = new JsonBytes(3).text("[");
        out.utf8String(from, head, head + Buffer.byteLength(valid)).text("]");
        expect(out.done().equals(Buffer.from(`[${JSON.stringify(valid)}]`, "utf8"))).toBe(true);
      }),
      { numRuns: 5_000 },
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
