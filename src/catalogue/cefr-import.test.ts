import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { GLOSSES, LEVELS } from "../domain.js";
import { SpellingVariety } from "./british.js";
import { type CatalogueSources, type CefrImport, importCefr } from "./cefr-import.js";
import { scowlFiles } from "./scowl.js";
import { formatCatalogue } from "./write.js";

const read = (relative: string) => readFileSync(new URL(`../../${relative}`, import.meta.url), "utf8");

const SHIPPED: CatalogueSources = {
  wordlist: read("data/sources/cefr-wordlist/cefr_wordlist_merged.tsv"),
  glosses: read("data/sources/glosses-omw-wordnet/cefr_glosses_top3.tsv"),
  senses: read("data/sources/wordnet-3.0/senses.tsv"),
  webster: read("data/sources/webster-1913/entries.tsv"),
  translations: read("data/sources/glosses-omw-wordnet/synset_translations.tsv"),
  wiktionary: read("data/sources/wiktionary/glosses.tsv"),
  frequency: read("data/sources/word-frequency/en_50k.txt"),
  glossFrequency: {
    es: read("data/sources/word-frequency/es_50k.txt"),
    ja: read("data/sources/word-frequency/ja_full.txt"),
    pt: read("data/sources/word-frequency/pt_50k.txt"),
    ru: read("data/sources/word-frequency/ru_50k.txt"),
    tr: read("data/sources/word-frequency/tr_50k.txt"),
    zh: read("data/sources/word-frequency/zh_cn_50k.txt"),
  },
  scowl: scowlFiles().map(({ size, file }) => ({ size, text: read(`data/sources/scowl/${file}`) })),
};

/** A spelling checker that knows the words given to it. */
const knows = (words: readonly string[]) => ({ correct: (w: string) => words.includes(w) });

