import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cut, ECHO_MAX_CHARS, shown } from "./shown.js";

/** A lone surrogate, as a strict JSON reader refuses it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe("shown", () => {
  it("quotes a short value whole", () => {
    expect(shown("abc")).toBe('"abc"');
    expect(shown('a"b')).toBe('"a\\"b"');
    expect(shown(["a", 1])).toBe('["a",1]');
  });

  it("cuts a long string to a whole JSON string and says how long it was", () => {
    const long = "x".repeat(200);
    expect(shown(long)).toBe(`"${"x".repeat(ECHO_MAX_CHARS)}"… (200 characters)`);
    // An escape is never cut in two: the quoted part reads back as JSON.
    const quotes = '"'.repeat(100);
    const text = shown(quotes);
    expect(JSON.parse(text.slice(0, text.indexOf("…")))).toBe('"'.repeat(ECHO_MAX_CHARS));
  });

  it("never leaves half of a character pair at the cut, whatever the string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", minLength: 0, maxLength: 120 }), (value) => {
        for (const text of [shown(value), cut(value)]) expect(LONE_SURROGATE.test(text)).toBe(false);
      }),
    );
    const emoji = "😀".repeat(150);
    expect(LONE_SURROGATE.test(shown(emoji))).toBe(false);
    expect(LONE_SURROGATE.test(cut(emoji))).toBe(false);
    expect(cut(emoji)).toContain("… (300 characters)");
  });
});
