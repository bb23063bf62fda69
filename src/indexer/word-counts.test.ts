import { describe, expect, it } from "vitest";
import { WordCounts } from "./word-counts.js";

describe("WordCounts", () => {
  it("counts clips per word by level, and by level and pace for the words that have a pace", () => {
    const counts = new WordCounts();
    counts.add(5000, 2, 1);
    counts.add(7, 0, -1);
    counts.add(7, 0, 2);
    counts.add(5000, 2, 1);
    counts.add(3, 5, 0);
    expect([...counts.byLevel(5000)]).toEqual([0, 0, 2, 0, 0, 0]);
    expect([...counts.byLevel(7)]).toEqual([2, 0, 0, 0, 0, 0]);
    expect([...counts.byLevel(8)]).toEqual([0, 0, 0, 0, 0, 0]);
    expect([...counts.byLevel(1_000_000)]).toEqual([0, 0, 0, 0, 0, 0]);
    const paced = [...counts.byPace()].map(([wordId, c]) => [wordId, [...c]]);
    const pace = (level: number, p: number, n: number): number[] =>
      Array.from({ length: 18 }, (_, i) => (i === level * 3 + p ? n : 0));
    // In the order each word got its first pace count.
    expect(paced).toEqual([
      [5000, pace(2, 1, 2)],
      [7, pace(0, 2, 1)],
      [3, pace(5, 0, 1)],
    ]);
  });
});
