/**
 * One clip on screen: its player (the YouTube player for a real video, the transcript player for a
 * generated clip, clearly labelled), replay-the-word, 0.75× speed, the current cue with the word marked,
 * the attribution line and watch link, and the transcript, whose current cue follows playback and whose
 * cues seek when clicked.
 */
import { ApiProblem, siteGet } from "./api.js";
import { clock, cueIndexAt, spokenTokenAt, type Token, timeTokens } from "./core/timeline.js";
import { h } from "./dom.js";
import type { Player } from "./player/player.js";
import { createTranscriptPlayer } from "./player/transcript-player.js";
import { createYouTubePlayer } from "./player/youtube-player.js";
import type { AnyClip, Cue, Transcript } from "./types.js";

/** Playback starts this long before the word, so the listener hears it arrive. */
export const LEAD_IN_S = 1;
export const SLOW_RATE = 0.75;

export interface ClipFocus {
  /** The catalogue word searched for, marked wherever it is indexed as spoken; -1 for a phrase. */
  wordId: number;
  /** When it is first spoken, in seconds (a phrase: its first word). */
  tStart: number;
  /**
   * The words of what was searched (2 for `ice cream`, 3 for `a lot of`): that many words from `tStart`
   * on are marked, into the next caption lines too, whatever form was spoken (`running` for `running`,
   * which the transcript indexes as `run`).
   */
  words: number;
}

export interface ClipView {
  destroy(): void;
}

interface Line {
  cue: Cue;
  tokens: Token[];
  /** Tokens of the occurrence searched for, by index. */
  searched: Set<number>;
}

/**
 * Marks the words of an occurrence spoken at `tStartS`: its first word is the word token of the cue
 * playing then whose time is nearest, and the words after it follow, into the next lines when it runs on.
 */
function markOccurrence(lines: Line[], tStartS: number, words: number): void {
  const at = Math.max(
    0,
    cueIndexAt(
      lines.map((l) => l.cue),
      tStartS,
    ),
  );
  const tokens = lines[at]?.tokens ?? [];
  let first = -1;
  tokens.forEach((token, i) => {
    if (!token.isWord || token.tStartS === undefined) return;
    const best = tokens[first]?.tStartS;
    if (best === undefined || Math.abs(token.tStartS - tStartS) < Math.abs(best - tStartS)) first = i;
  });
  if (first === -1) return;
  let left = words;
  for (let l = at, from = first; l < lines.length && left > 0; l++, from = 0) {
    const line = lines[l] as Line;
    for (let i = from; i < line.tokens.length && left > 0; i++) {
      if (!line.tokens[i]?.isWord) continue;
      line.searched.add(i);
      left--;
    }
  }
}

function cueText(line: Line, focusWordId: number | undefined, spoken: number): HTMLElement[] {
  return line.tokens.map((token, i) => {
    const searched =
      line.searched.has(i) || (focusWordId !== undefined && focusWordId >= 0 && token.wordId === focusWordId);
    const node = searched ? h("mark", {}, token.text) : h("span", {}, token.text);
    if (i === spoken) node.classList.add("spoken");
    if (token.isWord && token.tStartS !== undefined) node.dataset.t = token.tStartS.toFixed(2);
    return node;
  });
}

/** Scrolls the transcript list, and only it, so the current cue shows: the page stays where the reader put it. */
function keepInView(list: HTMLElement, item: HTMLElement | undefined): void {
  if (item === undefined) return;
  const top = item.offsetTop;
  if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = Math.max(0, top - list.clientHeight / 3);
  }
}

