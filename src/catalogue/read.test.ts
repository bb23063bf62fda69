import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readCatalogueDir, readCatalogueFile } from "./read.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "wordclip-catalogue-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const line = (word: string, level = "A1") =>
  JSON.stringify({ word, level, pos: ["noun"], meanings: { en: word } });

describe("readCatalogueFile", () => {
  it("reads entries and names the file in problems", () => {
    const file = path.join(dir, "en.jsonl");
    writeFileSync(file, `${line("dog")}\n${line("cat", "Z9")}\n`);
    const { entries, problems } = readCatalogueFile(file, "en");
    expect(entries.map((e) => e.word)).toEqual(["dog"]);
    expect(problems).toEqual([
      { file: "en.jsonl", line: 2, message: 'unknown level "Z9" (one of A1, A2, B1, B2, C1, C2)' },
    ]);
  });

  it("throws with the path when the file is missing", () => {
    const file = path.join(dir, "fr.jsonl");
    expect(() => readCatalogueFile(file, "fr")).toThrow(`cannot read catalogue file ${file}`);
  });

  it("refuses a language that is not a two-letter code", () => {
    expect(() => readCatalogueFile(path.join(dir, "en.jsonl"), "english")).toThrow(
      'catalogue language must be a two-letter code, got "english"',
    );
  });
});

describe("readCatalogueDir", () => {
  it("reads every <language>.jsonl, keyed by language in alphabetical order, ignoring other files", () => {
    writeFileSync(path.join(dir, "fr.jsonl"), line("chien"));
    writeFileSync(path.join(dir, "en.jsonl"), `${line("dog")}\n${line("cat")}`);
    writeFileSync(path.join(dir, "README.md"), "notes");
    mkdirSync(path.join(dir, "drafts"));
    const catalogues = readCatalogueDir(dir);
    expect([...catalogues.keys()]).toEqual(["en", "fr"]);
    expect(catalogues.get("en")?.entries.map((e) => e.word)).toEqual(["dog", "cat"]);
    expect(catalogues.get("fr")?.problems).toEqual([]);
  });

  it("throws with the path when the folder is missing", () => {
    const missing = path.join(dir, "nowhere");
    expect(() => readCatalogueDir(missing)).toThrow(`cannot read catalogue folder ${missing}`);
  });

  it("throws when the path is a file, not a folder", () => {
    const file = path.join(dir, "en.jsonl");
    writeFileSync(file, line("dog"));
    expect(() => readCatalogueDir(file)).toThrow(`cannot read catalogue folder ${file}: not a folder`);
  });

  it("throws when the folder holds no catalogue file", () => {
    expect(() => readCatalogueDir(dir)).toThrow(`catalogue folder ${dir} holds no <language>.jsonl file`);
  });

  it("throws on a .jsonl file not named for a two-letter language", () => {
    writeFileSync(path.join(dir, "english.jsonl"), line("dog"));
    expect(() => readCatalogueDir(dir)).toThrow(
      `catalogue file ${path.join(dir, "english.jsonl")} is not named`,
    );
  });
});