describe("importCefr on the shipped sources", () => {
  let result: CefrImport;
  beforeAll(() => {
    result = importCefr(SHIPPED, SpellingVariety.fromPackages());
  }, 60_000);

  it("reproduces the committed catalogue byte for byte", () => {
    expect(formatCatalogue(result.entries) === read("data/catalogue/en.jsonl")).toBe(true);
  });

  it("reads every row of the list and adds the frequent spoken words it lacks, every level present", () => {
    expect(result.rows).toBe(9935);
    expect(result.cefrWords).toBe(8545);
    expect(result.cefrWords + result.estimatedWords).toBe(result.entries.length);
    expect(result.estimatedWords).toBe(16_955);
    expect(result.entries).toHaveLength(25_500);
    for (const level of LEVELS) expect(result.wordsByLevel[level]).toBeGreaterThan(0);
  });

  it("fills the catalogue up with SCOWL's common words, with estimated levels", () => {
    // After the CEFR words: the spoken list's words, then SCOWL's, which the spoken list does not have.
    expect(result.commonWords).toBe(4_447);
    const common = result.entries.slice(result.cefrWords + result.estimatedWords - result.commonWords);
    expect(result.estimatedWords - result.commonWords).toBe(12_508);
    expect(common.filter((e) => e.frequency !== 0 || e.levelSource !== "estimated")).toEqual([]);
    for (const word of ["integer", "typeface", "wearily", "nectarine", "osmosis"]) {
      expect(find(word), word).toMatchObject([{ levelSource: "estimated", frequency: 0 }]);
    }
    // Forms shared with another word or with a spoken name, and a form morphy did not take back.
    for (const word of ["datum", "indium", "rend", "wive", "kneeing"]) expect(find(word), word).toEqual([]);
  });

  it("gives every word an English meaning, and no meaning empty or padded", () => {
    expect(result.entries.filter((e) => e.meanings.en === undefined).map((e) => e.word)).toEqual([]);
    const meanings = result.entries.flatMap((e) => Object.values(e.meanings));
    expect(meanings.filter((m) => m !== m.trim() || m.endsWith(";") || m === "")).toEqual([]);
  });

  const find = (word: string) => result.entries.filter((e) => e.word === word);
  const meaning = (word: string) => find(word)[0]?.meanings.en ?? "";

  it("defines every CEFR word but those no source of ours has, which are listed", () => {
    expect(result.undefinedWords.length).toBeLessThanOrEqual(83);
    for (const word of ["according to", "because of", "each other", "no one", "upon", "onto", "have to"]) {
      expect(result.undefinedWords).not.toContain(word);
      expect(meaning(word)).not.toBe("");
    }
    for (const word of ["next to", "instead of", "theirs", "amongst", "whilst", "hairdryer", "showbiz"]) {
      expect(meaning(word)).not.toBe("");
    }
  });

  it("is the catalogue the learner's-sense judgement read: its after column is the meaning given", () => {
    const rows = read("data/sources/sense-judgement.tsv").trim().split("\n").slice(1);
    expect(rows).toHaveLength(200);
    for (const row of rows) {
      const [word = "", , , , after] = row.split("\t");
      expect(meaning(word), word).toBe(after);
    }
  });

  it("is the catalogue the added words' judgement read: each word with its level, parts of speech and meaning", () => {
    const rows = read("data/sources/added-words-judgement.tsv").trim().split("\n").slice(1);
    expect(rows).toHaveLength(100);
    for (const row of rows) {
      const [word = "", level, pos = "", en, ok] = row.split("\t");
      expect(find(word), word).toMatchObject([{ level, pos: pos.split(","), meanings: { en } }]);
      expect(["0", "1"]).toContain(ok);
    }
  });

  it("gives bank and runner the sense a learner means", () => {
    expect(meaning("bank")).toMatch(/^a financial institution/);
    expect(meaning("runner")).toBe("someone who travels on foot by running");
  });

  it("defines the function words WordNet lacks from Webster 1913", () => {
    expect(meaning("the")).toBe("A word placed before nouns to limit or individualize their meaning.");
    expect(meaning("because")).toBe("By or for the cause that; on this account that; for the reason that.");
    expect(meaning("although")).toMatch(/though/);
  });

  it("takes no Webster entry of another word spelled like a variant: am, the verb, is not a.m.", () => {
    expect(meaning("a.m.")).toBe("before noon");
    expect(find("a.m.")[0]?.meanings.ja).toBe("午前");
  });

  it("takes the sense of the row's part of speech, without a leading domain label", () => {
    expect(meaning("running")).toBe("the act of running; traveling on foot at a fast pace");
    expect(meaning("kind")).toMatch(/^a category of things/);
    expect(meanings().filter((m) => m.startsWith("("))).toEqual([]);
  });
  const meanings = () => result.entries.map((e) => e.meanings.en ?? "");

  it("takes translations from the sense it defines", () => {
    // kind: the category sense; its Chinese is 类 alone, not the reverse-dictionary 路 and 德.
    expect(find("kind")[0]?.meanings.zh).toBe("类");
  });

  it("adds frequent spoken words with estimated levels, and leaves out names and swearing", () => {
    for (const word of ["serendipity", "ubiquitous"]) {
      expect(find(word)).toMatchObject([{ levelSource: "estimated" }]);
    }
    for (const word of ["john", "michael", "fuck", "shit", "huh", "whoa"]) expect(find(word)).toEqual([]);
  });

  it("leaves out names the list counts as names, whatever rare sense WordNet gives their spelling", () => {
    // WordNet: Karen a Tibeto-Burman language, Ron a Chadic one, Jonathan an apple, harry "annoy continually".
    for (const word of ["Michael", "Karen", "Ron", "Jonathan", "York", "harry", "nick", "Yay"])
      expect(find(word), word).toEqual([]);
    for (const word of ["American", "Christmas", "Muslim", "CEO", "Scot", "emerald", "porridge"])
      expect(find(word), word).toMatchObject([{ levelSource: "estimated" }]);
  });

  it("leaves out the halves of negative contractions the list splits (don't, isn't, haven't)", () => {
    for (const word of ["don", "isn", "ISN", "ain", "didn", "Shan"]) expect(find(word), word).toEqual([]);
  });

  it("folds forms listed as headwords into their verb, and shows the common word in lower case", () => {
    for (const form of ["am", "are", "is", "been", "does", "did", "has", "had"])
      expect(find(form)).toEqual([]);
    expect(find("be")).toMatchObject([{ level: "A1" }]);
    expect(find("March")).toEqual([]);
    expect(find("march")).toMatchObject([{ level: "A1" }]);
    expect(meaning("march")).not.toMatch(/month/);
    expect(find("may")).toMatchObject([{ pos: ["modal auxiliary", "noun"] }]);
  });

  it("adds British spellings of words and of their forms", () => {
    expect(find("color")[0]?.variants).toContain("colour");
    expect(find("organize")[0]?.variants).toContain("organise");
    expect(find("learn")[0]?.forms).toContain("learnt");
    expect(find("burn")[0]?.forms).toContain("burnt");
    expect(find("dial")[0]?.forms).toEqual(expect.arrayContaining(["dialled", "dialling"]));
    expect(find("cancel")[0]?.forms).toEqual(expect.arrayContaining(["canceled", "canceling"]));
    expect(find("model")[0]?.forms).toContain("modelling");
  });

  it("reports the level rule's cross-validated accuracy", () => {
    const { accuracy, cuts } = result.levelRule;
    expect(cuts).toHaveLength(5);
    expect(accuracy.exact).toBeGreaterThan(1 / 6);
    expect(accuracy.withinOne).toBeGreaterThan(accuracy.exact);
  });

  it("keeps at most three translations per language", () => {
    const overlong = result.entries.filter((e) =>
      Object.entries(e.meanings).some(([gloss, m]) => gloss !== "en" && m.split("; ").length > 3),
    );
    expect(overlong).toEqual([]);
  });
});

