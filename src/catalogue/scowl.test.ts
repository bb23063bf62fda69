import { describe, expect, it } from "vitest";
import { readScowl, scowlFiles } from "./scowl.js";

describe("readScowl", () => {
  it("gives each word the smallest size class whose list has it", () => {
    const classes = readScowl([
      { size: 35, text: "integer\nbyte\n" },
      { size: 10, text: "byte\n" },
      { size: 50, text: "integer\ntripos\n" },
    ]);
    expect([...classes]).toEqual([
      ["integer", 35],
      ["byte", 10],
      ["tripos", 50],
    ]);
  });

  it("reads lower-case words of letters only: no possessive, accent, capital or blank line", () => {
    const classes = readScowl([{ size: 35, text: "abacus\nabacus's\nattaché\nAbe\n\r\n  smallish \r\n" }]);
    expect([...classes.keys()]).toEqual(["abacus", "smallish"]);
  });
});

describe("scowlFiles", () => {
  it("reads the words of every variety and the American spellings of classes 10 to 50", () => {
    expect(scowlFiles().map((f) => f.file)).toEqual([
      "english-words.10",
      "american-words.10",
      "english-words.20",
      "american-words.20",
      "english-words.35",
      "american-words.35",
      "english-words.40",
      "american-words.40",
      "english-words.50",
      "american-words.50",
    ]);
  });
});
