import { describe, expect, it } from "vitest";
import type { Topic } from "../../domain.js";
import { tokenise } from "../../text/tokenise.js";
import { MIN_TOPIC_SCORE, screenTopic, topicScores } from "./topic.js";
import { keywordForms, TOPIC_KEYWORDS } from "./topic-keywords.js";

interface ClipText {
  categories: string[];
  title: string;
  tags: string[];
  transcript: string;
}

function screen(example: ClipText): Topic {
  const { transcript, ...rest } = example;
  return screenTopic({ ...rest, transcriptTokens: tokenise(transcript, "en") });
}

describe("screenTopic category mapping", () => {
  const bare = { title: "Untitled", tags: [] as string[], transcript: "" };
  const direct: [string, Topic][] = [
    ["Sports", "sport"],
    ["Travel & Events", "travel"],
    ["Education", "learning"],
    ["Entertainment", "entertainment"],
    ["Comedy", "entertainment"],
    ["Music", "entertainment"],
    ["Film & Animation", "entertainment"],
    ["Gaming", "entertainment"],
    ["Pets & Animals", "everyday"],
    ["Nonprofits & Activism", "other"],
  ];

  for (const [category, topic] of direct) {
    it(`maps ${category} to ${topic} whatever the words say`, () => {
      expect(screen({ ...bare, categories: [category] })).toBe(topic);
      const foodWords = {
        title: "Garlic pasta recipe",
        tags: ["cooking", "dinner"],
        transcript: "cook the rice",
      };
      expect(screen({ ...foodWords, categories: [category] })).toBe(topic);
    });
  }

  it("falls back for refined categories when no keyword topic reaches the minimum", () => {
    expect(screen({ ...bare, categories: ["Howto & Style"] })).toBe("everyday");
    expect(screen({ ...bare, categories: ["People & Blogs"] })).toBe("everyday");
    expect(screen({ ...bare, categories: ["News & Politics"] })).toBe("other");
    expect(screen({ ...bare, categories: ["Science & Technology"] })).toBe("technology");
    expect(screen({ ...bare, categories: ["Autos & Vehicles"] })).toBe("technology");
    expect(screen({ ...bare, categories: [] })).toBe("other");
  });

  it("refines Howto & Style and People & Blogs only among food, health, business and everyday", () => {
    const tennis = {
      title: "Tennis serve",
      tags: ["tennis", "coach"],
      transcript: "the ball and the racket",
    };
    expect(screen({ ...tennis, categories: ["Howto & Style"] })).toBe("everyday");
    expect(screen({ ...tennis, categories: [] })).toBe("sport");
  });

  it("splits Science & Technology by keywords, ties going to technology", () => {
    const tie = { title: "Experiment with a laptop", tags: [], transcript: "" };
    expect(screen({ ...tie, categories: ["Science & Technology"] })).toBe("technology");
    const science = { title: "Experiment with a laptop", tags: ["physics"], transcript: "" };
    expect(screen({ ...science, categories: ["Science & Technology"] })).toBe("science");
  });

  it("reads News & Politics as business only with business keywords", () => {
    const markets = { title: "Markets fall", tags: ["economy"], transcript: "" };
    expect(screen({ ...markets, categories: ["News & Politics"] })).toBe("business");
  });

  it("matches category names whatever their case and spacing", () => {
    expect(screen({ ...bare, categories: [" sports "] })).toBe("sport");
    expect(screen({ ...bare, categories: ["TRAVEL & EVENTS"] })).toBe("travel");
  });

  it("uses the first category that maps and skips unknown ones", () => {
    expect(screen({ ...bare, categories: ["Shorts", "Sports", "Music"] })).toBe("sport");
  });
});

describe("screenTopic keyword scoring", () => {
  it("lets no single stray word decide, even spoken many times", () => {
    const coffee = Array.from({ length: 12 }, () => "coffee").join(" ");
    expect(screen({ categories: [], title: "Some thoughts on the week", tags: [], transcript: coffee })).toBe(
      "other",
    );
  });

  it("decides from MIN_TOPIC_SCORE: a title keyword and one spoken keyword are enough", () => {
    expect(MIN_TOPIC_SCORE).toBe(4);
    expect(screen({ categories: [], title: "Coffee", tags: [], transcript: "" })).toBe("other");
    expect(screen({ categories: [], title: "Coffee", tags: [], transcript: "we ate cake" })).toBe("food");
  });

  it("weighs title and tags above the transcript", () => {
    const input = {
      title: "My first marathon",
      tags: ["race day"],
      transcriptTokens: tokenise("the hotel was near the airport", "en"),
    };
    const scores = topicScores(input);
    expect(scores.get("sport")).toEqual({ total: 5, declared: 5 });
    expect(scores.get("travel")).toEqual({ total: 2, declared: 0 });
    expect(screenTopic({ categories: [], ...input })).toBe("sport");
  });

  it("counts plurals of listed words", () => {
    expect(topicScores({ title: "Three recipes", tags: [], transcriptTokens: ["batteries"] })).toEqual(
      new Map([
        ["food", { total: 3, declared: 3 }],
        ["technology", { total: 1, declared: 0 }],
      ]),
    );
  });

  it("breaks a tie in total score by the uploader's own words", () => {
    // travel: title 3 + spoken 1 = 4, all but 1 declared; food: 4 spoken, none declared.
    const input = {
      categories: [],
      title: "Hotel",
      tags: [],
      transcriptTokens: tokenise("airport bread cheese soup rice", "en"),
    };
    expect(screenTopic(input)).toBe("travel");
  });
});

describe("topic keyword table", () => {
  const all = Object.entries(TOPIC_KEYWORDS).flatMap(([topic, words]) =>
    words.map((word) => ({ topic, word })),
  );

  it("lists only normalised single tokens, as the shared tokeniser gives them", () => {
    for (const { word } of all) expect(tokenise(word, "en"), word).toEqual([word]);
  });

  it("lists a few dozen words per topic", () => {
    for (const [topic, words] of Object.entries(TOPIC_KEYWORDS)) {
      expect(words.length, topic).toBeGreaterThanOrEqual(36);
    }
  });

  it("never lists a spelling under two topics", () => {
    const owner = new Map<string, string>();
    for (const { topic, word } of all) {
      for (const form of keywordForms(word)) {
        const seen = owner.get(form);
        expect(seen === undefined || seen === topic, `${form} in ${seen} and ${topic}`).toBe(true);
        owner.set(form, topic);
      }
    }
  });

  it("forms regular plurals", () => {
    expect(keywordForms("recipe")).toEqual(["recipe", "recipes"]);
    expect(keywordForms("lunch")).toEqual(["lunch", "lunches"]);
    expect(keywordForms("battery")).toEqual(["battery", "batteries"]);
    expect(keywordForms("day")).toEqual(["day", "days"]);
  });
});