describe("importCefr on small tables", () => {
  const wordlistHeader = "headword\tvariants\tpos\tcefr\tsource\tsource_line\tnotes";
  const glossHeader = `headword\tpos\tcefr\tcefr_source\tcefr_source_line\t${GLOSSES.join("\t")}`;
  const sensesHeader = "lemma\tpos\tsynset\trank\ttag_count\twritten\tusage\tdomain\tinstance\tgloss";
  const sources = (rows: string[], senses: string[], frequency: string): CatalogueSources => ({
    wordlist: [wordlistHeader, ...rows.map((r, i) => `${r}\tcefrj-1.5\t${i + 2}\t`)].join("\n"),
    glosses: [glossHeader, ...rows.map((_r, i) => `x\tx\tA1\tcefrj-1.5\t${i + 2}\t\t\t\t\t\t\t`)].join("\n"),
    senses: [sensesHeader, ...senses].join("\n"),
    webster: "word\tpos\tdefinition\tcurrent\n",
    translations: "synset\tlang\ttranslations\n00000001-n\tes\tperro\n",
    wiktionary: "word\tpos\tgloss\tdictionaries\tja\n",
    frequency,
  });
  const variety = new SpellingVariety(knows(["dog"]), knows(["dog"]));

  it("takes the best-scored sense and its translations", () => {
    const result = importCefr(
      sources(
        ["dog\tdog\tnoun\tA1"],
        [
          "dog\tn\t00000002-n\t2\t0\tdog\t\t0\t0\ta dull unattractive person",
          'dog\tn\t00000001-n\t1\t5\tdog\t\t0\t0\ta domestic animal; "the dog barked"',
        ],
        "dog 100\nwolf 10\n",
      ),
      variety,
    );
    expect(result.entries[0]).toMatchObject({
      word: "dog",
      meanings: { en: "a domestic animal", es: "perro" },
    });
  });

  it("names a missing column and rows that do not line up", () => {
    const good = sources(["dog\tdog\tnoun\tA1"], [], "dog 1\n");
    expect(() => importCefr({ ...good, wordlist: "headword\tpos\n" }, variety)).toThrow(
      "the word list lacks the column(s) variants, cefr, source, source_line",
    );
    expect(() => importCefr({ ...good, glosses: good.glosses.replace("\t2\t", "\t3\t") }, variety)).toThrow(
      "gloss table row 2 is for cefrj-1.5:3, expected cefrj-1.5:2",
    );
  });
});

