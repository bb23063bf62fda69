import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTranscriptPlayer } from "./transcript-player.js";

describe("the transcript player", () => {
  let nowMs = 0;
  const clock = () => nowMs;

  beforeEach(() => {
    nowMs = 0;
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("starts at the start time and runs with the clock while playing", () => {
    const player = createTranscriptPlayer({ startS: 4, durationS: 30 }, clock);
    expect(player.currentTime()).toBe(4);
    player.play();
    nowMs = 2_500;
    expect(player.currentTime()).toBe(6.5);
    player.pause();
    nowMs = 10_000;
    expect(player.currentTime()).toBe(6.5);
  });

  it("runs at 0.75 speed from the moment the rate changes", () => {
    const player = createTranscriptPlayer({ startS: 0, durationS: 30 }, clock);
    player.play();
    nowMs = 2_000;
    player.setRate(0.75);
    nowMs = 6_000;
    expect(player.currentTime()).toBe(5);
  });

  it("seeks while playing and while paused", () => {
    const player = createTranscriptPlayer({ startS: 0, durationS: 30 }, clock);
    player.seek(12);
    expect(player.currentTime()).toBe(12);
    player.play();
    nowMs = 1_000;
    player.seek(3);
    nowMs = 2_000;
    expect(player.currentTime()).toBe(4);
    player.seek(99);
    expect(player.currentTime()).toBe(30);
  });

  it("reports the time to listeners as it moves, and stops at the end of the clip", () => {
    const player = createTranscriptPlayer({ startS: 9, durationS: 10 }, clock);
    const heard: Array<[number, boolean]> = [];
    player.onTime((t, playing) => heard.push([t, playing]));
    player.play();
    nowMs = 400;
    vi.advanceTimersByTime(200);
    nowMs = 1_500;
    vi.advanceTimersByTime(200);
    expect(heard).toEqual([
      [9, true],
      [9.4, true],
      [10, false],
    ]);
    player.play();
    expect(player.currentTime()).toBe(0);
    player.destroy();
  });
});
