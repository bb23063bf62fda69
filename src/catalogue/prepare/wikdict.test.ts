import { describe, expect, it } from "vitest";
import { parseEntry } from "./wikdict.js";

describe("parseEntry", () => {
  it("reads a single sense: translations, then the English gloss", () => {
    expect(parseEntry("no one //ˈnoʊ ˌwʌn// <pronoun>\n誰も...ない\nnot even a single person\n")).toEqual([
      { headword: "no one", pos: "pronoun", gloss: "not even a single person", translations: "誰も...ない" },
    ]);
  });

  it("reads numbered senses, and glosses that share one line of translations", () => {
    const entry = [
      "bank //bæŋk// /[beɪŋk]/ <n>",
      "1. 貯金箱",
      "device used to store coins or currency",
      "2. 銀行, バンク 2.",
      "institution",
      " 3.",
      "branch office",
      "3. 岸, バンク",
      "edge of river or lake",
    ].join("\n");
    expect(parseEntry(entry).map((s) => [s.gloss, s.translations])).toEqual([
      ["device used to store coins or currency", "貯金箱"],
      ["institution", "銀行, バンク"],
      ["branch office", "銀行, バンク"],
      ["edge of river or lake", "岸, バンク"],
    ]);
    expect(parseEntry(entry)[0]).toMatchObject({ headword: "bank", pos: "n" });
  });

  it("gives nothing for a text that is not an entry", () => {
    expect(parseEntry("00-database-url\nhttp://www.wikdict.com/\n")).toEqual([]);
  });
});
