import { describe, expect, it } from "vitest";
import { base62Bits } from "./random.js";
import { generateSecret, hashSecret, looksLikeSecret, visiblePrefix } from "./secret.js";

describe("generateSecret", () => {
  it("makes wc_ keys of at least 128 random bits that are all different", () => {
    const secrets = new Set(Array.from({ length: 1_000 }, generateSecret));
    expect(secrets.size).toBe(1_000);
    for (const secret of secrets) {
      expect(secret).toMatch(/^wc_[0-9A-Za-z]{32}$/);
      expect(looksLikeSecret(secret)).toBe(true);
    }
    expect(base62Bits(32)).toBeGreaterThan(128);
  });

  it("shows wc_ and six characters as the visible prefix, leaving over 128 bits unseen", () => {
    const secret = generateSecret();
    expect(visiblePrefix(secret)).toBe(secret.slice(0, 9));
    expect(base62Bits(secret.length - visiblePrefix(secret).length)).toBeGreaterThan(128);
  });
});

describe("hashSecret", () => {
  it("is the lower-case hex SHA-256 of the key, different for keys one character apart", () => {
    expect(hashSecret("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(hashSecret("abd")).not.toBe(hashSecret("abc"));
  });
});
