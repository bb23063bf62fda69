/**
 * One generated clip, decided entirely by the corpus seed and the clip number: its channel and topic, a
 * target level, a duration skewed short as Shorts are, and real example sentences spoken at a natural
 * pace, steered toward the topic and the level so the builder's screening has some truth to find.
 */
import { LEVELS, MAX_CLIP_DURATION_S, type Topic } from "../domain.js";
import { type DemoChannel, pickChannel } from "./channels.js";
import { Random } from "./random.js";
import type { Sentence, SentencePool } from "./sentences.js";
import { breakLines, type CaptionLine, type DemoWord, type Pace, timeSentence } from "./speech.js";
import { categoryOf, tagsOf, targetLevelOf, titleOf, uploadDateOf } from "./uploader.js";

export type DemoCaptionFormat = "vtt" | "json3" | "srv3";

export interface DemoClip {
  clipNo: number;
  /** `demo` + 8 digits: 12 characters, never a platform video id (those are exactly 11). */
  videoId: string;
  title: string;
  durationS: number;
  channel: DemoChannel;
  /** YYYYMMDD. */
  uploadDate: string;
  categories: string[];
  tags: string[];
  /** The topic the clip was made about, and the level its sentences were drawn at (0 = A1 … 5 = C2). */
  intendedTopic: Topic;
  targetLevel: number;
  format: DemoCaptionFormat;
  lines: CaptionLine[];
  /** When the last caption leaves the screen, milliseconds from the start. */
  captionsEndMs: number;
}

export const MIN_DEMO_DURATION_S = 15;
/** Share of clips under a minute, as on a Shorts-heavy platform. */
const SHORT_SHARE = 0.75;
/**
 * Articulation rate, words per second while speaking. With the pauses between sentences a clip comes
 * out at about 2.5 words a second, conversational English.
 */
const ARTICULATION_WORDS_PER_S = [2.6, 3.6] as const;
/** Share of clips from fast talkers, fast enough for the level screening to count their speech as fast. */
const FAST_TALKER_SHARE = 0.06;
const FAST_ARTICULATION_WORDS_PER_S = [4.4, 5.0] as const;
/** Pauses between sentences at this articulation rate; faster talkers pause for less. */
const USUAL_ARTICULATION_WORDS_PER_S = 3.1;
const PAUSE_MS = [200, 800] as const;
const LONG_PAUSE_MS = [900, 1_800] as const;
const LONG_PAUSE_SHARE = 0.1;
/** Share of a clip's sentences drawn from its topic's sentences (the rest from all). */
const ON_TOPIC_SHARE = 0.6;

const FORMATS: readonly DemoCaptionFormat[] = ["vtt", "json3", "srv3"];
/** Most clips as `--sub-format vtt` gives them; some as json3 and srv3 so every parser is exercised. */
const FORMAT_WEIGHTS = [85, 10, 5];

export function demoVideoId(clipNo: number): string {
  return `demo${String(clipNo).padStart(8, "0")}`;
}

function durationOf(random: Random): number {
  if (random.chance(SHORT_SHARE)) return random.int(MIN_DEMO_DURATION_S, 59);
  return random.int(60, MAX_CLIP_DURATION_S);
}

type SentencesByLevel = readonly (readonly Sentence[])[];

/** Level weights of a list of sentences by level, per target level; computed once per list. */
const weightCache = new WeakMap<SentencesByLevel, number[][]>();

function levelWeights(levels: SentencesByLevel, targetLevel: number): number[] {
  let byTarget = weightCache.get(levels);
  if (byTarget === undefined) {
    // The target level weighs most: the clip's level is set by its hardest 5% of words.
    byTarget = LEVELS.map((_, target) =>
      levels.map((list, level) => {
        if (list.length === 0 || level > target) return 0;
        return level === target ? 6 : level === target - 1 ? 2 : 1;
      }),
    );
    weightCache.set(levels, byTarget);
  }
  return byTarget[targetLevel] ?? [];
}

/** A sentence at or below the target level, most often at it, from the topic's sentences when asked. */
function pickSentence(pool: SentencePool, topic: Topic, targetLevel: number, random: Random): Sentence {
  const onTopic = topic === "other" ? undefined : pool.byTopic.get(topic);
  const levels = onTopic !== undefined && random.chance(ON_TOPIC_SHARE) ? onTopic : pool.byLevel;
  const weights = levelWeights(levels, targetLevel);
  if (weights.some((w) => w > 0)) return random.pick(levels[random.weighted(weights)] as readonly Sentence[]);
  return random.pick(pool.sentences);
}

/** Clip `clipNo` (from 1) of the corpus with this seed. */
export function generateClip(seed: string, clipNo: number, pool: SentencePool): DemoClip {
  const random = new Random(seed, "clip", clipNo);
  const channel = pickChannel(random);
  const topic = channel.topic;
  const targetLevel = targetLevelOf(topic, random);
  const durationS = durationOf(random);
  const [slowest, fastest] = random.chance(FAST_TALKER_SHARE)
    ? FAST_ARTICULATION_WORDS_PER_S
    : ARTICULATION_WORDS_PER_S;
  const wordsPerS = random.between(slowest, fastest);
  const pace: Pace = { msPerWord: 1000 / wordsPerS };
  const pauseScale = USUAL_ARTICULATION_WORDS_PER_S / wordsPerS;
  // The tail outlasts the longest caption hold below, so captions end inside the clip.
  const tailMs = random.int(1_300, 3_000);
  const speechLimitMs = durationS * 1000 - tailMs;

  const sentences: Sentence[] = [];
  const words: DemoWord[] = [];
  let cursorMs = random.int(2, 30) * 40;
  let speechEndMs = cursorMs;
  for (let misses = 0; misses < 4; ) {
    const sentence = pickSentence(pool, topic, targetLevel, random);
    const spoken = timeSentence(sentence.words, cursorMs, pace, random);
    // The first sentence is always kept, so every clip speaks; should it outrun a 15 s clip, the clip grows.
    if (spoken.endMs > speechLimitMs && sentences.length > 0) {
      misses++;
      continue;
    }
    sentences.push(sentence);
    words.push(...spoken.words);
    speechEndMs = spoken.endMs;
    // A breath between sentences, now and then a longer pause.
    const [shortest, longest] = random.chance(LONG_PAUSE_SHARE) ? LONG_PAUSE_MS : PAUSE_MS;
    cursorMs = spoken.endMs + Math.round(random.int(shortest, longest) * pauseScale);
  }

  const captionsEndMs = speechEndMs + random.int(300, 1_200);
  const format = FORMATS[random.weighted(FORMAT_WEIGHTS)] as DemoCaptionFormat;
  return {
    clipNo,
    videoId: demoVideoId(clipNo),
    title: titleOf((sentences[0] as Sentence).words),
    // Longer only when a short clip's first sentence runs over (24 words at most, far below 180 s).
    durationS: Math.max(durationS, Math.ceil(captionsEndMs / 1000)),
    channel,
    uploadDate: uploadDateOf(random),
    categories: [categoryOf(topic, random)],
    tags: tagsOf(sentences, topic),
    intendedTopic: topic,
    targetLevel,
    format,
    lines: breakLines(words),
    captionsEndMs,
  };
}
