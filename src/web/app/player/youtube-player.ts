/**
 * Real videos play in the YouTube IFrame player, privacy-enhanced (youtube-nocookie.com). The IFrame API
 * script is loaded the first time a real video is shown, never for generated clips.
 */
import { type Player, type PlayerStart, TICK_MS } from "./player.js";

export const IFRAME_API_URL = "https://www.youtube.com/iframe_api";

/** The part of the IFrame API this player uses. */
interface YouTubePlayer {
  playVideo(): void;
  pauseVideo(): void;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  setPlaybackRate(rate: number): void;
  getCurrentTime(): number;
  destroy(): void;
}

interface YouTubeNamespace {
  Player: new (
    element: HTMLElement,
    options: {
      host: string;
      videoId: string;
      width?: string;
      height?: string;
      playerVars: Record<string, string | number>;
      events: {
        onReady?: () => void;
        onStateChange?: (event: { data: number }) => void;
        onError?: (event: { data: number }) => void;
      };
    },
  ) => YouTubePlayer;
  PlayerState: { PLAYING: number };
}

declare global {
  interface Window {
    YT?: YouTubeNamespace;
    onYouTubeIframeAPIReady?: () => void;
  }
}

/** How long the IFrame API may take to say it is ready once asked for. */
export const IFRAME_API_WAIT_MS = 8_000;

let loading: Promise<YouTubeNamespace> | undefined;

/**
 * Loads the IFrame API once; rejects when the script cannot be fetched (offline, blocked), or when it
 * never says it is ready (a blocker that lets the first script through but not the player's own).
 */
export function loadIframeApi(): Promise<YouTubeNamespace> {
  loading ??= new Promise<YouTubeNamespace>((resolve, reject) => {
    if (window.YT?.Player) {
      resolve(window.YT);
      return;
    }
    const timer = setTimeout(() => {
      loading = undefined;
      reject(new Error("the YouTube player did not start"));
    }, IFRAME_API_WAIT_MS);
    const previous = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      previous?.();
      clearTimeout(timer);
      if (window.YT) resolve(window.YT);
    };
    const script = document.createElement("script");
    script.src = IFRAME_API_URL;
    script.async = true;
    script.onerror = () => {
      clearTimeout(timer);
      loading = undefined;
      reject(new Error("the YouTube player could not be loaded"));
    };
    document.head.append(script);
  });
  return loading;
}

export async function createYouTubePlayer(
  host: HTMLElement,
  videoId: string,
  start: PlayerStart,
  onError: (message: string) => void,
): Promise<Player> {
  const YT = await loadIframeApi();
  const target = document.createElement("div");
  host.replaceChildren(target);
  const listeners: Array<(tS: number, playing: boolean) => void> = [];
  let playing = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let ready = false;
  const pending: Array<() => void> = [];

  const emit = (): void => {
    const t = ready ? player.getCurrentTime() : start.startS;
    for (const listener of listeners) listener(t, playing);
  };
  const whenReady = (action: () => void): void => {
    if (ready) action();
    else pending.push(action);
  };

  const player = new YT.Player(target, {
    host: "https://www.youtube-nocookie.com",
    videoId,
    width: "100%",
    height: "100%",
    playerVars: { start: Math.floor(start.startS), playsinline: 1, rel: 0, cc_load_policy: 0 },
    events: {
      onReady() {
        ready = true;
        for (const action of pending.splice(0)) action();
        emit();
      },
      onStateChange(event) {
        playing = event.data === YT.PlayerState.PLAYING;
        if (timer !== undefined) clearInterval(timer);
        timer = playing ? setInterval(emit, TICK_MS) : undefined;
        emit();
      },
      onError(event) {
        onError(`the video cannot be played here (YouTube error ${event.data}); use the watch link`);
      },
    },
  });

  return {
    kind: "video",
    play: () => whenReady(() => player.playVideo()),
    pause: () => whenReady(() => player.pauseVideo()),
    seek: (tS) =>
      whenReady(() => {
        player.seekTo(tS, true);
        emit();
      }),
    setRate: (rate) => whenReady(() => player.setPlaybackRate(rate)),
    currentTime: () => (ready ? player.getCurrentTime() : start.startS),
    onTime(listener) {
      listeners.push(listener);
    },
    destroy() {
      if (timer !== undefined) clearInterval(timer);
      listeners.length = 0;
      player.destroy();
    },
  };
}
