import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PhoneticIndex, phoneticCodes, soundAlike } from "./phonetic-index.js";

describe("phoneticCodes", () => {
  it("gives a misspelling by ear the code of the word it sounds like", () => {
    const pairs: ReadonlyArray<[string, string]> = [
      ["definately", "definitely"],
      ["seperate", "separate"],
      ["wich", "which"],
      ["nashon", "nation"],
      ["kat", "cat"],
    ];
    for (const [typo, word] of pairs) {
      expect(soundAlike(phoneticCodes(typo), phoneticCodes(word)), `${typo} ~ ${word}`).toBe(true);
    }
  });

  it("tells words of other sounds apart", () => {
    expect(soundAlike(phoneticCodes("with"), phoneticCodes("wich"))).toBe(false);
    expect(soundAlike(phoneticCodes("recipe"), phoneticCodes("receive"))).toBe(false);
  });

  it("codes only single lower-case words", () => {
    expect(phoneticCodes("ice cream")).toEqual([]);
    expect(phoneticCodes("café")).toEqual([]);
    expect(phoneticCodes("")).toEqual([]);
    expect(phoneticCodes("which").length).toBeGreaterThan(0);
  });
});

describe("PhoneticIndex", () => {
  it("lists the keys that sound like a query, and only those", () => {
    const keys = ["which", "witch", "with", "ice cream", "wish", "rich"];
    const index = new PhoneticIndex(keys);
    const query = index.prepare("wich");
    const found = new Set(index.candidateLists(query).flatMap((list) => [...list]));
    expect([...found].map((i) => keys[i]).sort()).toEqual(["which", "wish", "witch"]);
    expect(keys.map((_, i) => index.soundsLike(query, i))).toEqual([true, true, false, false, true, false]);
  });

  it("finds nothing for a query whose codes no key has, or that has none", () => {
    const index = new PhoneticIndex(["cat", "dog"]);
    expect(index.candidateLists(index.prepare("xylophone")).flatMap((l) => [...l])).toEqual([]);
    expect(index.prepare("ice cream")).toEqual([]);
  });

  it("agrees with comparing the codes of every key, query after query", () => {
    const word = fc.stringMatching(/^[a-z]{1,8}$/);
    const anyKey = fc.oneof(word, fc.constant("ice cream"), fc.constant(""));
    fc.assert(
      fc.property(
        fc.array(anyKey, { maxLength: 40 }),
        fc.array(word, { minLength: 1, maxLength: 5 }),
        (keys, queries) => {
          const index = new PhoneticIndex(keys);
          for (const q of queries) {
            const prepared = index.prepare(q);
            const expected = keys.flatMap((k, i) =>
              soundAlike(phoneticCodes(q), phoneticCodes(k)) ? [i] : [],
            );
            const found = [...new Set(index.candidateLists(prepared).flatMap((list) => [...list]))].sort(
              (a, b) => a - b,
            );
            expect(found).toEqual(expected);
            expect(keys.map((_, i) => index.soundsLike(prepared, i))).toEqual(
              keys.map((_, i) => expected.includes(i)),
            );
          }
        },
      ),
    );
  });
});
