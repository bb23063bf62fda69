import { describe, expect, it } from "vitest";
import type { Cue, TimedWord } from "../types.js";
import { clock, cueIndexAt, foldWord, spokenTokenAt, timeTokens, tokenize } from "./timeline.js";

const cues: Cue[] = [
  { idx: 0, t0: 0.5, t1: 3, text: "We run every morning." },
  { idx: 1, t0: 3, t1: 6, text: "Paris, I ran there!" },
  { idx: 2, t0: 6, t1: 9, text: "Ice cream is better." },
];

function word(wordId: number, text: string, tStart: number, form?: string): TimedWord {
  return { wordId, word: text, level: "A1", tStart, ...(form === undefined ? {} : { form }) };
}

describe("cueIndexAt", () => {
  it("finds the last cue started by the time, and -1 before the first", () => {
    expect(cueIndexAt(cues, 0)).toBe(-1);
    expect(cueIndexAt(cues, 0.5)).toBe(0);
    expect(cueIndexAt(cues, 2.99)).toBe(0);
    expect(cueIndexAt(cues, 3)).toBe(1);
    expect(cueIndexAt(cues, 100)).toBe(2);
    expect(cueIndexAt([], 1)).toBe(-1);
  });
});

describe("tokenize", () => {
  it("keeps every character, words apart from the spaces and marks between them", () => {
    const tokens = tokenize("Paris, I ran there!");
    expect(tokens.map((t) => t.text).join("")).toBe("Paris, I ran there!");
    expect(tokens.filter((t) => t.isWord).map((t) => t.text)).toEqual(["Paris", "I", "ran", "there"]);
  });

  it("keeps contractions and hyphenated words whole", () => {
    expect(
      tokenize("don't self-made")
        .filter((t) => t.isWord)
        .map((t) => t.text),
    ).toEqual(["don't", "self-made"]);
  });
});

describe("foldWord", () => {
  it("folds case and accents and drops outer punctuation", () => {
    expect(foldWord("Café!")).toBe("cafe");
    expect(foldWord("“Run”")).toBe("run");
  });
});

describe("timeTokens", () => {
  it("gives indexed words their times, by the spoken form when it differs", () => {
    const words = [word(1, "we", 0.5), word(2, "run", 1.2), word(3, "run", 4.1, "ran")];
    const first = timeTokens(cues[0] as Cue, words).filter((t) => t.isWord);
    expect(first[0]).toMatchObject({ text: "We", tStartS: 0.5, wordId: 1 });
    expect(first[1]).toMatchObject({ text: "run", tStartS: 1.2, wordId: 2 });
    const second = timeTokens(cues[1] as Cue, words).filter((t) => t.isWord);
    expect(second[2]).toMatchObject({ text: "ran", tStartS: 4.1, wordId: 3 });
  });

  it("spreads the words between timed ones evenly, in order, inside the cue", () => {
    const words = [word(3, "run", 4.1, "ran")];
    const times = timeTokens(cues[1] as Cue, words)
      .filter((t) => t.isWord)
      .map((t) => t.tStartS as number);
    expect(times[0]).toBe(3);
    expect(times[2]).toBe(4.1);
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1] as number);
    expect(times[3]).toBeLessThan(6);
  });

  it("times a cue without indexed words across the cue", () => {
    const times = timeTokens(cues[2] as Cue, [])
      .filter((t) => t.isWord)
      .map((t) => t.tStartS);
    expect(times).toEqual([6, 6.75, 7.5, 8.25]);
  });

  it("matches a multi-word entry at its first word", () => {
    const tokens = timeTokens(cues[2] as Cue, [word(9, "ice cream", 6.2)]).filter((t) => t.isWord);
    expect(tokens[0]).toMatchObject({ text: "Ice", wordId: 9, tStartS: 6.2 });
  });
});

describe("spokenTokenAt", () => {
  it("is the last word started by the time", () => {
    const tokens = timeTokens(cues[0] as Cue, [word(1, "we", 0.5), word(2, "run", 1.2)]);
    expect(spokenTokenAt(tokens, 0.4)).toBe(-1);
    expect(tokens[spokenTokenAt(tokens, 0.5)]?.text).toBe("We");
    expect(tokens[spokenTokenAt(tokens, 1.3)]?.text).toBe("run");
  });
});

describe("clock", () => {
  it("writes minutes and seconds", () => {
    expect(clock(0)).toBe("0:00");
    expect(clock(65.7)).toBe("1:05");
  });
});
