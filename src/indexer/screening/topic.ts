/**
 * A clip's topic: the uploader's platform category first, where it says enough, because it is the one
 * label a person chose; then keywords in the title, tags and transcript, where the category is vague or
 * missing. Title and tags are chosen by the uploader to describe the clip, so they weigh more than words
 * that merely happen to be spoken; a topic needs MIN_TOPIC_SCORE so one stray word never decides.
 */
import type { Topic } from "../../domain.js";
import { tokenise } from "../../text/tokenise.js";
import type { TokenDictionary } from "../clip-tokens.js";
import { type KeywordTopic, keywordIndex, TOPIC_KEYWORDS } from "./topic-keywords.js";

/** Points for each distinct keyword in the title. */
export const TITLE_KEYWORD_POINTS = 3;
/** Points for each distinct keyword in the tags. */
export const TAG_KEYWORD_POINTS = 2;
/** Points for each distinct keyword spoken; repeats add nothing, so one word said often cannot decide. */
export const TRANSCRIPT_KEYWORD_POINTS = 1;
/** A topic is chosen by keywords only from this score: a title keyword and a spoken one, or four spoken. */
export const MIN_TOPIC_SCORE = 4;

export interface TopicInput {
  /** Platform category names as info.json gives them (`Howto & Style`). */
  categories: readonly string[];
  title: string;
  tags: readonly string[];
  /**
   * The transcript's tokens, from the shared tokeniser; only its keywords count, so a caller may pass just
   * those (`spokenKeywords`, as the builder does).
   */
  transcriptTokens: readonly string[];
}

/** What a platform category says: a topic outright, or which keyword topics to choose among and a fallback. */
export type CategoryRule =
  | { topic: Topic }
  | { among: readonly KeywordTopic[]; minScore: number; otherwise: Topic };

const HOME_TOPICS: readonly KeywordTopic[] = ["food", "health", "business", "everyday"];
const ENTERTAINMENT: CategoryRule = { topic: "entertainment" };
const HOME: CategoryRule = { among: HOME_TOPICS, minScore: MIN_TOPIC_SCORE, otherwise: "everyday" };

/** YouTube's category names, lower-cased. The category already says the field, so its choices need no minimum. */
const CATEGORY_RULES: ReadonlyMap<string, CategoryRule> = new Map<string, CategoryRule>([
  ["sports", { topic: "sport" }],
  // Mostly devices and software; science only when its words outweigh technology's (ties go to the first).
  ["science & technology", { among: ["technology", "science"], minScore: 0, otherwise: "technology" }],
  ["travel & events", { topic: "travel" }],
  ["education", { topic: "learning" }],
  ["entertainment", ENTERTAINMENT],
  ["comedy", ENTERTAINMENT],
  ["music", ENTERTAINMENT],
  ["film & animation", ENTERTAINMENT],
  ["gaming", ENTERTAINMENT],
  ["movies", ENTERTAINMENT],
  ["shows", ENTERTAINMENT],
  ["trailers", ENTERTAINMENT],
  ["howto & style", HOME],
  ["people & blogs", HOME],
  ["news & politics", { among: ["business"], minScore: MIN_TOPIC_SCORE, otherwise: "other" }],
  ["autos & vehicles", { among: ["technology", "travel"], minScore: 0, otherwise: "technology" }],
  ["pets & animals", { topic: "everyday" }],
  ["nonprofits & activism", { topic: "other" }],
]);

/** Without a category that maps, every keyword topic competes. */
const NO_CATEGORY: CategoryRule = {
  among: Object.keys(TOPIC_KEYWORDS) as KeywordTopic[],
  minScore: MIN_TOPIC_SCORE,
  otherwise: "other",
};

const KEYWORDS = keywordIndex();

export interface TopicScore {
  total: number;
  /** The part from title and tags, which breaks ties: the uploader's words over incidental speech. */
  declared: number;
}

