/**
 * `/feed`: clips one at a time in a seeded order, the seed kept in this browser, so the same person walks
 * the same order and different people see different openings. A level filter; Next and Previous, the
 * arrow keys, or a swipe.
 */
import { siteGet } from "./api.js";
import { type ClipView, mountClipView, problemText } from "./clip-view.js";
import { LEVELS } from "./core/choices.js";
import { feedSeed, newSeed, SEED_KEY } from "./core/seed.js";
import { byId, h, isPageKey, setDisabled } from "./dom.js";
import type { FeedClipRecord, FeedPage } from "./types.js";

const PAGE_SIZE = 10;
/** Pixels a finger must travel sideways for a swipe. */
const SWIPE_PX = 60;

const levelsBox = byId("levels");
const prevButton = byId<HTMLButtonElement>("prev");
const nextButton = byId<HTMLButtonElement>("next");
const reshuffle = byId<HTMLButtonElement>("reshuffle");
const position = byId("position");
const card = byId("clip");
const message = byId("message");

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

let seed = feedSeed(storage());
const levelInputs = LEVELS.map((level) => {
  const box = h("input", { type: "checkbox", id: `level-${level}`, value: level, class: "chip-input" });
  levelsBox.append(box, h("label", { for: `level-${level}`, class: "chip" }, level));
  return box;
});

let clips: FeedClipRecord[] = [];
let nextCursor: string | null = null;
let index = 0;
let view: ClipView | undefined;
let loading: AbortController | undefined;
/** Bumped on every new order, so the answers of an older one are dropped. */
let generation = 0;

function levelQuery(): { level?: string } {
  const chosen = levelInputs.filter((b) => b.checked).map((b) => b.value);
  return chosen.length > 0 ? { level: chosen.join(",") } : {};
}

async function loadMore(): Promise<void> {
  const asked = generation;
  const page = await siteGet<FeedPage>("/feed", {
    seed,
    limit: PAGE_SIZE,
    ...levelQuery(),
    ...(nextCursor === null ? {} : { cursor: nextCursor }),
  });
  if (asked !== generation) return;
  clips.push(...page.clips);
  nextCursor = page.nextCursor;
}

/** No clip on the card: none shown, none playing, none loading. */
function clearCard(): void {
  loading?.abort();
  view?.destroy();
  view = undefined;
  card.replaceChildren();
}

async function show(autoplay: boolean): Promise<void> {
  const clip = clips[index];
  view?.destroy();
  view = undefined;
  setDisabled(prevButton, index === 0, nextButton);
  setDisabled(nextButton, index + 1 >= clips.length && nextCursor === null, prevButton);
  if (clip === undefined) {
    position.textContent = "";
    clearCard();
    message.textContent = "No clips at the chosen levels.";
    return;
  }
  message.textContent = "";
  position.textContent = `Clip ${index + 1}`;
  loading?.abort();
  const controller = new AbortController();
  loading = controller;
  try {
    const mounted = await mountClipView(card, clip, undefined, { autoplay, signal: controller.signal });
    if (controller.signal.aborted) mounted.destroy();
    else view = mounted;
  } catch (error) {
    if (!controller.signal.aborted) {
      // The clip shown before must not stay under this one's number.
      card.replaceChildren();
      message.textContent = problemText(error);
    }
  }
}

async function restart(): Promise<void> {
  const asked = ++generation;
  clips = [];
  nextCursor = null;
  index = 0;
  try {
    await loadMore();
    // A newer order or filter started meanwhile: it shows its own first clip.
    if (asked !== generation) return;
    await show(false);
  } catch (error) {
    if (asked !== generation) return;
    // The clip of the order before is not in this one.
    clearCard();
    position.textContent = "";
    setDisabled(prevButton, true, reshuffle);
    setDisabled(nextButton, true, reshuffle);
    message.textContent = problemText(error);
  }
}

/** Moves in order: a press made while a page loads moves on from where the one before landed. */
let moving: Promise<void> = Promise.resolve();

function move(step: 1 | -1): Promise<void> {
  moving = moving.then(() => moveNow(step));
  return moving;
}

async function moveNow(step: 1 | -1): Promise<void> {
  const asked = generation;
  const target = index + step;
  if (target < 0) return;
  try {
    if (target >= clips.length && nextCursor !== null) await loadMore();
    // A new order or filter started meanwhile: this move was in the old one.
    if (asked !== generation || target >= clips.length) return;
    index = target;
    // Not awaited: the next move need not wait for this clip's transcript (showing it aborts this one's).
    void show(true);
  } catch (error) {
    if (asked === generation) message.textContent = problemText(error);
  }
}

prevButton.addEventListener("click", () => void move(-1));
nextButton.addEventListener("click", () => void move(1));
reshuffle.addEventListener("click", () => {
  seed = newSeed();
  storage()?.setItem(SEED_KEY, seed);
  void restart();
});
for (const box of levelInputs) box.addEventListener("change", () => void restart());

document.addEventListener("keydown", (event) => {
  if (!isPageKey(event)) return;
  if (event.key === "ArrowRight") void move(1);
  if (event.key === "ArrowLeft") void move(-1);
});

let touchX: number | undefined;
let touchY = 0;
card.addEventListener(
  "touchstart",
  (event) => {
    const touch = event.changedTouches[0];
    touchX = touch?.clientX;
    touchY = touch?.clientY ?? 0;
  },
  { passive: true },
);
card.addEventListener("touchend", (event) => {
  const touch = event.changedTouches[0];
  if (touch === undefined || touchX === undefined) return;
  const dx = touch.clientX - touchX;
  const dy = touch.clientY - touchY;
  touchX = undefined;
  if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) void move(dx < 0 ? 1 : -1);
});

void restart();
