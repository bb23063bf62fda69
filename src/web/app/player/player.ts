/**
 * The small interface every player is behind: the YouTube IFrame player for real videos, the transcript
 * player for generated demo clips. The clip view talks to this only.
 */
export interface Player {
  readonly kind: "video" | "transcript";
  play(): void;
  pause(): void;
  /** Seconds from the start of the clip. */
  seek(tS: number): void;
  /** 1 or 0.75. */
  setRate(rate: number): void;
  currentTime(): number;
  /** Called as playback moves (about four times a second), after a seek, and on play and pause. */
  onTime(listener: (tS: number, playing: boolean) => void): void;
  destroy(): void;
}

export interface PlayerStart {
  /** Where playback starts: a second before the word. */
  startS: number;
  /** Where it ends at the latest: the clip's length. */
  durationS: number;
}

/** How often a playing player reports its time. */
export const TICK_MS = 200;
