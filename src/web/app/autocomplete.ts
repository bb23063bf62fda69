/**
 * The search box's suggestions: catalogue words starting with (or containing) what is typed, with their
 * level and clip count, from `GET /words`. A combobox in the ARIA pattern: arrow keys move, Enter chooses,
 * Escape closes.
 */
import { siteGet } from "./api.js";
import { h } from "./dom.js";
import type { WordRecord, WordsPage } from "./types.js";

const DEBOUNCE_MS = 120;
const SUGGESTIONS = 8;

export interface AutocompleteOptions {
  input: HTMLInputElement;
  list: HTMLElement;
  /** The current filters, sent with every lookup. */
  query: () => { level?: string; gloss?: string };
  onChoose: (word: string) => void;
}

export function attachAutocomplete(options: AutocompleteOptions): { close(): void } {
  const { input, list } = options;
  let words: WordRecord[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;

  const setActive = (index: number): void => {
    active = index;
    [...list.children].forEach((item, i) => {
      item.setAttribute("aria-selected", String(i === index));
    });
    if (index >= 0) input.setAttribute("aria-activedescendant", `suggestion-${index}`);
    else input.removeAttribute("aria-activedescendant");
  };
  const close = (): void => {
    // A lookup still waiting or on its way would open the list again after a choice.
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    inFlight?.abort();
    list.hidden = true;
    list.replaceChildren();
    words = [];
    input.setAttribute("aria-expanded", "false");
    setActive(-1);
  };
  const choose = (index: number): void => {
    const word = words[index];
    if (word === undefined) return;
    input.value = word.word;
    close();
    options.onChoose(word.word);
  };
  const show = (found: WordRecord[]): void => {
    words = found;
    list.replaceChildren(
      ...found.map((word, i) => {
        const clips = `${word.clipCount} ${word.clipCount === 1 ? "clip" : "clips"}`;
        const item = h(
          "div",
          { id: `suggestion-${i}`, role: "option", "aria-selected": "false", class: "suggestion" },
          h("span", { class: "s-word" }, word.word),
          h("span", { class: "level-tag" }, word.level),
          h("span", { class: "s-count" }, clips),
        );
        item.setAttribute("aria-label", `${word.word}, level ${word.level}, ${clips}`);
        // mousedown, not click: the input keeps focus, so the list is still there when the click lands.
        item.addEventListener("mousedown", (event) => {
          event.preventDefault();
          choose(i);
        });
        return item;
      }),
    );
    list.hidden = found.length === 0;
    input.setAttribute("aria-expanded", String(found.length > 0));
    setActive(-1);
  };
  const lookUp = async (prefix: string): Promise<void> => {
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    try {
      const page = await siteGet<WordsPage>(
        "/words",
        { q: prefix, limit: SUGGESTIONS, ...options.query() },
        controller.signal,
      );
      if (!controller.signal.aborted && input.value.trim() === prefix) show(page.words);
    } catch {
      // Suggestions are a help, not the search: a failed lookup shows none.
      if (!controller.signal.aborted) close();
    }
  };

  input.addEventListener("input", () => {
    if (timer !== undefined) clearTimeout(timer);
    const prefix = input.value.trim();
    if (prefix === "") {
      inFlight?.abort();
      close();
      return;
    }
    timer = setTimeout(() => void lookUp(prefix), DEBOUNCE_MS);
  });
  input.addEventListener("keydown", (event) => {
    if (list.hidden) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive((active + 1) % words.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive(active <= 0 ? words.length - 1 : active - 1);
    } else if (event.key === "Enter" && active >= 0) {
      event.preventDefault();
      choose(active);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close();
    }
  });
  input.addEventListener("blur", () => close());
  return { close };
}
