import fc from "fast-check";
import { Value } from "typebox/value";
import { describe, expect, it } from "vitest";
import { GLOSSES, LEVELS } from "../domain.js";
import { CatalogueLineSchema, parseCatalogueText } from "./parse.js";

function lines(...objects: unknown[]): string {
  return objects.map((o) => (typeof o === "string" ? o : JSON.stringify(o))).join("\n");
}

const colour = {
  word: "colour",
  level: "A1",
  pos: ["noun", "verb"],
  variants: ["color"],
  meanings: { en: "a visual attribute of things", es: "color" },
};

describe("parseCatalogueText", () => {
  it("reads a good line into an entry with its line number", () => {
    const { entries, problems } = parseCatalogueText(lines(colour), "en.jsonl");
    expect(problems).toEqual([]);
    expect(entries).toEqual([
      {
        word: "colour",
        level: "A1",
        pos: ["noun", "verb"],
        variants: ["color"],
        meanings: { en: "a visual attribute of things", es: "color" },
        forms: [],
        line: 1,
      },
    ]);
  });

  it("fills optional variants and forms with empty lists and keeps given forms", () => {
    const text = lines({ word: "go", level: "A1", pos: ["verb"], meanings: {}, forms: ["went"] });
    const [entry] = parseCatalogueText(text, "en.jsonl").entries;
    expect(entry?.variants).toEqual([]);
    expect(entry?.forms).toEqual(["went"]);
    expect(entry?.meanings).toEqual({});
  });

  it("trims spaces around every string", () => {
    const text = lines({ word: " turn to ", level: "C1", pos: [" verb"], meanings: { en: " rely on " } });
    const [entry] = parseCatalogueText(text, "en.jsonl").entries;
    expect(entry).toMatchObject({ word: "turn to", pos: ["verb"], meanings: { en: "rely on" } });
  });

  it("skips blank lines but counts them, and accepts CRLF and a byte order mark", () => {
    const text = `\uFEFF${JSON.stringify(colour)}\r\n\r\n   \r\n${JSON.stringify({ ...colour, word: "dog" })}\r\n`;
    const { entries, problems } = parseCatalogueText(text, "en.jsonl");
    expect(problems).toEqual([]);
    expect(entries.map((e) => [e.word, e.line])).toEqual([
      ["colour", 1],
      ["dog", 4],
    ]);
  });

  it("reports each bad line with its number and goes on reading", () => {
    const text = lines(colour, "{not json", { ...colour, level: "D1" }, { ...colour, word: "dog" });
    const { entries, problems } = parseCatalogueText(text, "en.jsonl");
    expect(entries.map((e) => e.word)).toEqual(["colour", "dog"]);
    expect(problems.map((p) => [p.file, p.line])).toEqual([
      ["en.jsonl", 2],
      ["en.jsonl", 3],
    ]);
    expect(problems[0]?.message).toMatch(/^invalid JSON: /);
    expect(problems.every((p) => p.severity === undefined)).toBe(true);
  });

  it.each([
    [{ ...colour, level: "D1" }, 'unknown level "D1" (one of A1, A2, B1, B2, C1, C2)'],
    [{ ...colour, level: "a1" }, 'unknown level "a1" (one of A1, A2, B1, B2, C1, C2)'],
    [{ ...colour, word: "" }, "empty word"],
    [{ ...colour, word: "   " }, "empty word"],
    [{ ...colour, word: 42 }, '"word" must be a non-empty string, got 42'],
    [{ ...colour, pos: "noun" }, '"pos" must be an array of non-empty strings, got "noun"'],
    [
      { ...colour, variants: ["color", ""] },
      '"variants" must be an array of non-empty strings, got ["color",""]',
    ],
    [{ ...colour, forms: [1] }, '"forms" must be an array of non-empty strings, got [1]'],
    [
      { ...colour, meanings: { en: "x", fr: "couleur" } },
      'unknown gloss language "fr" in "meanings" (one of en, es, ja, pt, ru, tr, zh)',
    ],
    [
      { ...colour, meanings: { en: "" } },
      '"meanings" must be an object of non-empty strings keyed by gloss language, got {"en":""}',
    ],
    [
      { ...colour, meanings: "colour" },
      '"meanings" must be an object of non-empty strings keyed by gloss language, got "colour"',
    ],
    [{ word: "dog", pos: ["noun"], meanings: {} }, 'missing field "level"'],
    [{ level: "A1", pos: ["noun"] }, 'missing field "word"; missing field "meanings"'],
    [
      { ...colour, varients: ["color"] },
      'unknown field "varients" (fields: word, level, pos, variants, meanings, forms, levelSource, frequency)',
    ],
    [["colour"], 'a line must be one JSON object, got ["colour"]'],
    ["null", "a line must be one JSON object, got null"],
  ])("reports %j as %j", (line, message) => {
    const { entries, problems } = parseCatalogueText(lines(line), "en.jsonl");
    expect(entries).toEqual([]);
    expect(problems).toEqual([{ file: "en.jsonl", line: 1, message }]);
  });

  it("shortens a long value in a message", () => {
    const { problems } = parseCatalogueText(lines({ ...colour, pos: "x".repeat(200) }), "en.jsonl");
    expect(problems[0]?.message).toBe(
      `"pos" must be an array of non-empty strings, got "${"x".repeat(56)}...`,
    );
  });
});

describe("the compiled line checker", () => {
  // Values near the format: each field right, wrong or missing, and now and then a field too many.
  const nearLine = fc.record(
    {
      word: fc.oneof(fc.constantFrom("run", " ", "", "ice cream"), fc.anything()),
      level: fc.oneof(fc.constantFrom(...LEVELS, "D1", "a1"), fc.anything()),
      pos: fc.oneof(fc.array(fc.constantFrom("verb", "noun", " ", "")), fc.anything()),
      variants: fc.oneof(fc.array(fc.constantFrom("runs", "\t", "x")), fc.anything()),
      meanings: fc.oneof(
        fc.dictionary(
          fc.constantFrom(...GLOSSES, "xx"),
          fc.oneof(fc.constantFrom("correr", " "), fc.anything()),
        ),
        fc.anything(),
      ),
      forms: fc.oneof(fc.array(fc.constantFrom("ran", "")), fc.anything()),
      levelSource: fc.oneof(fc.constantFrom("cefr", "estimated", "guess"), fc.anything()),
      frequency: fc.oneof(fc.double(), fc.constantFrom(0, -1, 12.5), fc.anything()),
      extra: fc.anything(),
    },
    { requiredKeys: [] },
  );

  it("accepts and refuses the lines that the schema's own check does", () => {
    fc.assert(
      fc.property(nearLine, (value) => {
        const parsed = parseCatalogueText(JSON.stringify(value), "en.jsonl");
        // Checked as the line reads back: JSON carries no undefined, -0 or NaN.
        const line = JSON.parse(JSON.stringify(value));
        expect(parsed.entries.length).toBe(Value.Check(CatalogueLineSchema, line) ? 1 : 0);
      }),
      { numRuns: 2000 },
    );
  });
});
