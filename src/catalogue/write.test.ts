import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GLOSSES, LEVELS } from "../domain.js";
import type { CatalogueEntry } from "./entry.js";
import { parseCatalogueText } from "./parse.js";
import { formatCatalogue, formatCatalogueLine } from "./write.js";

describe("formatCatalogueLine", () => {
  it("writes fields in a fixed order and leaves out empty optional lists", () => {
    const line = formatCatalogueLine({
      word: "dog",
      level: "A1",
      pos: ["noun"],
      variants: [],
      meanings: { zh: "狗", en: "a domestic animal" },
      forms: [],
    });
    expect(line).toBe(
      '{"word":"dog","level":"A1","pos":["noun"],"meanings":{"en":"a domestic animal","zh":"狗"}}',
    );
  });

  it("writes variants and forms when there are some", () => {
    const line = formatCatalogueLine({
      word: "go",
      level: "A1",
      pos: ["verb"],
      variants: ["goe"],
      meanings: {},
      forms: ["went"],
    });
    expect(line).toBe(
      '{"word":"go","level":"A1","pos":["verb"],"variants":["goe"],"meanings":{},"forms":["went"]}',
    );
  });
});

const text = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() === s && s !== "");

const entryArbitrary: fc.Arbitrary<Omit<CatalogueEntry, "line">> = fc.record({
  word: text,
  level: fc.constantFrom(...LEVELS),
  pos: fc.array(text, { maxLength: 3 }),
  variants: fc.array(text, { maxLength: 3 }),
  meanings: fc
    .dictionary(fc.constantFrom(...GLOSSES), text)
    .map((m) => Object.fromEntries(GLOSSES.filter((g) => g in m).map((g) => [g, m[g]]))),
  forms: fc.array(text, { maxLength: 3 }),
});

describe("formatCatalogue", () => {
  it("writes what parseCatalogueText reads back unchanged, one line per entry", () => {
    fc.assert(
      fc.property(fc.array(entryArbitrary, { maxLength: 8 }), (entries) => {
        const { entries: read, problems } = parseCatalogueText(formatCatalogue(entries), "xx.jsonl");
        expect(problems).toEqual([]);
        expect(read).toEqual(entries.map((entry, i) => ({ ...entry, line: i + 1 })));
      }),
    );
  });
});
