import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  coverageLevel,
  FAST_SPEECH_WORDS_PER_S,
  isFastSpeech,
  MIN_CATALOGUE_TOKENS,
  MIN_WORDS_FOR_SPEECH_RATE,
  screenLevel,
  UNJUDGED_LEVEL_IDX,
} from "./level.js";

/** `count` tokens at `level`. */
function tokens(level: number, count: number): number[] {
  return new Array<number>(count).fill(level);
}

/** A slow clip: 40 words over 60 s, well under the fast-speech rate. */
const SLOW = { durationS: 60, spokenWordCount: 40 };

/** The rule written the slow way: try each level from A1 and count. */
function naiveCoverageLevel(levels: readonly number[]): number | undefined {
  if (levels.length < MIN_CATALOGUE_TOKENS) return undefined;
  for (let level = 0; level <= 5; level++) {
    const covered = levels.filter((l) => l <= level).length;
    if (covered / levels.length >= 0.95 - 1e-12) return level;
  }
  return 5;
}

describe("screenLevel by lexical coverage", () => {
  it("gives A1 when every catalogue token is A1", () => {
    expect(screenLevel({ tokenLevels: tokens(0, 40), ...SLOW })).toBe(0);
  });

  it("keeps the lower level when exactly 95% of tokens are at or below it", () => {
    // 19 of 20 tokens at A2, one at C2: exactly 95% covered by A2.
    expect(screenLevel({ tokenLevels: [...tokens(1, 19), 5], ...SLOW })).toBe(1);
    // 57 of 60 at B1, 3 at C1: exactly 95% again, where 0.95 * 60 is not exact in binary.
    expect(screenLevel({ tokenLevels: [...tokens(2, 57), ...tokens(4, 3)], ...SLOW })).toBe(2);
  });

  it("moves to the next level when just under 95% are covered", () => {
    // 18 of 20 at A2 (90%): A2 does not cover; the two B2 tokens make it B2.
    expect(screenLevel({ tokenLevels: [...tokens(1, 18), 3, 3], ...SLOW })).toBe(3);
    // 94 of 100 at A1 and 6 at B1: 94% < 95%, so B1 (no token at A2 helps).
    expect(screenLevel({ tokenLevels: [...tokens(0, 94), ...tokens(2, 6)], ...SLOW })).toBe(2);
  });

  it("ignores the order in which tokens are spoken", () => {
    const levels = [...tokens(1, 19), 5];
    expect(screenLevel({ tokenLevels: levels.reverse(), ...SLOW })).toBe(1);
  });

  it("counts repeats: one hard word said often pulls the level up", () => {
    expect(screenLevel({ tokenLevels: [...tokens(0, 30), ...tokens(4, 10)], ...SLOW })).toBe(4);
  });

  it("rejects a token level outside 0..5 with the value", () => {
    expect(() => screenLevel({ tokenLevels: [...tokens(0, 20), 6], ...SLOW })).toThrow(
      "token level must be an integer from 0 to 5, got 6",
    );
    expect(() => screenLevel({ tokenLevels: [1.5], ...SLOW })).toThrow("got 1.5");
  });

  it("rejects a negative duration and a fractional word count", () => {
    expect(() => screenLevel({ tokenLevels: [], durationS: -1, spokenWordCount: 0 })).toThrow(
      "durationS must be a number of seconds from 0, got -1",
    );
    expect(() => screenLevel({ tokenLevels: [], durationS: 10, spokenWordCount: 2.5 })).toThrow(
      "spokenWordCount must be a whole number from 0, got 2.5",
    );
  });
});

