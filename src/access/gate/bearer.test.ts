import { describe, expect, it } from "vitest";
import { parseBearer } from "./bearer.js";

const SECRET = "wc_ABCDEFabcdef0123456789ABCDEFab";

describe("parseBearer", () => {
  it("treats an absent or blank header as missing", () => {
    expect(parseBearer(undefined)).toEqual({ kind: "missing" });
    expect(parseBearer("   ")).toEqual({ kind: "missing" });
  });

  it("reads the key of a Bearer header in any case of the scheme", () => {
    expect(parseBearer(`Bearer ${SECRET}`)).toEqual({ kind: "token", secret: SECRET });
    expect(parseBearer(`BEARER  ${SECRET}`)).toEqual({ kind: "token", secret: SECRET });
  });

  it("names another scheme without echoing its credentials", () => {
    const parsed = parseBearer("Basic dXNlcjpwYXNz");
    expect(parsed).toEqual({
      kind: "malformed",
      message: 'the Authorization header must be "Bearer <API key>", got scheme "Basic"',
    });
  });

  it("shows no more of a credential sent without a scheme than a key's visible prefix", () => {
    const bare = parseBearer(SECRET);
    expect(bare).toMatchObject({ kind: "malformed", message: expect.stringContaining('without "Bearer "') });
    expect(JSON.stringify(bare)).not.toContain(SECRET.slice(0, 4));
    const other = parseBearer("sk_live_0123456789abcdefghij");
    expect(other).toMatchObject({ kind: "malformed", message: expect.stringContaining('"sk_live_0"…') });
    expect(JSON.stringify(other)).not.toContain("sk_live_01");
  });

  it("refuses a Bearer header without a key, or with two words after the scheme", () => {
    expect(parseBearer("Bearer")).toMatchObject({
      kind: "malformed",
      message: expect.stringContaining("without a key"),
    });
    expect(parseBearer(`Bearer ${SECRET} extra`)).toMatchObject({ kind: "malformed" });
  });

  it("refuses a token that is not shaped like a wordclip key", () => {
    for (const token of ["sk_live_123", "wc_short", "wc_has-dash-0123456789abcdef", `${SECRET}!`]) {
      expect(parseBearer(`Bearer ${token}`)).toMatchObject({
        kind: "malformed",
        message: expect.stringContaining('keys start with "wc_"'),
      });
    }
  });
});
