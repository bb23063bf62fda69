import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tokenise } from "../text/tokenise.js";
import { projectDataDir } from "./project-data.js";
import { asSentenceWords, examplesOf, loadSentencePool } from "./sentences.js";
import { loadVocabulary, lookUp } from "./vocabulary.js";

const dataDir = projectDataDir();
const vocabulary = loadVocabulary(dataDir);
const pool = loadSentencePool(dataDir, vocabulary);

describe("examplesOf", () => {
  it("takes the quoted usage examples of a definition cell", () => {
    const cell = 'give up with the intent of never claiming again; "Abandon your life to God"; "We gave up"';
    expect(examplesOf(cell)).toEqual(["Abandon your life to God", "We gave up"]);
    expect(examplesOf("a definition without examples")).toEqual([]);
  });
});

describe("asSentenceWords", () => {
  it("capitalises the first letter and ends with a full stop, keeping every word", () => {
    expect(asSentenceWords("we abandoned the old car in the empty parking lot", true)).toEqual(
      "We abandoned the old car in the empty parking lot.".split(" "),
    );
    expect(asSentenceWords("Did you hear the news?", false)).toEqual(["Did", "you", "hear", "the", "news?"]);
  });

  it("keeps a verb sense's example, which uses the verb, but drops a noun phrase", () => {
    expect(asSentenceWords("endorse a new project today", true)).toBeDefined();
    expect(asSentenceWords("an abundant supply of water", false)).toBeUndefined();
    expect(asSentenceWords("the thumb is absent today", false)).toBeDefined();
    expect(asSentenceWords("she looked around her", false)).toBeDefined();
  });

  it("drops fragments, markup and unsuitable subjects", () => {
    expect(asSentenceWords("he left", true)).toBeUndefined();
    expect(asSentenceWords("he ate (and drank) a lot", true)).toBeUndefined();
    expect(asSentenceWords("we are all...in close sympathy", true)).toBeUndefined();
    expect(asSentenceWords("the soldiers killed the prisoners", true)).toBeUndefined();
    expect(asSentenceWords("he was a heavy drinker and a drunk", false)).toBeUndefined();
  });
});

describe("loadSentencePool", () => {
  it("keeps thousands of sentences, each once", () => {
    expect(pool.sentences.length).toBeGreaterThan(7000);
    const texts = pool.sentences.map((s) => s.words.join(" ").toLowerCase());
    expect(new Set(texts).size).toBe(texts.length);
  });

  it("never invents a sentence: each is a WordNet example up to capitalisation and the final stop", () => {
    const file = path.join(dataDir, "sources", "glosses-omw-wordnet", "cefr_wn30_definitions.tsv");
    const examples = new Set(
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line) => examplesOf(line))
        .map((e) => e.toLowerCase()),
    );
    for (const sentence of pool.sentences) {
      const text = sentence.words.join(" ").toLowerCase();
      const asWritten = [text, text.slice(0, -1)];
      expect(
        asWritten.some((t) => examples.has(t)),
        text,
      ).toBe(true);
    }
  });

  it("rates each sentence at the highest listed level among its words", () => {
    for (const sentence of pool.sentences.slice(0, 500)) {
      const levels = tokenise(sentence.words.join(" "), "en").map((t) => lookUp(vocabulary, t)?.level ?? 0);
      expect(sentence.level).toBe(Math.max(0, ...levels));
    }
  });

  it("files sentences by level and by topic", () => {
    const byLevel = pool.byLevel.flat();
    expect(byLevel).toHaveLength(pool.sentences.length);
    for (const [level, list] of pool.byLevel.entries()) {
      for (const s of list) expect(s.level).toBe(level);
    }
    for (const topic of ["food", "travel", "sport", "science", "technology", "health"] as const) {
      const list = pool.byTopic.get(topic)?.flat() ?? [];
      expect(list.length, topic).toBeGreaterThan(50);
      for (const s of list) expect(s.topics).toContain(topic);
    }
  });
});
