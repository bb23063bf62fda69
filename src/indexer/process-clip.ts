/**
 * One clip, from metadata and a parsed transcript to what the snapshot stores: cues with word times,
 * the first occurrence of every catalogue word, the clip's level and topic. Pure: no files, no database.
 */
import type { TimedWord, Transcript } from "../captions/transcript.js";
import type { Topic } from "../domain.js";
import { encodeTranscriptColumns, flatWordTimes } from "../snapshot/transcript-blob.js";
import { Utf8Run } from "../snapshot/utf8-run.js";
import { tokeniseWords, type WordToken } from "../text/tokenise.js";
import type { ClipMeta } from "./clip-meta.js";
import { type ClipTokens, clipTokensOfSlots } from "./clip-tokens.js";
import { screenLevel } from "./screening/level.js";
import { screenTopic, spokenKeywords } from "./screening/topic.js";
import { wordsPerMinute } from "./speech-pace.js";
import { ClipForms, type CueWords, cueWords, spokenForm } from "./spoken-form.js";
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
    checkWordCount(cue.text, i, wordMs.length);
    return { t0Ms: cue.t0Ms, t1Ms: cue.t1Ms, text: cue.text, wordMs };
  });
}

/** Throws a TranscriptShapeError when cue `i`'s text does not have `times` words. */
function checkWordCount(text: string, i: number, times: number): void {
  let count = text === "" ? 0 : 1;
  for (let at = text.indexOf(" "); at !== -1; at = text.indexOf(" ", at + 1)) count++;
  if (count !== times)
    throw new TranscriptShapeError(`cue ${i} has ${count} words in its text but ${times} word times`);
}

/**
 * Every word's start, cue by cue, and where each cue's words start: from the words as they are when every
 * cue's words are together (`cueFirst`), else gathered by cue as `storedCues` does; every cue's text is
 * checked to have as many words.
 */
function cueWordTimes(
  transcript: Transcript,
  cueFirst: Int32Array | undefined,
): { wordMs: Uint32Array; firstWord: Int32Array } {
  const { cues, words } = transcript;
  if (cueFirst === undefined) return flatWordTimes(storedCues(transcript));
  for (let i = 0; i < cues.length; i++)
    checkWordCount(
      (cues[i] as { text: string }).text,
      i,
      (cueFirst[i + 1] as number) - (cueFirst[i] as number),
    );
  const wordMs = new Uint32Array(words.length);
  for (let w = 0; w < words.length; w++) wordMs[w] = (words[w] as TimedWord).tStartMs;
  return { wordMs, firstWord: cueFirst };
}

/** `JSON.stringify` of a string: quoted as it is when nothing in it needs escaping, as most cue texts. */
function jsonString(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Quotes, backslashes, control characters and (lone) surrogates are escaped: left to JSON.stringify.
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff))
      return JSON.stringify(text);
  }
  return `"${text}"`;
}

/** The most bytes of a cue text's JSON a posting block can hold. */
const MAX_CUE_JSON_BYTES = 0xffff;

/** The catalogue words spoken, as the transcript stores them: each hit's word, time and form when not the key. */
function spokenColumns(
  hits: SlotHits,
  slots: Int32Array,
  norms: readonly string[],
  tokenMs: (token: number) => number,
  matcher: SpokenMatcher,
): { count: number; word: Int32Array; tStartMs: Float64Array; formJson: Array<string | undefined> } {
  const count = hits.count;
  const word = hits.word.slice(0, count);
  const tStartMs = new Float64Array(count);
  const formJson: Array<string | undefined> = new Array(count);
  for (let i = 0; i < count; i++) {
    const start = hits.start[i] as number;
    const length = hits.length[i] as number;
    tStartMs[i] = tokenMs(start);
    if (matcher.isKey(word[i] as number, slots, start, length)) formJson[i] = undefined;
    else if (length === 1) formJson[i] = matcher.tokens.jsonOf(slots[start] as number);
    else formJson[i] = JSON.stringify(norms.slice(start, start + length).join(" "));
  }
  return { count, word, tStartMs, formJson };
}

