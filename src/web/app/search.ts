/**
 * `/`: look a word up and watch its clips one at a time, with the word's level and meaning, "3 of 268",
 * and, after a near spelling or another form, which word the results are for and the other candidates.
 * Several words are a catalogue entry when the catalogue has one (`ice cream`, with its meaning), else a
 * phrase as spoken, token after token (`by the way`, `gave up`).
 */
import { siteGet } from "./api.js";
import { attachAutocomplete } from "./autocomplete.js";
import { type ClipView, mountClipView, problemText } from "./clip-view.js";
import {
  type Choices,
  GLOSS_NAMES,
  GLOSSES,
  LEVELS,
  positionText,
  readChoices,
  readClip,
  writeChoices,
} from "./core/choices.js";
import { guessesIn, MAX_WORD_CHARS, queryProblem, quoted } from "./core/query.js";
import { byId, h, isPageKey, setDisabled } from "./dom.js";
import type { ClipRecord, PhraseClipsPage, WordClipsPage, WordRecord, WordsPage } from "./types.js";

const PAGE_SIZE = 20;

const form = byId<HTMLFormElement>("search");
const input = byId<HTMLInputElement>("q");
const gloss = byId<HTMLSelectElement>("gloss");
const levelsBox = byId("levels");
const results = byId("results");
const match = byId("match");
const wordInfo = byId("word-info");
const position = byId("position");
const prevButton = byId<HTMLButtonElement>("prev");
const nextButton = byId<HTMLButtonElement>("next");
const clipBox = byId("clip");
const message = byId("message");
/** The page's own title, shown again when no word is searched. */
const pageTitle = document.title;

for (const code of GLOSSES) gloss.append(h("option", { value: code }, GLOSS_NAMES[code]));
const levelInputs = LEVELS.map((level) => {
  const box = h("input", { type: "checkbox", id: `level-${level}`, value: level, class: "chip-input" });
  levelsBox.append(box, h("label", { for: `level-${level}`, class: "chip" }, level));
  return box;
});

/** What a search found: a catalogue word's clips, or a phrase's, with how to ask for the next page. */
interface Found {
  /** The endpoint path and the query its cursors are bound to. */
  path: string;
  query: Record<string, string | number>;
  /** The word or phrase the results are for, and how it was matched to what was typed. */
  matched: string;
  matchType: WordClipsPage["matchType"];
  sent: string;
  didYouMean: string[];
  /** The catalogue word; none for a phrase. */
  word: WordRecord | undefined;
  totalCount: number;
  clips: ClipRecord[];
  nextCursor: string | null;
}

/** The results being shown: the pages loaded so far, and which clip is on screen. */
interface Shown {
  choices: Choices;
  first: Found;
  clips: ClipRecord[];
  nextCursor: string | null;
  index: number;
}

let shown: Shown | undefined;
let view: ClipView | undefined;
let loading: AbortController | undefined;

function currentChoices(q = input.value.trim()): Choices {
  return {
    q,
    levels: levelInputs.filter((b) => b.checked).map((b) => b.value) as Choices["levels"],
    gloss: gloss.value as Choices["gloss"],
  };
}

function showChoices(choices: Choices): void {
  input.value = choices.q;
  gloss.value = choices.gloss;
  for (const box of levelInputs)
    box.checked = choices.levels.includes(box.value as Choices["levels"][number]);
}

function filterQuery(choices: Choices): { level?: string; gloss?: string } {
  return {
    ...(choices.levels.length > 0 ? { level: choices.levels.join(",") } : {}),
    ...(choices.gloss !== "en" ? { gloss: choices.gloss } : {}),
  };
}

function wordLink(word: string, choices: Choices): HTMLAnchorElement {
  const link = h("a", { href: `/${writeChoices({ ...choices, q: word })}` }, word);
  link.addEventListener("click", (event) => {
    event.preventDefault();
    void search({ ...choices, q: word }, { push: true, autoplay: true });
  });
  return link;
}

function showMatch(page: Found, choices: Choices): void {
  match.replaceChildren();
  if (page.matchType !== "exact") {
    const how = page.matchType === "forms" ? "a form of" : "the nearest spelling to";
    match.append(
      h(
        "p",
        { class: "showing", "data-testid": "showing" },
        "Showing results for ",
        h("strong", {}, h("em", {}, page.matched)),
        ` (${how} “${page.sent}”).`,
      ),
    );
  }
  if (page.didYouMean.length > 0) {
    const links: Array<Node | string> = [];
    page.didYouMean.forEach((word, i) => {
      if (i > 0) links.push(", ");
      links.push(wordLink(word, choices));
    });
    match.append(h("p", { class: "did-you-mean" }, "Did you mean: ", ...links, "?"));
  }
  const word = page.word;
  if (word === undefined) {
    const clips = `${page.totalCount} ${page.totalCount === 1 ? "clip" : "clips"}`;
    wordInfo.replaceChildren(
      h("strong", { class: "headword" }, page.matched),
      ` · phrase · ${clips}`,
      h("span", { class: "meaning" }, "Spoken word after word, across caption lines too."),
    );
    return;
  }
  const clips = `${word.clipCount} ${word.clipCount === 1 ? "clip" : "clips"}`;
  wordInfo.replaceChildren(
    h("strong", { class: "headword" }, word.word),
    " ",
    h("span", { class: "level-tag" }, `Level ${word.level}`),
    ` · ${clips}`,
    h("span", { class: "meaning" }, word.meaning),
  );
}

