import { describe, expect, it } from "vitest";
import { TOPICS } from "../domain.js";
import { categoryRule } from "../indexer/screening/topic.js";
import { Random } from "./random.js";
import type { Sentence } from "./sentences.js";
import { categoryOf, tagsOf, targetLevelOf, titleOf, uploadDateOf } from "./uploader.js";

function sentence(text: string, keywords: string[]): Sentence {
  return { words: text.split(" "), level: 0, topics: [], keywords };
}

describe("titleOf", () => {
  it("uses the first sentence without its full stop", () => {
    expect(titleOf("The film was fantastic!".split(" "))).toBe("The film was fantastic");
    expect(titleOf("Did you hear the news?".split(" "))).toBe("Did you hear the news?");
  });

  it("cuts a long sentence at a word, under 70 characters, with an ellipsis", () => {
    const long =
      "She gave up her children to her ex-husband when she moved to Tahiti with all of her belongings.";
    const title = titleOf(long.split(" "));
    expect(title).toBe("She gave up her children to her ex-husband when she moved to Tahiti…");
    expect(title.length).toBeLessThanOrEqual(70);
  });
});

describe("categoryOf", () => {
  it("picks only categories the topic screening can map back to the topic", () => {
    const random = new Random("categories");
    for (const topic of TOPICS) {
      for (let i = 0; i < 40; i++) {
        const category = categoryOf(topic, random);
        const rule = categoryRule([category]);
        if (rule === undefined) throw new Error(`${category} maps to no topic`);
        // A category that names a topic must name this one; one refined by keywords must allow it.
        const reachable = "topic" in rule ? [rule.topic] : [...rule.among, rule.otherwise];
        expect(reachable, `${topic} via ${category}`).toContain(topic);
      }
    }
  });
});

describe("tagsOf", () => {
  it("starts with a demo tag and adds the topic's keywords once each, in spoken order", () => {
    const sentences = [
      sentence("We ate bread and cheese.", ["ate", "bread", "cheese"]),
      sentence("The hotel served bread.", ["hotel", "bread"]),
    ];
    expect(tagsOf(sentences, "food")).toEqual(["wordclip demo", "ate", "bread", "cheese"]);
    expect(tagsOf(sentences, "travel")).toEqual(["wordclip demo", "hotel"]);
    expect(tagsOf(sentences, "other")).toEqual(["wordclip demo"]);
  });

  it("keeps at most five topic tags", () => {
    const many = sentence("x", ["bread", "cheese", "soup", "rice", "pasta", "pizza", "cake"]);
    expect(tagsOf([many], "food")).toHaveLength(6);
  });
});

describe("targetLevelOf", () => {
  it("pitches food easier than science", () => {
    const random = new Random("levels");
    const mean = (topic: "food" | "science"): number => {
      let sum = 0;
      for (let i = 0; i < 2000; i++) sum += targetLevelOf(topic, random);
      return sum / 2000;
    };
    expect(mean("science") - mean("food")).toBeGreaterThan(1);
  });
});

describe("uploadDateOf", () => {
  it("gives a YYYYMMDD date in the two years before 2026-10-01", () => {
    const random = new Random("dates");
    for (let i = 0; i < 500; i++) {
      const date = uploadDateOf(random);
      expect(date).toMatch(/^20(24|25|26)\d{4}$/);
      expect(date >= "20241001" && date <= "20260930").toBe(true);
    }
  });
});
