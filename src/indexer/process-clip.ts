/**
 * One clip, from metadata and a parsed transcript to what the snapshot stores: cues with word times,
 * the first occurrence of every catalogue word, the clip's level and topic. Pure: no files, no database.
 */
import type { Transcript } from "../captions/transcript.js";
import type { CatalogueMatcher } from "../catalogue/matcher.js";
import { firstOccurrences, spokenWords } from "../catalogue/spoken.js";
import type { Topic } from "../domain.js";
import { encodeTranscript } from "../snapshot/transcript-blob.js";
import { normalise } from "../text/normalise.js";
import { tokeniseWords } from "../text/tokenise.js";
import type { ClipMeta } from "./clip-meta.js";
import { type ClipTokens, clipTokens, type TokenDictionary } from "./clip-tokens.js";
import { screenLevel } from "./screening/level.js";
import { screenTopic } from "./screening/topic.js";
import { wordsPerMinute } from "./speech-pace.js";

/** What the builder knows of one clip language's catalogue. */
export interface LanguageIndex {
  matcher: CatalogueMatcher;
  /** Level of each catalogue word (0 = A1 … 5 = C2), by word index. */
  levels: Uint8Array;
  /** Each catalogue word's key (`norm`), by word index. */
  norms: readonly string[];
  /** The ids of the spoken tokens of the clips this thread processes (see `clip-tokens.ts`). */
  tokens: TokenDictionary;
}

export interface StoredCue {
  t0Ms: number;
  t1Ms: number;
  text: string;
  /** Start of each space-separated word of `text`, in milliseconds. */
  wordMs: Uint32Array;
}

export interface ProcessedClip {
  meta: ClipMeta & { language: string };
  captionFormat: string;
  wordTimes: "exact" | "interpolated";
  /**
   * The transcript as the snapshot stores it (see `transcript-blob.ts`), with the catalogue words spoken
   * by word index: the writer puts the word ids in.
   */
  transcript: Uint8Array;
  /** Postings as triples (word index, tMs, cueIdx), one per catalogue word spoken, by first time spoken. */
  postings: Int32Array;
  /**
   * Each posting's occurrence as a page of results shows it, in posting order: the cue text as a JSON
   * string, then the form spoken as a JSON string when it differs from the word (see `posting-block.ts`).
   */
  occurrences: Uint8Array;
  /** Per posting, the bytes of its cue text's JSON and of its form's JSON (0 when none): 2 numbers each. */
  occurrenceBytes: Uint16Array;
  level: number;
  topic: Topic;
  /** Catalogue words indexed in the clip. */
  wordCount: number;
  /** Speech pace: words per minute while speaking (see `speech-pace.ts`); 0 without speech. */
  wordsPerMinute: number;
  /** Every normalised token spoken, by distinct token with its positions: what the positional index keeps. */
  tokens: ClipTokens;
}

/** Words and cue texts disagree: the transcript cannot be stored faithfully. */
export class TranscriptShapeError extends Error {
  override name = "TranscriptShapeError";
}

export function storedCues(transcript: Transcript): StoredCue[] {
  const times: number[][] = transcript.cues.map(() => []);
  for (const word of transcript.words) times[word.cueIdx]?.push(word.tStartMs);
  return transcript.cues.map((cue, i) => {
    const wordMs = Uint32Array.from(times[i] as number[]);
    const count = cue.text === "" ? 0 : cue.text.split(" ").length;
    if (count !== wordMs.length) {
      throw new TranscriptShapeError(
        `cue ${i} has ${count} words in its text but ${wordMs.length} word times`,
      );
    }
    return { t0Ms: cue.t0Ms, t1Ms: cue.t1Ms, text: cue.text, wordMs };
  });
}

/** The most bytes of a cue text's JSON a posting block can hold. */
const MAX_CUE_JSON_BYTES = 0xffff;

/**
 * A cue's words as `spokenForm` reads them, prepared once for all the postings in the cue: each
 * single-space-separated word's whitespace-separated parts, and whether one of them opens (or holds) a
 * `[` once normalised.
 */
export interface CueWords {
  parts: string[][];
  bracket: boolean[];
}

/** Whitespace other than the space the cue's words are separated by. */
const OTHER_SPACE = /[^\S ]/;
/** Text without a `[` or `［`, nor anything that could normalise to one, outside plain ASCII. */
const NO_BRACKET = /^[^[\uff3b\u0080-\uffff]*$/;

export function cueWords(cueText: string): CueWords {
  const words = cueText.split(" ");
  const split = OTHER_SPACE.test(cueText);
  const parts: string[][] = new Array(words.length);
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    parts[i] = split ? word.split(/\s+/).filter((part) => part !== "") : word === "" ? [] : [word];
  }
  const bracket: boolean[] = new Array(words.length).fill(false);
  if (!NO_BRACKET.test(cueText)) {
    for (let i = 0; i < words.length; i++)
      bracket[i] = (parts[i] as string[]).some((part) => normalise(part).includes("["));
  }
  return { parts, bracket };
}

/**
 * The form spoken at `tStartMs` in the cue: the caption word with that time, tokenised, as many tokens as
 * the word's key has; undefined when it is the key itself (or cannot be found).
 */