export function processClip(
  meta: ClipMeta & { language: string },
  transcript: Transcript,
  captionFormat: string,
  index: LanguageIndex,
): ProcessedClip {
  const { cues, words } = transcript;
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
    tokenWord[i] = token.word;
  }
  dictionary.slotsOf(n, (i) => norms[i] as string, slots);
  const cueTexts = cues.map((cue) => cue.text);
  const forms = new ClipForms(words, cueTexts, tokenWord);
  const times = cueWordTimes(transcript, forms.cueFirst);
  const tokenMs = (token: number): number => (words[tokenWord[token] as number] as TimedWord).tStartMs;
  const hits = matcher.match(slots, n);
  const encoded = encodeTranscriptColumns(cues, times, spokenColumns(hits, slots, norms, tokenMs, matcher));

  // Each posting's occurrence: its cue's text as JSON (once a cue), then its form as JSON unless the key.
  const first = matcher.firstHits();
  const postings = new Int32Array(first.count * 3);
  const parts: string[] = [];
  const cueJson: Array<string | undefined> = new Array(cues.length);
  const wordsOfCue: Array<CueWords | undefined> = new Array(cues.length);
  for (let p = 0; p < first.count; p++) {
    const hit = first.hit[p] as number;
    const word = hits.word[hit] as number;
    const start = hits.start[hit] as number;
    const timed = words[tokenWord[start] as number] as TimedWord;
    const cueIdx = timed.cueIdx;
    const cue = cues[cueIdx];
    let text = cueJson[cueIdx];
    if (text === undefined) {
      text = jsonString(cue?.text ?? "");
      cueJson[cueIdx] = text;
    }
    parts.push(text);
    let formJson: string | undefined;
    if (cue !== undefined) {
      const keyTokens = matcher.keyTokens(word);
      if (forms.formIsClipTokens(start, keyTokens)) {
        if (!matcher.isKey(word, slots, start, keyTokens))
          formJson =
            keyTokens === 1
              ? dictionary.jsonOf(slots[start] as number)
              : JSON.stringify(norms.slice(start, start + keyTokens).join(" "));
      } else {
        const wordMs = times.wordMs.subarray(
          times.firstWord[cueIdx] as number,
          times.firstWord[cueIdx + 1] as number,
        );
        let cueWordsOf = wordsOfCue[cueIdx];
        if (cueWordsOf === undefined) {
          cueWordsOf = cueWords(cue.text);
          wordsOfCue[cueIdx] = cueWordsOf;
        }
        const norm = index.norms[word] as string;
        const form = spokenForm(cue.text, wordMs, timed.tStartMs, norm, meta.language, cueWordsOf);
        if (form !== undefined) formJson = JSON.stringify(form);
      }
    }
    parts.push(formJson ?? "");
    postings[3 * p] = word;
    postings[3 * p + 1] = timed.tStartMs;
    postings[3 * p + 2] = cueIdx;
  }
  const run = new Utf8Run(parts);
  const occurrenceBytes = new Uint16Array(first.count * 2);
  for (let p = 0; p < first.count; p++) {
    const text = run.lengths[2 * p] as number;
    if (text > MAX_CUE_JSON_BYTES)
      throw new TranscriptShapeError(`cue ${postings[3 * p + 2]} is longer than a posting can hold`);
    occurrenceBytes[2 * p] = text;
    occurrenceBytes[2 * p + 1] = run.lengths[2 * p + 1] as number;
  }
  const occurrences = Buffer.allocUnsafe(run.bytes);
  run.writeTo(occurrences, 0);

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
  const level = screenLevel({ tokenLevels, durationS: meta.durationS, spokenWordCount: words.length });
  const topic = screenTopic({
    categories: meta.categories,
    title: meta.title,
    tags: meta.tags,
    transcriptTokens: spokenKeywords(slots, n, norms, dictionary),
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
    wordCount: first.count,
    wordsPerMinute: wordsPerMinute(words),
    // Last: the dictionary learns the clip's tokens only once nothing can reject the clip any more.
    tokens: clipTokensOfSlots(slots, n, dictionary),
  };
}