function wordFound(page: WordClipsPage, path: string, query: Found["query"]): Found {
  return {
    path,
    query,
    matched: page.matchedWord,
    matchType: page.matchType,
    sent: page.query,
    didYouMean: page.didYouMean,
    word: page.word,
    totalCount: page.totalCount,
    clips: page.clips,
    nextCursor: page.nextCursor,
  };
}

/** The first page of a search: a word, a catalogue entry of several words, or a phrase as spoken. */
async function lookUp(choices: Choices): Promise<Found> {
  const q = choices.q;
  const wordPath = `/words/${encodeURIComponent(q)}/clips`;
  if (!/\s/.test(q)) {
    const query = { limit: PAGE_SIZE, ...filterQuery(choices) };
    return wordFound(await siteGet<WordClipsPage>(wordPath, query), wordPath, query);
  }
  // Several words: the catalogue entry only when the catalogue has exactly it (a near spelling of a whole
  // entry, `gave up` read as `make-up`, is not what was typed). Asked of the catalogue first, so that no
  // lookup is refused with a 404 on the way.
  const spaced = q.toLowerCase().split(/\s+/).join(" ");
  // No entry is longer than a word may be (and /words takes no longer q): a longer text is a phrase.
  const entries =
    [...q].length > MAX_WORD_CHARS ? undefined : await siteGet<WordsPage>("/words", { q, limit: 1 });
  if (entries?.words[0]?.word.toLowerCase() === spaced) {
    const query = { limit: PAGE_SIZE, ...filterQuery(choices) };
    return wordFound(await siteGet<WordClipsPage>(wordPath, query), wordPath, query);
  }
  const path = `/phrases/${encodeURIComponent(q)}/clips`;
  const query = { limit: PAGE_SIZE, ...filterQuery(choices) };
  const page = await siteGet<PhraseClipsPage>(path, query);
  return {
    path,
    query,
    matched: page.phrase,
    matchType: page.matchType,
    sent: page.query,
    didYouMean: [],
    word: undefined,
    totalCount: page.totalCount,
    clips: page.clips,
    nextCursor: page.nextCursor,
  };
}

async function showClip(autoplay: boolean): Promise<void> {
  if (shown === undefined) return;
  const { index, first } = shown;
  const clip = shown.clips[index];
  view?.destroy();
  view = undefined;
  position.textContent = positionText(index, first.totalCount);
  setDisabled(prevButton, index === 0, nextButton);
  setDisabled(nextButton, index + 1 >= first.totalCount, prevButton);
  if (clip === undefined) return;
  const occurrence = clip.occurrences[0];
  // The address names the clip shown, so a reload or a shared link comes back to it.
  history.replaceState(null, "", `/${writeChoices(shown.choices, index)}`);
  // A problem told about another clip is not this one's.
  message.textContent = "";
  loading?.abort();
  const controller = new AbortController();
  loading = controller;
  clipBox.setAttribute("aria-busy", "true");
  try {
    const mounted = await mountClipView(
      clipBox,
      clip,
      occurrence === undefined
        ? undefined
        : {
            wordId: first.word?.wordId ?? -1,
            tStart: occurrence.tStart,
            words: (first.word?.word ?? first.matched).split(/\s+/).length,
          },
      { autoplay, signal: controller.signal },
    );
    if (controller.signal.aborted) mounted.destroy();
    else view = mounted;
  } catch (error) {
    if (!controller.signal.aborted) {
      // The clip shown before must not stay under this one's position.
      clipBox.replaceChildren();
      message.textContent = problemText(error);
    }
  } finally {
    if (loading === controller) clipBox.removeAttribute("aria-busy");
  }
}

/** Adds the next page of `results` to them. */
async function loadNextPage(results: Shown): Promise<void> {
  const more = await siteGet<WordClipsPage | PhraseClipsPage>(results.first.path, {
    ...results.first.query,
    cursor: results.nextCursor ?? undefined,
  });
  results.clips.push(...more.clips);
  results.nextCursor = more.nextCursor;
}

/** Moves in order: a press made while a page loads moves on from where the one before landed. */
let moving: Promise<void> = Promise.resolve();

function move(step: 1 | -1): Promise<void> {
  moving = moving.then(() => moveNow(step));
  return moving;
}

async function moveNow(step: 1 | -1): Promise<void> {
  const current = shown;
  if (current === undefined) return;
  const target = current.index + step;
  if (target < 0 || target >= current.first.totalCount) return;
  if (target >= current.clips.length && current.nextCursor !== null) {
    try {
      await loadNextPage(current);
      // A search made meanwhile shows other results: this page is not theirs.
      if (shown !== current) return;
    } catch (error) {
      if (shown === current) message.textContent = problemText(error);
      return;
    }
  }
  if (target >= current.clips.length || shown !== current) return;
  current.index = target;
  // Not awaited: the next move need not wait for this clip's transcript (showing it aborts this one's).
  void showClip(true);
}