describe("importCefr: meanings of words WordNet lacks", () => {
  const wordlistHeader = "headword\tvariants\tpos\tcefr\tsource\tsource_line\tnotes";
  const glossHeader = `headword\tpos\tcefr\tcefr_source\tcefr_source_line\t${GLOSSES.join("\t")}`;
  const sensesHeader = "lemma\tpos\tsynset\trank\ttag_count\twritten\tusage\tdomain\tinstance\tgloss";
  const variety = new SpellingVariety(knows([]), knows([]));
  /** One CEFR row (headword, pos), its gloss-table ja cell, and the dictionaries' tables. */
  const importOne = (
    row: [string, string],
    tables: {
      senses?: string[];
      webster?: string[];
      wiktionary?: string[];
      ja?: string;
      translations?: string[];
    },
  ) => {
    const [word, pos] = row;
    const cells = GLOSSES.map((g) => (g === "ja" ? (tables.ja ?? "") : ""));
    const result = importCefr(
      {
        wordlist: `${wordlistHeader}\n${word}\t${word}\t${pos}\tA1\tcefrj-1.5\t2\t`,
        glosses: `${glossHeader}\nx\tx\tA1\tcefrj-1.5\t2\t${cells.join("\t")}`,
        senses: [sensesHeader, ...(tables.senses ?? [])].join("\n"),
        webster: ["word\tpos\tdefinition\tcurrent", ...(tables.webster ?? [])].join("\n"),
        translations: ["synset\tlang\ttranslations", ...(tables.translations ?? [])].join("\n"),
        wiktionary: ["word\tpos\tgloss\tdictionaries\tja", ...(tables.wiktionary ?? [])].join("\n"),
        frequency: "the 100\n",
      },
      variety,
    );
    return { meanings: result.entries[0]?.meanings, undefinedWords: result.undefinedWords };
  };

  it("takes a phrase Webster defines inside an entry", () => {
    const { meanings } = importOne(["because of", "preposition"], {
      webster: ["because of\tphrase\tby reason of, on account of.\t1"],
    });
    expect(meanings).toEqual({ en: "by reason of, on account of." });
  });

  it("takes the gloss Wiktionary's translation tables give, with its Japanese", () => {
    const { meanings } = importOne(["no one", "pronoun"], {
      wiktionary: ["no one\tpronoun\tnot even a single person\tjpn,fin,bul\t誰も...ない"],
    });
    expect(meanings).toEqual({ en: "not even a single person", ja: "誰も...ない" });
  });

  it("takes the Wiktionary sense most dictionaries list, of the row's part of speech", () => {
    const { meanings } = importOne(["antivirus", "noun"], {
      wiktionary: [
        "antivirus\tadj\tfighting viruses\tjpn,fin,bul\t",
        "antivirus\tn\tcomputing: software\tfin\t",
        "antivirus\tn\tsoftware that finds and removes viruses\tjpn,fin\t",
      ],
    });
    expect(meanings).toEqual({ en: "software that finds and removes viruses" });
  });

  it("falls back to a sense Webster marks archaic when no source has another", () => {
    const { meanings } = importOne(["whilst", "conjunction"], { webster: ["whilst\tadv.\tWhile.\t0"] });
    expect(meanings).toEqual({ en: "While." });
  });

  it("drops a reverse-dictionary translation that belongs to another sense of the spelling", () => {
    const { meanings } = importOne(["may", "modal auxiliary"], {
      senses: ["may\tn\t15211484-n\t1\t29\tMay\t\t0\t0\tthe month following April and preceding June"],
      translations: ["15211484-n\tja\t五月"],
      webster: ["may\tv.\tAn auxiliary verb qualifying the meaning of another verb.\t1"],
      ja: "五月; かも; かもしれない",
    });
    expect(meanings).toEqual({
      en: "An auxiliary verb qualifying the meaning of another verb.",
      ja: "かも; かもしれない",
    });
  });

  it("gives a word-and-particle phrase the sense whose gloss shows the particle", () => {
    const { meanings } = importOne(["pertain to", "verb"], {
      senses: [
        "pertain\tv\t00000001-v\t1\t5\tpertain\t\t0\t0\tbe suitable",
        'pertain\tv\t00000002-v\t2\t1\tpertain\t\t0\t0\tbe relevant to; "questions pertaining to her talk"',
      ],
    });
    expect(meanings).toEqual({ en: "be relevant to" });
  });

  it("leaves out, and lists, a word no source defines", () => {
    const { meanings, undefinedWords } = importOne(["glocal", "adjective"], {});
    expect(meanings).toBeUndefined();
    expect(undefinedWords).toEqual(["glocal"]);
  });
});
