/**
 * `/status`: what the index holds now, from `GET /corpus` and `GET /topics`: clips, channels, catalogue
 * coverage as a bar, and clips per topic broken down by level, as a chart with the same numbers in a table.
 */
import { siteGet } from "./api.js";
import { problemText } from "./clip-view.js";
import { LEVELS } from "./core/choices.js";
import { byId, h } from "./dom.js";
import type { Corpus, CorpusLanguage, TopicsAnswer } from "./types.js";

const updated = byId("updated");
const languagesBox = byId("languages");
const topicsBox = byId("topics");
const message = byId("message");

const number = new Intl.NumberFormat("en");
const percent = new Intl.NumberFormat("en", { style: "percent", maximumFractionDigits: 1 });

function figure(label: string, value: string, testId: string): HTMLElement {
  return h("div", {}, h("dt", {}, label), h("dd", { "data-testid": testId }, value));
}

function languageSection(stats: CorpusLanguage): HTMLElement {
  const bar = h("span");
  bar.style.width = `${Math.min(100, stats.coverage * 100)}%`;
  return h(
    "section",
    { class: "language", "aria-labelledby": `lang-${stats.language}` },
    h("h2", { id: `lang-${stats.language}` }, `Language: ${stats.language}`),
    h(
      "dl",
      { class: "numbers" },
      figure("Clips", number.format(stats.clips), `clips-${stats.language}`),
      figure("Channels", number.format(stats.channels), `channels-${stats.language}`),
      figure("Catalogue words", number.format(stats.words), `words-${stats.language}`),
      figure("Words with a clip", number.format(stats.wordsCovered), `covered-${stats.language}`),
    ),
    h(
      "p",
      { id: `coverage-label-${stats.language}` },
      "Coverage: ",
      h("strong", { "data-testid": `coverage-${stats.language}` }, percent.format(stats.coverage)),
      ` of the catalogue has at least one clip`,
    ),
    h(
      "div",
      {
        class: "bar",
        role: "img",
        "aria-label": `Coverage bar: ${percent.format(stats.coverage)}`,
      },
      bar,
    ),
  );
}

function topicsChart(answer: TopicsAnswer): HTMLElement {
  const most = Math.max(1, ...answer.topics.map((t) => t.clips));
  const rows = answer.topics.map((topic) => {
    const bars = h("div", { class: "chart-bars", "aria-hidden": "true" });
    bars.style.width = `${(topic.clips / most) * 100}%`;
    for (const level of LEVELS) {
      const count = topic.byLevel[level] ?? 0;
      if (count === 0) continue;
      const part = h("span", { class: `l-${level}`, title: `${level}: ${count}` }, level);
      part.style.width = `${(count / topic.clips) * 100}%`;
      bars.append(part);
    }
    return h(
      "div",
      { class: "chart-row" },
      h("span", {}, topic.topic),
      h("div", {}, bars),
      h("span", { class: "chart-total" }, number.format(topic.clips)),
    );
  });
  const legend = h(
    "ul",
    { class: "legend", "aria-hidden": "true" },
    ...LEVELS.map((level) => h("li", {}, h("span", { class: `l-${level}` }), level)),
  );
  const table = h(
    "table",
    { "data-testid": "topics-table" },
    h("caption", { class: "visually-hidden" }, "Clips per topic and level"),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col" }, "Topic"),
        ...LEVELS.map((l) => h("th", { scope: "col" }, l)),
        h("th", { scope: "col" }, "All"),
      ),
    ),
    h(
      "tbody",
      {},
      ...answer.topics.map((topic) =>
        h(
          "tr",
          {},
          h("th", { scope: "row" }, topic.topic),
          ...LEVELS.map((l) => h("td", {}, number.format(topic.byLevel[l] ?? 0))),
          h("td", {}, number.format(topic.clips)),
        ),
      ),
    ),
  );
  return h(
    "div",
    {},
    h(
      "p",
      { class: "hint" },
      "Each bar is one topic's clips, split by level (written in each part); the table below has the numbers.",
    ),
    legend,
    h("div", { class: "chart", "aria-hidden": "true" }, ...rows),
    h("div", { class: "table-scroll" }, table),
  );
}

async function load(): Promise<void> {
  try {
    const [corpus, topics] = await Promise.all([
      siteGet<Corpus>("/corpus"),
      siteGet<TopicsAnswer>("/topics"),
    ]);
    updated.textContent = `Index built ${new Date(corpus.updatedAt).toUTCString()}.`;
    languagesBox.replaceChildren(...corpus.languages.map(languageSection));
    topicsBox.replaceChildren(topicsChart(topics));
  } catch (error) {
    message.textContent = problemText(error);
  }
}

void load();