export function spokenForm(
  cueText: string,
  wordMs: ArrayLike<number>,
  tStartMs: number,
  norm: string,
  language: string,
  words: CueWords = cueWords(cueText),
): string | undefined {
  let at = -1;
  for (let i = 0; i < wordMs.length; i++) {
    if (wordMs[i] === tStartMs) {
      at = i;
      break;
    }
  }
  if (at === -1) return undefined;
  let length = 1;
  for (let i = norm.indexOf(" "); i !== -1; i = norm.indexOf(" ", i + 1)) length++;
  const form = leadingTokens(words, at, length, language).join(" ");
  return form === norm || form === "" ? undefined : form;
}

/** The parts of words [from, to) of the cue, in order. */
function partsOf(words: CueWords, from: number, to: number): string[] {
  if (to - from === 1) return words.parts[from] as string[];
  const out: string[] = [];
  for (let i = from; i < to; i++) for (const part of words.parts[i] as string[]) out.push(part);
  return out;
}

/**
 * The first `count` tokens of the words from `at` on, as tokenising the whole rest of the cue gives them,
 * from as few words as it takes. A word's tokens depend on the words after it only through a `[` sound
 * annotation, so a window of words of which none holds a `[` tokenises as it does within the rest.
 */
function leadingTokens(words: CueWords, at: number, count: number, language: string): string[] {
  const length = words.parts.length;
  for (let end = Math.min(length, at + count); ; end = Math.min(length, at + (end - at) * 2)) {
    let bracket = false;
    for (let i = at; i < end && !bracket; i++) bracket = words.bracket[i] as boolean;
    if (end === length || bracket) {
      return tokeniseWords(partsOf(words, at, length), language)
        .slice(0, count)
        .map((token) => token.norm);
    }
    const tokens = tokeniseWords(partsOf(words, at, end), language);
    if (tokens.length >= count) return tokens.slice(0, count).map((token) => token.norm);
  }
}

export function processClip(
  meta: ClipMeta & { language: string },
  transcript: Transcript,
  captionFormat: string,
  index: LanguageIndex,
): ProcessedClip {
  const cues = storedCues(transcript);
  const spoken = spokenWords(transcript.words, meta.language, index.matcher);
  const encoded = encodeTranscript(
    cues,
    spoken.hits.map((hit) => ({
      word: hit.word,
      tStartMs: hit.tStartMs,
      formJson: hit.form === index.norms[hit.word] ? undefined : JSON.stringify(hit.form),
    })),
  );
  const first = firstOccurrences(spoken.hits);
  const postings = new Int32Array(first.size * 3);
  const occurrenceBytes = new Uint16Array(first.size * 2);
  const cueJson = new Map<number, Buffer>();
  const wordsOfCue = new Map<number, CueWords>();
  const parts: Buffer[] = [];
  let i = 0;
  for (const hit of first.values()) {
    const cue = cues[hit.cueIdx];
    let text = cueJson.get(hit.cueIdx);
    if (text === undefined) {
      text = Buffer.from(JSON.stringify(cue?.text ?? ""), "utf8");
      if (text.length > MAX_CUE_JSON_BYTES)
        throw new TranscriptShapeError(`cue ${hit.cueIdx} is longer than a posting can hold`);
      cueJson.set(hit.cueIdx, text);
    }
    let words: CueWords | undefined;
    if (cue !== undefined) {
      words = wordsOfCue.get(hit.cueIdx);
      if (words === undefined) {
        words = cueWords(cue.text);
        wordsOfCue.set(hit.cueIdx, words);
      }
    }
    const form =
      cue &&
      spokenForm(cue.text, cue.wordMs, hit.tStartMs, index.norms[hit.word] as string, meta.language, words);
    const formJson = form === undefined ? undefined : Buffer.from(JSON.stringify(form), "utf8");
    parts.push(text);
    if (formJson !== undefined) parts.push(formJson);
    occurrenceBytes[(i / 3) * 2] = text.length;
    occurrenceBytes[(i / 3) * 2 + 1] = formJson?.length ?? 0;
    postings[i++] = hit.word;
    postings[i++] = hit.tStartMs;
    postings[i++] = hit.cueIdx;
  }
  const occurrences = new Uint8Array(Buffer.concat(parts));
  // The level profile counts tokens, not words: each catalogue token at the easiest level it can be read at.
  const tokenLevels = new Map<number, number>();
  for (const hit of spoken.hits) {
    if (hit.length !== 1) continue;
    const level = index.levels[hit.word] as number;
    const seen = tokenLevels.get(hit.token);
    if (seen === undefined || level < seen) tokenLevels.set(hit.token, level);
  }
  const level = screenLevel({
    tokenLevels: [...tokenLevels.values()],
    durationS: meta.durationS,
    spokenWordCount: transcript.words.length,
  });
  const topic = screenTopic({
    categories: meta.categories,
    title: meta.title,
    tags: meta.tags,
    transcriptTokens: spoken.tokens,
  });
  return {
    meta,
    captionFormat,
    wordTimes: transcript.wordTimes,
    transcript: encoded,
    postings,
    occurrences,
    occurrenceBytes,
    level,
    topic,
    wordCount: first.size,
    wordsPerMinute: wordsPerMinute(transcript.words),
    // Last: the dictionary learns the clip's tokens only once nothing can reject the clip any more.
    tokens: clipTokens(spoken.tokens, index.tokens),
  };
}