/** No results on the page: none shown, none playing, none loading. */
function clearResults(): void {
  loading?.abort();
  view?.destroy();
  view = undefined;
  shown = undefined;
  results.hidden = true;
  clipBox.replaceChildren();
}

/** The refusal of a word the catalogue lacks, with the close words the API offered as links. */
function notFound(q: string, problem: { message?: string }, choices: Choices): Array<Node | string> {
  if (/\s/.test(q)) return [`No clip says ${quoted(q)}, in any form of its words.`];
  const guesses = guessesIn(problem.message ?? "");
  if (guesses.length === 0)
    return [`${quoted(q)} is not in the catalogue, and no word is spelled close to it.`];
  const links: Array<Node | string> = [];
  guesses.forEach((word, i) => {
    if (i > 0) links.push(", ");
    links.push(wordLink(word, choices));
  });
  return [`${quoted(q)} is not in the catalogue. Did you mean: `, ...links, "?"];
}

/** Searches started, so that one answered after a later one started leaves the page to the later one. */
let searches = 0;

/** `startAt`: the clip to show first, counted from 0 (a link's or a reload's `clip=`). */
async function search(
  choices: Choices,
  how: { push: boolean; autoplay: boolean },
  startAt = 0,
): Promise<void> {
  showChoices(choices);
  const address = `/${writeChoices(choices, startAt)}`;
  // The same search again is not a new step back in the history.
  if (how.push && address !== `${location.pathname}${location.search}`) history.pushState(null, "", address);
  else history.replaceState(null, "", address);
  message.textContent = "";
  const started = ++searches;
  if (choices.q === "") {
    clearResults();
    document.title = pageTitle;
    return;
  }
  document.title = `${choices.q} · wordclip`;
  const problem = queryProblem(choices.q);
  if (problem !== undefined) {
    clearResults();
    message.textContent = problem;
    return;
  }
  try {
    const page = await lookUp(choices);
    if (started !== searches) return;
    const found: Shown = {
      choices,
      first: page,
      clips: [...page.clips],
      nextCursor: page.nextCursor,
      index: 0,
    };
    // A clip past the first pages: the pages up to it, as Next would have loaded them.
    if (startAt < page.totalCount) {
      while (found.clips.length <= startAt && found.nextCursor !== null) {
        await loadNextPage(found);
        if (started !== searches) return;
      }
      found.index = Math.max(0, Math.min(startAt, found.clips.length - 1));
    }
    shown = found;
    results.hidden = false;
    showMatch(page, choices);
    if (page.clips.length === 0) {
      loading?.abort();
      view?.destroy();
      view = undefined;
      clipBox.replaceChildren();
      position.textContent = "";
      prevButton.disabled = true;
      nextButton.disabled = true;
      message.textContent =
        choices.levels.length === 0
          ? `No clips of “${page.matched}” yet.`
          : `No clips of “${page.matched}” at the chosen levels (${choices.levels.join(", ")}).`;
      return;
    }
    await showClip(how.autoplay);
  } catch (error) {
    if (started !== searches) return;
    clearResults();
    const problem = error as { code?: string; message?: string };
    if (problem.code === "not_found") message.replaceChildren(...notFound(choices.q, problem, choices));
    else message.textContent = problemText(error);
  }
}

const suggestions = attachAutocomplete({
  input,
  list: byId("suggestions"),
  query: () => filterQuery(currentChoices()),
  onChoose: (word) => void search(currentChoices(word), { push: true, autoplay: true }),
});

form.addEventListener("submit", (event) => {
  event.preventDefault();
  suggestions.close();
  // Spaces alone pass the box's `required`: nothing to search, and the page says so.
  if (input.value.trim() === "") {
    message.textContent = "Type a word or a phrase to search.";
    input.focus();
    return;
  }
  void search(currentChoices(), { push: true, autoplay: true });
});
for (const box of levelInputs) {
  box.addEventListener("change", () => {
    if (shown !== undefined) void search(currentChoices(), { push: false, autoplay: false });
  });
}
gloss.addEventListener("change", () => {
  // The meaning's language does not change the clips: the one shown stays.
  if (shown !== undefined) void search(currentChoices(), { push: false, autoplay: false }, shown.index);
});
prevButton.addEventListener("click", () => void move(-1));
nextButton.addEventListener("click", () => void move(1));
document.addEventListener("keydown", (event) => {
  if (!isPageKey(event)) return;
  if (event.key === "ArrowRight") void move(1);
  if (event.key === "ArrowLeft") void move(-1);
});
window.addEventListener(
  "popstate",
  () =>
    void search(readChoices(location.search), { push: false, autoplay: false }, readClip(location.search)),
);

const initial = readChoices(location.search);
showChoices(initial);
if (initial.q !== "") void search(initial, { push: false, autoplay: false }, readClip(location.search));
else input.focus();
