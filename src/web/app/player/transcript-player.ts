/**
 * The player of generated demo clips, which have no video: a clock that runs at the chosen speed over the
 * transcript, from the start time to the clip's end. The clip view shows the cue and lights each word as
 * the clock passes its time.
 */
import { type Player, type PlayerStart, TICK_MS } from "./player.js";

export function createTranscriptPlayer(
  start: PlayerStart,
  now: () => number = () => performance.now(),
): Player {
  let positionS = start.startS;
  let startedAtMs: number | undefined;
  let rate = 1;
  let timer: ReturnType<typeof setInterval> | undefined;
  const listeners: Array<(tS: number, playing: boolean) => void> = [];

  const time = (): number =>
    startedAtMs === undefined
      ? positionS
      : Math.min(start.durationS, positionS + ((now() - startedAtMs) / 1000) * rate);
  const emit = (): void => {
    const t = time();
    for (const listener of listeners) listener(t, startedAtMs !== undefined);
  };
  const stopClock = (): void => {
    positionS = time();
    startedAtMs = undefined;
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  const tick = (): void => {
    if (time() >= start.durationS) stopClock();
    emit();
  };

  return {
    kind: "transcript",
    play() {
      if (startedAtMs !== undefined) return;
      if (positionS >= start.durationS) positionS = 0;
      startedAtMs = now();
      timer = setInterval(tick, TICK_MS);
      emit();
    },
    pause() {
      if (startedAtMs === undefined) return;
      stopClock();
      emit();
    },
    seek(tS) {
      const playing = startedAtMs !== undefined;
      positionS = Math.max(0, Math.min(start.durationS, tS));
      if (playing) startedAtMs = now();
      emit();
    },
    setRate(next) {
      positionS = time();
      if (startedAtMs !== undefined) startedAtMs = now();
      rate = next;
    },
    currentTime: time,
    onTime(listener) {
      listeners.push(listener);
    },
    destroy() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      listeners.length = 0;
    },
  };
}
