import { describe, expect, it } from "vitest";
import { embedStartS, embedUrl } from "./present.js";

describe("embedStartS", () => {
  it.each([
    [0, 0],
    [400, 0],
    [1000, 0],
    [1999, 0],
    [2000, 1],
    [2999, 1],
    [3400, 2],
    [179_999, 178],
  ])("starts an occurrence at %i ms at second %i: one second before, rounded down, at least 0", (ms, s) => {
    expect(embedStartS(ms)).toBe(s);
  });
});

describe("embedUrl", () => {
  it("adds start= only when a start is given, and encodes the video id", () => {
    expect(embedUrl("abc_DEF-12")).toBe("https://www.youtube-nocookie.com/embed/abc_DEF-12");
    expect(embedUrl("abc_DEF-12", 0)).toBe("https://www.youtube-nocookie.com/embed/abc_DEF-12?start=0");
    expect(embedUrl("a/b", 7)).toBe("https://www.youtube-nocookie.com/embed/a%2Fb?start=7");
  });
});
