/**
 * One clip, from metadata and a parsed transcript to what the snapshot stores: cues with word times,
 * the first occurrence of every catalogue word, the clip's level and topic. Pure: no files, no database.
 */
import type { TimedWord, Transcript } from "../captions/transcript.js";
import type { Topic } from "../domain.js";
import { type EncodableSpokenWord, encodeTranscript } from "../snapshot/transcript-blob.js";
import { normalise } from "../text/normalise.js";
import { tokeniseWords, type WordToken } from "../text/tokenise.js";
import type { ClipMeta } from "./clip-meta.js";
import { type ClipTokens, clipTokensOfSlots } from "./clip-tokens.js";
import { screenLevel } from "./screening/level.js";
import { screenTopic } from "./screening/topic.js";
import { wordsPerMinute } from "./speech-pace.js";
import type { SlotHits, SpokenMatcher } from "./spoken-matcher.js";

/** What the builder knows of one clip language's catalogue. */
export interface LanguageIndex {
  /** The catalogue's spellings, over the token dictionary of the clips this thread processes (`clip-tokens.ts`). */
  matcher: SpokenMatcher;
  /** Level of each catalogue word (0 = A1 … 5 = C2), by word index. */
  levels: Uint8Array;
  /** Each catalogue word's key (`norm`), by word index. */
  norms: readonly string[];
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

/** Whether a cue's words can take the form spoken from the clip's tokens (`formFromClipTokens`): 1 yes, 0 no. */
type PlainCues = Int8Array;

/**
 * True when the cue's text is plain ASCII without brackets or whitespace but single spaces between the words
 * the transcript has for it, `words[first … first + count)`: its words then tokenise one by one, as they
 * do in the whole clip's token stream.
 */
function isPlainCue(text: string, words: readonly TimedWord[], first: number, count: number): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7e || code === 0x5b || code === 0x5d) return false;
  }
  let at = 0;
  for (let w = first; w < first + count; w++) {
    const token = (words[w] as TimedWord).token;
    if (w > first) {
      if (text.charCodeAt(at) !== 0x20) return false;
      at++;
    }
    if (!text.startsWith(token, at)) return false;
    at += token.length;
  }
  return at === text.length;
}

/**
 * The form `spokenForm` gives for a hit, read from the clip's token stream when that is sure to give the
 * same (the hit's first token is the first of a word of a plain cue, the first word of the cue spoken at
 * its time, and the cue holds all the tokens of the key); undefined when it is not, and `spokenForm` must
 * tokenise the cue.
 */
function formFromClipTokens(
  clip: ClipTokenStream,
  start: number,
  norm: string,
  plain: PlainCues,
): { form: string | undefined } | undefined {
  const { words, tokenWord, norms, cueFirst } = clip;
  const w = tokenWord[start] as number;
  if (start > 0 && tokenWord[start - 1] === w) return undefined;
  const word = words[w] as TimedWord;
  const cueIdx = word.cueIdx;
  const first = cueFirst[cueIdx] as number;
  if (first === -1) return undefined;
  let plainness = plain[cueIdx] as number;
  if (plainness === -1) {
    const cue = clip.cues[cueIdx];
    plainness =
      cue !== undefined && isPlainCue(cue.text, words, first, (cueFirst[cueIdx + 1] as number) - first)
        ? 1
        : 0;
    plain[cueIdx] = plainness;
  }
  if (plainness === 0) return undefined;
  for (let earlier = first; earlier < w; earlier++)
    if ((words[earlier] as TimedWord).tStartMs === word.tStartMs) return undefined;
  let count = 1;
  for (let i = norm.indexOf(" "); i !== -1; i = norm.indexOf(" ", i + 1)) count++;
  const last = start + count - 1;
  if (last >= norms.length || (words[tokenWord[last] as number] as TimedWord).cueIdx !== cueIdx)
    return undefined;
  const form = count === 1 ? (norms[start] as string) : norms.slice(start, start + count).join(" ");
  return { form: form === norm ? undefined : form };
}

/** A clip's words and their tokens, for `formFromClipTokens`. */
interface ClipTokenStream {
  words: readonly TimedWord[];
  cues: readonly StoredCue[];
  /** Every token's norm, and the word it comes from. */
  norms: readonly string[];
  tokenWord: Int32Array;
  /** Per cue, its first word, and at the end the word count; all −1 when a cue's words are not together. */
  cueFirst: Int32Array;
}

/** Per cue its first word, then the number of words; −1 throughout unless every cue's words are together. */
function cueStarts(words: readonly TimedWord[], cues: number): Int32Array {
  const first = new Int32Array(cues + 1).fill(-1);
  let previous = -1;
  for (let w = 0; w < words.length; w++) {
    const cueIdx = (words[w] as TimedWord).cueIdx;
    if (cueIdx === previous) continue;
    if (cueIdx < previous || cueIdx >= cues || !Number.isInteger(cueIdx)) return first.fill(-1);
    first[cueIdx] = w;
    previous = cueIdx;
  }
  // A cue without words has no postings; its start is that of the next.
  first[cues] = words.length;
  for (let c = cues - 1; c >= 0; c--) if (first[c] === -1) first[c] = first[c + 1] as number;
  return first;
}

