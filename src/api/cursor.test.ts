import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CURSOR_VERSION, CursorError, createCursorCodec } from "./cursor.js";

const codec = createCursorCodec("a-test-secret-of-enough-length");

describe("cursor codec", () => {
  it("round-trips any position under the same endpoint and filters", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string(), fc.string(), (position, endpoint, filters) => {
        const cursor = codec.encode(endpoint, filters, position);
        expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(codec.decode(endpoint, filters, cursor)).toEqual(JSON.parse(JSON.stringify(position)));
      }),
    );
  });

  it("refuses a cursor with any byte changed", () => {
    const cursor = codec.encode("word-clips", "w=1", { k: 123456789 });
    const bytes = Buffer.from(cursor, "base64url");
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: bytes.length - 1 }),
        fc.integer({ min: 1, max: 255 }),
        (at, delta) => {
          const changed = Buffer.from(bytes);
          changed[at] = ((changed[at] as number) + delta) % 256;
          expect(() => codec.decode("word-clips", "w=1", changed.toString("base64url"))).toThrow(CursorError);
        },
      ),
    );
  });

  it("refuses a cursor reused under other filters or another endpoint", () => {
    const cursor = codec.encode("word-clips", "level=A1", [1]);
    expect(() => codec.decode("word-clips", "level=A2", cursor)).toThrow(/other filters/);
    expect(() => codec.decode("feed", "level=A1", cursor)).toThrow(/other filters/);
  });

  it("refuses a cursor signed with another secret", () => {
    const other = createCursorCodec("another-secret-of-enough-length");
    expect(() => codec.decode("e", "f", other.encode("e", "f", 1))).toThrow(CursorError);
  });

  it("names the version of a cursor from another encoding", () => {
    const bytes = Buffer.from(codec.encode("e", "f", 1), "base64url");
    bytes[0] = CURSOR_VERSION + 1;
    expect(() => codec.decode("e", "f", bytes.toString("base64url"))).toThrow(
      `version ${CURSOR_VERSION + 1}`,
    );
  });

  it("refuses strings that are not cursors", () => {
    for (const junk of ["", "abc", "not a cursor!", "%%%", "AAAA"]) {
      expect(() => codec.decode("e", "f", junk)).toThrow(CursorError);
    }
  });
});
