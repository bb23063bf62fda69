import { describe, expect, it } from "vitest";
import { parseAspellPipe } from "./aspell.js";

const BANNER = "@(#) International Ispell Version 3.1.20 (but really Aspell 0.60.8)";

describe("parseAspellPipe", () => {
  it("reads suggestions, no suggestion and a word taken for correct, in input order", () => {
    const out = [BANNER, "& wich 3 1: which, witch, winch", "", "# xqzv 1", "", "*", "", ""].join("\n");
    expect(parseAspellPipe(out, 3)).toEqual({
      suggestions: [["which", "witch", "winch"], [], []],
      acceptedAsWords: 1,
      version: "Aspell 0.60.8",
    });
  });

  it("says so when the answers do not match the questions", () => {
    expect(parseAspellPipe(`${BANNER}\n*\n\n`, 2)).toEqual({
      problem: "expected 2 answers from aspell, got 1",
    });
  });
});
