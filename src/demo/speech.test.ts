import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Random } from "./random.js";
import {
  breakLines,
  type DemoWord,
  MAX_LINE_CHARS,
  MAX_LINE_SPAN_MS,
  timeSentence,
  WORD_GRID_MS,
} from "./speech.js";

const PACE = { msPerWord: 400 };

describe("timeSentence", () => {
  it("starts at the given time and keeps every word in order", () => {
    const spoken = timeSentence(["We", "tested", "it."], 240, PACE, new Random("t"));
    expect(spoken.words.map((w) => w.text)).toEqual(["We", "tested", "it."]);
    expect([240, 239]).toContain(spoken.words[0]?.tStartMs);
  });

  it("puts every word on the 40 ms grid or 1 ms before it, strictly later than the one before", () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[A-Za-z]{1,15}[.,?]?$/), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 150, max: 600 }),
        fc.string(),
        (words, startMs, msPerWord, seed) => {
          const spoken = timeSentence(words, startMs, { msPerWord }, new Random(seed));
          let previous = -1;
          for (const word of spoken.words) {
            expect([0, WORD_GRID_MS - 1]).toContain(word.tStartMs % WORD_GRID_MS);
            expect(word.tStartMs).toBeGreaterThan(previous);
            previous = word.tStartMs;
          }
          expect(spoken.endMs).toBeGreaterThan(previous);
          expect(Number.isInteger(spoken.endMs)).toBe(true);
        },
      ),
    );
  });

  it("speaks longer words for longer", () => {
    const random = new Random("length");
    let short = 0;
    let long = 0;
    for (let i = 0; i < 200; i++) {
      const a = timeSentence(["a", "a"], 0, PACE, random);
      const b = timeSentence(["extraordinarily", "a"], 0, PACE, random);
      short += (a.words[1] as DemoWord).tStartMs;
      long += (b.words[1] as DemoWord).tStartMs;
    }
    expect(long).toBeGreaterThan(short * 1.8);
  });
});

describe("breakLines", () => {
  const word = (text: string, tStartMs: number): DemoWord => ({ text, tStartMs });

  it("keeps a line to 42 characters", () => {
    const words = "phones and split them into fast charge and slow charge groups.".split(" ");
    const lines = breakLines(words.map((w, i) => word(w, i * 300)));
    expect(lines.map((l) => l.words.map((w) => w.text).join(" "))).toEqual([
      "phones and split them into fast charge and",
      "slow charge groups.",
    ]);
  });

  it("starts a new line when a word comes more than 4.4 s after the line's first", () => {
    const lines = breakLines([word("one", 0), word("two", 4_400), word("three", 4_401)]);
    expect(lines.map((l) => l.words.length)).toEqual([2, 1]);
  });

  it("keeps every word once, in order, within the limits (a word longer than a line stands alone)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.stringMatching(/^[a-z]{1,50}$/), fc.integer({ min: 1, max: 3_000 }))),
        (input) => {
          let t = 0;
          const words = input.map(([text, gap]) => {
            t += gap;
            return word(text, t);
          });
          const lines = breakLines(words);
          expect(lines.flatMap((l) => l.words)).toEqual(words);
          for (const line of lines) {
            expect(line.words.length).toBeGreaterThan(0);
            const text = line.words.map((w) => w.text).join(" ");
            if (line.words.length > 1) expect(text.length).toBeLessThanOrEqual(MAX_LINE_CHARS);
            const first = line.words[0] as DemoWord;
            const last = line.words[line.words.length - 1] as DemoWord;
            expect(last.tStartMs - first.tStartMs).toBeLessThanOrEqual(MAX_LINE_SPAN_MS);
          }
        },
      ),
    );
  });
});
