import { describe, expect, it } from "vitest";
import { Dictionary } from "./dictionary.js";
import { basePattern, learnerSense, translationCommonness } from "./learner-sense.js";

const SENSES = "lemma\tpos\tsynset\trank\ttag_count\twritten\tusage\tdomain\tinstance\tgloss";
const sense = (cells: string) => `${cells}`;

function dictionary(senses: string[], translations: string[], spoken: Record<string, string>): Dictionary {
  const d = new Dictionary(
    [SENSES, ...senses.map(sense)].join("\n"),
    "word\tpos\tdefinition\tcurrent\n",
    ["synset\tlang\ttranslations", ...translations].join("\n"),
  );
  for (const [lang, list] of Object.entries(spoken)) d.setSpokenFrequency(lang, list);
  return d;
}

describe("basePattern", () => {
  it("finds the word a derived word is made from, with its forms", () => {
    expect(basePattern("runner")?.test("travels on foot by running")).toBe(true);
    expect(basePattern("writer")?.test("someone who writes")).toBe(true);
    expect(basePattern("happiness")?.test("the state of being happy")).toBe(true);
    expect(basePattern("runner")?.test("imports or exports without paying duties")).toBe(false);
    expect(basePattern("dog")).toBeUndefined();
  });
});

describe("learnerSense", () => {
  const bank = [
    "bank\tn\t00000001-n\t1\t25\tbank\t\t0\t0\tsloping land (especially the slope beside a body of water)",
    "bank\tn\t00000002-n\t2\t20\tbank\t\t0\t0\ta financial institution that accepts deposits",
  ];
  const translations = [
    "00000001-n\tes\torilla",
    "00000001-n\tru\tберег",
    "00000001-n\tzh\t河边",
    "00000002-n\tes\tbanco",
    "00000002-n\tru\tбанк",
    "00000002-n\tzh\t银行",
  ];

  it("prefers, at close tag counts, the sense whose translations are spoken far more", () => {
    const d = dictionary(bank, translations, {
      es: "el 1000000\nbanco 9000\norilla 300\n",
      ru: "и 1000000\nбанк 5000\nберег 900\n",
      zh: "的 1000000\n银行 4000\n河边 100\n",
    });
    expect(learnerSense(d, "bank", "n")?.synset).toBe("00000002-n");
    expect(translationCommonness(d.senses("bank")[1] as never, d)).toBeGreaterThan(
      translationCommonness(d.senses("bank")[0] as never, d),
    );
  });

  it("keeps WordNet's most tagged sense when no spoken list tells them apart", () => {
    const d = dictionary(bank, translations, {});
    expect(learnerSense(d, "bank", "n")?.synset).toBe("00000001-n");
  });

  it("prefers a derived word's sense told through its base", () => {
    const d = dictionary(
      [
        "runner\tn\t00000003-n\t1\t3\trunner\t\t0\t0\tsomeone who imports or exports without paying duties",
        "runner\tn\t00000004-n\t2\t1\trunner\t\t0\t0\tsomeone who travels on foot by running",
      ],
      [],
      {},
    );
    expect(learnerSense(d, "runner", "n")?.synset).toBe("00000004-n");
  });

  it("weighs down slang and archaic senses", () => {
    const d = dictionary(
      [
        "cabbage\tn\t00000005-n\t1\t2\tcabbage\tslang\t0\t0\tinformal terms for money",
        "cabbage\tn\t00000006-n\t2\t1\tcabbage\t\t0\t0\tany of various types of cabbage",
      ],
      [],
      {},
    );
    expect(learnerSense(d, "cabbage", "n")?.synset).toBe("00000006-n");
  });
});
