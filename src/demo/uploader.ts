/**
 * What an uploader decides about a generated clip: the level its topic's clips are pitched at, the
 * platform category (one the topic screening maps back to the topic), the title, the tags and the day.
 */
import type { Topic } from "../domain.js";
import { keywordIndex } from "../indexer/screening/topic-keywords.js";
import type { Random } from "./random.js";
import type { Sentence } from "./sentences.js";

/** Upload dates are the 730 days before this fixed day, so output never depends on when it is generated. */
export const UPLOAD_WINDOW_END_UTC = Date.UTC(2026, 9, 1);
const UPLOAD_WINDOW_DAYS = 730;
const KEYWORDS = keywordIndex();
const MAX_TITLE_CHARS = 70;
const MAX_TOPIC_TAGS = 5;

/** Target level distribution (A1 … C2) by topic: everyday topics easier, science and business harder. */
const EASY = [0.22, 0.3, 0.26, 0.14, 0.06, 0.02];
const HARD = [0.04, 0.1, 0.22, 0.3, 0.22, 0.12];
const MIDDLE = [0.1, 0.2, 0.28, 0.24, 0.12, 0.06];
const LEVEL_WEIGHTS: Readonly<Record<Topic, readonly number[]>> = {
  everyday: EASY,
  food: EASY,
  travel: EASY,
  science: HARD,
  business: HARD,
  sport: MIDDLE,
  technology: MIDDLE,
  entertainment: MIDDLE,
  health: MIDDLE,
  learning: MIDDLE,
  other: MIDDLE,
};

/** Platform categories an uploader of each topic picks, each mapping back to the topic by the screening rule. */
const CATEGORY_CHOICES: Readonly<Record<Topic, readonly (readonly [string, number])[]>> = {
  everyday: [
    ["People & Blogs", 5],
    ["Howto & Style", 3],
    ["Pets & Animals", 2],
  ],
  food: [
    ["Howto & Style", 6],
    ["People & Blogs", 4],
  ],
  health: [
    ["Howto & Style", 5],
    ["People & Blogs", 5],
  ],
  business: [
    ["News & Politics", 5],
    ["People & Blogs", 5],
  ],
  travel: [
    ["Travel & Events", 85],
    ["Autos & Vehicles", 15],
  ],
  sport: [["Sports", 1]],
  science: [["Science & Technology", 1]],
  technology: [
    ["Science & Technology", 85],
    ["Autos & Vehicles", 15],
  ],
  entertainment: [
    ["Entertainment", 4],
    ["Comedy", 2],
    ["Music", 2],
    ["Film & Animation", 1],
    ["Gaming", 1],
  ],
  learning: [["Education", 1]],
  other: [
    ["Nonprofits & Activism", 6],
    ["News & Politics", 4],
  ],
};

/** The level (0 = A1 … 5 = C2) a clip's sentences are drawn at. */
export function targetLevelOf(topic: Topic, random: Random): number {
  return random.weighted(LEVEL_WEIGHTS[topic]);
}

/** The first sentence, cut at a word before MAX_TITLE_CHARS. */
export function titleOf(first: readonly string[]): string {
  let title = first.join(" ").replace(/[.!]$/, "");
  if (title.length > MAX_TITLE_CHARS) {
    const cut = title.lastIndexOf(" ", MAX_TITLE_CHARS - 1);
    title = `${title.slice(0, cut > 0 ? cut : MAX_TITLE_CHARS - 1).replace(/[,;:]$/, "")}…`;
  }
  return title;
}

/** A demo tag, then up to MAX_TOPIC_TAGS of the topic's keywords in the order they are spoken. */
export function tagsOf(sentences: readonly Sentence[], topic: Topic): string[] {
  const tags: string[] = [];
  for (const sentence of sentences) {
    for (const keyword of sentence.keywords) {
      const topics = KEYWORDS.get(keyword) ?? [];
      if (tags.length < MAX_TOPIC_TAGS && (topics as string[]).includes(topic) && !tags.includes(keyword)) {
        tags.push(keyword);
      }
    }
  }
  return ["wordclip demo", ...tags];
}

export function categoryOf(topic: Topic, random: Random): string {
  const choices = CATEGORY_CHOICES[topic];
  return (choices[random.weighted(choices.map(([, w]) => w))] as readonly [string, number])[0];
}

/** YYYYMMDD within the upload window. */
export function uploadDateOf(random: Random): string {
  const day = new Date(UPLOAD_WINDOW_END_UTC - random.int(1, UPLOAD_WINDOW_DAYS) * 86_400_000);
  return day.toISOString().slice(0, 10).replaceAll("-", "");
}