/** By token dictionary, whether each slot's token is a topic keyword: 0 not yet asked, 1 no, 2 yes. */
const keywordSlots = new WeakMap<TokenDictionary, Uint8Array>();

/**
 * The clip's tokens that are topic keywords, in order (all the topic's screening reads of the transcript).
 * Each token of the dictionary is asked once a thread: a keyword lookup a spoken token cost about 0.6 s
 * of each worker's CPU over 100,000 clips.
 */
export function spokenKeywords(
  slots: Int32Array,
  n: number,
  norms: readonly string[],
  dictionary: TokenDictionary,
): string[] {
  let known = keywordSlots.get(dictionary) ?? new Uint8Array(1024);
  const keywords: string[] = [];
  for (let i = 0; i < n; i++) {
    const slot = slots[i] as number;
    if (slot >= known.length) {
      const grown = new Uint8Array(Math.max(known.length * 2, slot + 1));
      grown.set(known);
      known = grown;
    }
    let state = known[slot] as number;
    if (state === 0) {
      state = KEYWORDS.has(norms[i] as string) ? 2 : 1;
      known[slot] = state;
    }
    if (state === 2) keywords.push(norms[i] as string);
  }
  keywordSlots.set(dictionary, known);
  return keywords;
}

function addDistinct(found: Set<string>, tokens: readonly string[]): void {
  for (const token of tokens) if (KEYWORDS.has(token)) found.add(token);
}

function credit(
  scores: Map<KeywordTopic, TopicScore>,
  found: Set<string>,
  points: number,
  declared: boolean,
): void {
  for (const token of found) {
    for (const topic of KEYWORDS.get(token) ?? []) {
      const score = scores.get(topic) ?? { total: 0, declared: 0 };
      score.total += points;
      if (declared) score.declared += points;
      scores.set(topic, score);
    }
  }
}

/** Keyword scores of every topic with at least one keyword. */
export function topicScores(input: Omit<TopicInput, "categories">): Map<KeywordTopic, TopicScore> {
  const inTitle = new Set<string>();
  addDistinct(inTitle, tokenise(input.title, "en"));
  const inTags = new Set<string>();
  for (const tag of input.tags) addDistinct(inTags, tokenise(tag, "en"));
  const spoken = new Set<string>();
  addDistinct(spoken, input.transcriptTokens);
  const scores = new Map<KeywordTopic, TopicScore>();
  credit(scores, inTitle, TITLE_KEYWORD_POINTS, true);
  credit(scores, inTags, TAG_KEYWORD_POINTS, true);
  credit(scores, spoken, TRANSCRIPT_KEYWORD_POINTS, false);
  return scores;
}

function choose(rule: Exclude<CategoryRule, { topic: Topic }>, scores: Map<KeywordTopic, TopicScore>): Topic {
  let best: KeywordTopic | undefined;
  let bestScore: TopicScore = { total: -1, declared: -1 };
  // Candidates in their listed order: only a strictly better score displaces one, so a full tie goes to the first.
  for (const topic of rule.among) {
    const score = scores.get(topic) ?? { total: 0, declared: 0 };
    const better =
      score.total > bestScore.total ||
      (score.total === bestScore.total && score.declared > bestScore.declared);
    if (better) {
      best = topic;
      bestScore = score;
    }
  }
  if (best === undefined || bestScore.total === 0 || bestScore.total < rule.minScore) return rule.otherwise;
  return best;
}

/** The rule of the first category that maps, or undefined when none does. */
export function categoryRule(categories: readonly string[]): CategoryRule | undefined {
  for (const category of categories) {
    const rule = CATEGORY_RULES.get(category.trim().toLowerCase());
    if (rule) return rule;
  }
  return undefined;
}

/** One topic from the fixed list for a clip. */
export function screenTopic(input: TopicInput): Topic {
  const rule = categoryRule(input.categories) ?? NO_CATEGORY;
  if ("topic" in rule) return rule.topic;
  return choose(rule, topicScores(input));
}