describe("screenLevel with too few catalogue tokens", () => {
  it("gives the unjudged default (B1) below the minimum, whatever the tokens", () => {
    expect(UNJUDGED_LEVEL_IDX).toBe(2);
    expect(screenLevel({ tokenLevels: tokens(0, MIN_CATALOGUE_TOKENS - 1), ...SLOW })).toBe(2);
    expect(screenLevel({ tokenLevels: tokens(5, MIN_CATALOGUE_TOKENS - 1), ...SLOW })).toBe(2);
    expect(screenLevel({ tokenLevels: [], durationS: 0, spokenWordCount: 0 })).toBe(2);
  });

  it("does not raise the default for fast speech", () => {
    expect(screenLevel({ tokenLevels: tokens(0, 5), durationS: 10, spokenWordCount: 60 })).toBe(2);
  });

  it("judges from the minimum on", () => {
    expect(screenLevel({ tokenLevels: tokens(0, MIN_CATALOGUE_TOKENS), ...SLOW })).toBe(0);
  });
});

describe("screenLevel speech-rate adjustment", () => {
  it("raises the level by one when speech is faster than 3.3 words per second", () => {
    // 100 words in 30 s = 3.33 words per second.
    expect(screenLevel({ tokenLevels: tokens(1, 40), durationS: 30, spokenWordCount: 100 })).toBe(2);
  });

  it("does not raise it at exactly 3.3 words per second or below", () => {
    expect(screenLevel({ tokenLevels: tokens(1, 40), durationS: 30, spokenWordCount: 99 })).toBe(1);
    expect(screenLevel({ tokenLevels: tokens(1, 40), durationS: 60, spokenWordCount: 150 })).toBe(1);
  });

  it("does not judge the pace of a clip with too few words", () => {
    const words = MIN_WORDS_FOR_SPEECH_RATE - 1;
    expect(isFastSpeech(words, 1)).toBe(false);
    expect(isFastSpeech(MIN_WORDS_FOR_SPEECH_RATE, 1)).toBe(true);
  });

  it("caps the raised level at C2", () => {
    expect(screenLevel({ tokenLevels: tokens(5, 40), durationS: 20, spokenWordCount: 90 })).toBe(5);
    expect(screenLevel({ tokenLevels: tokens(4, 40), durationS: 20, spokenWordCount: 90 })).toBe(5);
  });

  it("states the threshold it uses", () => {
    expect(FAST_SPEECH_WORDS_PER_S).toBe(3.3);
    expect(isFastSpeech(34, 10)).toBe(true);
    expect(isFastSpeech(33, 10)).toBe(false);
  });
});

const levelsArb = fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 0, maxLength: 120 });
const paceArb = fc.record({
  durationS: fc.integer({ min: 1, max: 180 }),
  spokenWordCount: fc.integer({ min: 0, max: 700 }),
});

describe("screenLevel properties", () => {
  it("agrees with the naive coverage count", () => {
    fc.assert(
      fc.property(levelsArb, (levels) => {
        expect(coverageLevel(levels)).toBe(naiveCoverageLevel(levels));
      }),
    );
  });

  it("is monotone: raising any token's level never lowers the clip's level", () => {
    fc.assert(
      fc.property(levelsArb, paceArb, fc.nat(), fc.integer({ min: 1, max: 5 }), (levels, pace, at, by) => {
        fc.pre(levels.length > 0);
        const i = at % levels.length;
        const raised = [...levels];
        raised[i] = Math.min(5, (raised[i] as number) + by);
        const before = screenLevel({ tokenLevels: levels, ...pace });
        const after = screenLevel({ tokenLevels: raised, ...pace });
        expect(after).toBeGreaterThanOrEqual(before);
      }),
    );
  });

  it("never lowers the level when speech gets faster", () => {
    fc.assert(
      fc.property(levelsArb, paceArb, fc.integer({ min: 1, max: 300 }), (levels, pace, more) => {
        const before = screenLevel({ tokenLevels: levels, ...pace });
        const after = screenLevel({
          tokenLevels: levels,
          ...pace,
          spokenWordCount: pace.spokenWordCount + more,
        });
        expect(after).toBeGreaterThanOrEqual(before);
      }),
    );
  });
});