export async function mountClipView(
  container: HTMLElement,
  clip: AnyClip,
  focus: ClipFocus | undefined,
  options: { autoplay: boolean; signal?: AbortSignal },
): Promise<ClipView> {
  const transcript = await siteGet<Transcript>(
    `/clips/${encodeURIComponent(clip.clipId)}/transcript`,
    {},
    options.signal,
  );
  // Another clip was asked for meanwhile: this one must not take the container.
  options.signal?.throwIfAborted();
  const words = transcript.words ?? [];
  const lines: Line[] = transcript.cues.map((cue) => ({
    cue,
    tokens: timeTokens(cue, words),
    searched: new Set<number>(),
  }));
  if (focus !== undefined) markOccurrence(lines, focus.tStart, focus.words);
  const generated = clip.generated === true;
  const startS = Math.max(0, (focus?.tStart ?? 0) - LEAD_IN_S);
  const start = { startS, durationS: Math.max(clip.durationS, lines.at(-1)?.cue.t1 ?? 0) };

  const stage = h("div", { class: generated ? "stage stage-generated" : "stage stage-video" });
  const status = h("p", { class: "player-status", role: "status" });
  const playButton = h("button", { type: "button", class: "play" }, "Play");
  const replayButton = h(
    "button",
    { type: "button", class: "replay" },
    focus === undefined ? "Back to the start" : "Hear the word again",
  );
  const slowButton = h("button", { type: "button", class: "slow", "aria-pressed": "false" }, "0.75× speed");
  const timeLabel = h("span", { class: "time", "aria-label": "Playback time" }, clock(startS));
  const nowCue = h("p", { class: "now-cue", "data-testid": "now-cue" });
  const channel = h("strong", {}, clip.channel.name);
  // A generated clip's video id points nowhere: no watch link to follow.
  const attribution = generated
    ? h("p", { class: "attribution" }, "Generated clip of ", channel, " · no video to watch")
    : h(
        "p",
        { class: "attribution" },
        "Clip from ",
        channel,
        " · ",
        h("a", { href: clip.watchUrl, target: "_blank", rel: "noopener noreferrer" }, "Watch on YouTube"),
      );
  const list = h("ol", { class: "cues" });
  const cueButtons = lines.map((line) => {
    const button = h(
      "button",
      { type: "button", class: "cue", "data-idx": line.cue.idx },
      h("span", { class: "cue-time" }, clock(line.cue.t0)),
      " ",
      ...cueText(line, focus?.wordId, -1),
    );
    list.append(h("li", {}, button));
    return button;
  });
  const panel = h(
    "section",
    { class: "transcript", "aria-label": "Transcript" },
    h("h3", {}, "Transcript"),
    h("p", { class: "hint" }, "Select a line to play from there."),
    list,
  );
  if (generated) {
    stage.append(
      h(
        "p",
        { class: "generated-label" },
        h("strong", {}, "Generated demo clip"),
        ": no video. The transcript plays on a timer and lights each word at its time.",
      ),
    );
  }
  const screen = h("div", {
    class: "screen",
    "data-testid": generated ? "transcript-player" : "video-player",
  });
  stage.append(screen);
  // A generated clip shows its cue in the player itself; a video has it underneath.
  if (generated) screen.append(nowCue);
  container.replaceChildren(
    h("h2", { class: "clip-title" }, clip.title),
    h(
      "p",
      { class: "clip-meta" },
      `Level ${clip.level} · ${clip.topic} · ${clip.durationS} s`,
      generated ? " · generated" : undefined,
    ),
    stage,
    h("div", { class: "controls" }, playButton, replayButton, slowButton, timeLabel),
    ...(generated ? [] : [nowCue]),
    status,
    attribution,
    panel,
  );

  let player: Player;
  if (generated) {
    player = createTranscriptPlayer(start);
  } else {
    try {
      player = await createYouTubePlayer(screen, clip.videoId, start, (message) => {
        status.textContent = message;
      });
    } catch (error) {
      status.textContent = `${(error as Error).message}; the transcript plays on a timer instead.`;
      player = createTranscriptPlayer(start);
    }
  }

  let shownCue = -2;
  let shownSpoken = -2;
  const render = (tS: number, playing: boolean): void => {
    timeLabel.textContent = clock(tS);
    playButton.textContent = playing ? "Pause" : "Play";
    const at = Math.max(0, cueIndexAt(transcript.cues, tS));
    const line = lines[at];
    if (line === undefined) return;
    const spoken = spokenTokenAt(line.tokens, tS);
    if (at !== shownCue) {
      cueButtons[shownCue]?.removeAttribute("aria-current");
      cueButtons[at]?.setAttribute("aria-current", "true");
      keepInView(list, cueButtons[at]);
    }
    if (at !== shownCue || spoken !== shownSpoken) {
      nowCue.replaceChildren(...cueText(line, focus?.wordId, spoken));
    }
    shownCue = at;
    shownSpoken = spoken;
  };
  player.onTime(render);
  render(startS, false);

  playButton.addEventListener("click", () => {
    if (playButton.textContent === "Pause") player.pause();
    else player.play();
  });
  replayButton.addEventListener("click", () => {
    player.seek(startS);
    player.play();
  });
  slowButton.addEventListener("click", () => {
    const slow = slowButton.getAttribute("aria-pressed") !== "true";
    slowButton.setAttribute("aria-pressed", String(slow));
    player.setRate(slow ? SLOW_RATE : 1);
  });
  cueButtons.forEach((button, i) => {
    button.addEventListener("click", () => {
      const cue = lines[i]?.cue;
      if (cue === undefined) return;
      player.seek(cue.t0);
      player.play();
    });
  });
  if (options.autoplay) player.play();

  return {
    destroy() {
      player.destroy();
    },
  };
}

/** What a failed request means to the person using the page, and what to do about it. */
export function problemText(error: unknown): string {
  if (!(error instanceof ApiProblem)) return "Something went wrong on this page: reload it and try again.";
  const problem = error;
  const wait = problem.retryAfterS === undefined ? "in a moment" : `in ${problem.retryAfterS} s`;
  switch (problem.code) {
    case "rate_limited":
      return `Too many requests just now: try again ${problem.retryAfterS === undefined ? "in a minute" : wait}.`;
    case "quota_exceeded":
      return "This site has used all its lookups for the month; please come back later.";
    case "network":
      return "The server could not be reached: check the connection and try again.";
    case "unavailable":
    case "not_ready":
      return `The server is busy or restarting: try again ${wait}.`;
    case "unexpected_response":
      return `The server's answer could not be read (status ${problem.status}): try again ${wait}.`;
    case "internal":
      return `The server failed to answer (status ${problem.status}): try again ${wait}.`;
    default:
      return `Something went wrong: ${problem.message}.`;
  }
}