/** The first hit of each word, in the order first spoken: hit indexes into `hits`. */
function firstHits(hits: SlotHits, words: number): number[] {
  const seen = new Uint8Array(words);
  const first: number[] = [];
  for (let i = 0; i < hits.count; i++) {
    const word = hits.word[i] as number;
    if (seen[word] === 0) {
      seen[word] = 1;
      first.push(i);
    }
  }
  return first;
}

export function processClip(
  meta: ClipMeta & { language: string },
  transcript: Transcript,
  captionFormat: string,
  index: LanguageIndex,
): ProcessedClip {
  const cues = storedCues(transcript);
  const { words } = transcript;
  const { matcher } = index;
  const dictionary = matcher.tokens;
  const wordTokens = tokeniseWords(
    words.map((w) => w.token),
    meta.language,
  );
  const n = wordTokens.length;
  const norms: string[] = new Array(n);
  const slots = new Int32Array(n);
  const tokenWord = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const token = wordTokens[i] as WordToken;
    norms[i] = token.norm;
    slots[i] = dictionary.slotOf(token.norm);
    tokenWord[i] = token.word;
  }
  const hits = matcher.match(slots, n);
  const formOf = (hit: number): string => {
    const start = hits.start[hit] as number;
    const length = hits.length[hit] as number;
    return length === 1 ? (norms[start] as string) : norms.slice(start, start + length).join(" ");
  };
  const spoken: EncodableSpokenWord[] = new Array(hits.count);
  for (let i = 0; i < hits.count; i++) {
    const word = hits.word[i] as number;
    const form = formOf(i);
    spoken[i] = {
      word,
      tStartMs: (words[tokenWord[hits.start[i] as number] as number] as TimedWord).tStartMs,
      formJson: form === index.norms[word] ? undefined : JSON.stringify(form),
    };
  }
  const encoded = encodeTranscript(cues, spoken);
  const first = firstHits(hits, index.norms.length);
  const postings = new Int32Array(first.length * 3);
  const occurrenceBytes = new Uint16Array(first.length * 2);
  const cueJson: Array<Buffer | undefined> = new Array(cues.length);
  const wordsOfCue: Array<CueWords | undefined> = new Array(cues.length);
  const stream: ClipTokenStream = { words, cues, norms, tokenWord, cueFirst: cueStarts(words, cues.length) };
  const plain: PlainCues = new Int8Array(cues.length).fill(-1);
  const parts: Buffer[] = [];
  let p = 0;
  for (const hit of first) {
    const word = hits.word[hit] as number;
    const start = hits.start[hit] as number;
    const timed = words[tokenWord[start] as number] as TimedWord;
    const cueIdx = timed.cueIdx;
    const cue = cues[cueIdx];
    let text = cueJson[cueIdx];
    if (text === undefined) {
      text = Buffer.from(JSON.stringify(cue?.text ?? ""), "utf8");
      if (text.length > MAX_CUE_JSON_BYTES)
        throw new TranscriptShapeError(`cue ${cueIdx} is longer than a posting can hold`);
      cueJson[cueIdx] = text;
    }
    const norm = index.norms[word] as string;
    let form: string | undefined;
    if (cue !== undefined) {
      const quick = formFromClipTokens(stream, start, norm, plain);
      if (quick !== undefined) form = quick.form;
      else {
        let cueWordsOf = wordsOfCue[cueIdx];
        if (cueWordsOf === undefined) {
          cueWordsOf = cueWords(cue.text);
          wordsOfCue[cueIdx] = cueWordsOf;
        }
        form = spokenForm(cue.text, cue.wordMs, timed.tStartMs, norm, meta.language, cueWordsOf);
      }
    }
    const formJson = form === undefined ? undefined : Buffer.from(JSON.stringify(form), "utf8");
    parts.push(text);
    if (formJson !== undefined) parts.push(formJson);
    occurrenceBytes[2 * p] = text.length;
    occurrenceBytes[2 * p + 1] = formJson?.length ?? 0;
    postings[3 * p] = word;
    postings[3 * p + 1] = timed.tStartMs;
    postings[3 * p + 2] = cueIdx;
    p++;
  }
  const occurrences = Buffer.concat(parts);
  // The level profile counts tokens, not words: each catalogue token at the easiest level it can be read at.
  // Hits come by start token, so a token's single-token hits are together.
  const tokenLevels: number[] = [];
  let atToken = -1;
  for (let i = 0; i < hits.count; i++) {
    if (hits.length[i] !== 1) continue;
    const level = index.levels[hits.word[i] as number] as number;
    const start = hits.start[i] as number;
    if (start !== atToken) {
      tokenLevels.push(level);
      atToken = start;
    } else if (level < (tokenLevels[tokenLevels.length - 1] as number)) {
      tokenLevels[tokenLevels.length - 1] = level;
    }
  }
  const level = screenLevel({
    tokenLevels,
    durationS: meta.durationS,
    spokenWordCount: words.length,
  });
  const topic = screenTopic({
    categories: meta.categories,
    title: meta.title,
    tags: meta.tags,
    transcriptTokens: norms,
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
    wordCount: first.length,
    wordsPerMinute: wordsPerMinute(words),
    // Last: the dictionary learns the clip's tokens only once nothing can reject the clip any more.
    tokens: clipTokensOfSlots(slots, n, dictionary),
  };
}
