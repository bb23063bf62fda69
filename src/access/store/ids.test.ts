import { describe, expect, it } from "vitest";
import { newAccountId, newKeyId } from "./ids.js";

describe("public ids", () => {
  it("prefix account and key ids by kind, with 12 base62 characters", () => {
    expect(newAccountId()).toMatch(/^acc_[0-9A-Za-z]{12}$/);
    expect(newKeyId()).toMatch(/^key_[0-9A-Za-z]{12}$/);
    expect(newKeyId()).not.toBe(newKeyId());
  });
});
