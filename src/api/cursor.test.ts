import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CURSOR_VERSION, CursorError, createCursorCodec } from "./cursor.js";

const SECRET = "a-test-secret-of-enough-length";
const codec = createCursorCodec(SECRET);

/** A cursor as the format defines it, with Node's own HMAC: what every cursor issued so far is. */
function reference(endpoint: string, filters: string, position: unknown): string {
  const payload = Buffer.from(JSON.stringify(position));
  const mac = createHmac("sha256", SECRET)
    .update(Buffer.from([CURSOR_VERSION]))
    .update(payload)
    .update(`\0${endpoint}\0${filters}`)
    .digest()
    .subarray(0, 16);
  return Buffer.concat([Buffer.from([CURSOR_VERSION]), payload, mac]).toString("base64url");
}

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

  it("issues the bytes of HMAC-SHA256 over version, position, endpoint and filters, long ones too", () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.string(),
        fc.string({ unit: "grapheme" }),
        (position, endpoint, filters) => {
          expect(codec.encode(endpoint, filters, position)).toBe(reference(endpoint, filters, position));
        },
      ),
    );
    const long = "level=A1,".repeat(1000);
    const position = { after: "é".repeat(3000) };
    const cursor = codec.encode("word-clips", long, position);
    expect(cursor).toBe(reference("word-clips", long, position));
    expect(codec.decode("word-clips", long, cursor)).toEqual(position);
    expect(codec.decode("e", "f", reference("e", "f", [7, 8]))).toEqual([7, 8]);
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

  it("refuses every other spelling of a cursor: a character added, or the last one's unused bits set", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (position) => {
        const cursor = codec.encode("e", "f", position);
        const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        for (const c of alphabet) {
          expect(() => codec.decode("e", "f", cursor + c)).toThrow(CursorError);
          const other = cursor.slice(0, -1) + c;
          if (other === cursor) continue;
          // Either the bytes differ (the MAC refuses them) or only the spelling does (refused as such).
          expect(() => codec.decode("e", "f", other)).toThrow(CursorError);
        }
      }),
      { numRuns: 30 },
    );
  });

  it("reads a cursor's position unverified only when its form is one this API issues", () => {
    const cursor = codec.encode("feed", "seed=a", [1, 2, 3]);
    expect(codec.unverified(cursor)).toEqual([1, 2, 3]);
    const other = createCursorCodec("another-secret-of-enough-length");
    expect(codec.unverified(other.encode("feed", "seed=b", [4]))).toEqual([4]);
    for (const junk of [
      "",
      "abc",
      "not a cursor!",
      "AAAA",
      `${cursor}A`,
      "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    ]) {
      expect(() => codec.unverified(junk)).toThrow(CursorError);
    }
  });

  it("refuses strings that are not cursors", () => {
    for (const junk of ["", "abc", "not a cursor!", "%%%", "AAAA"]) {
      expect(() => codec.decode("e", "f", junk)).toThrow(CursorError);
    }
  });
});
