/**
 * A clip's transcript as the snapshot stores it: one compact value per clip, so the builder writes one
 * row per clip and a reader can take out a single cue without decoding the rest.
 *
 * Layout (little-endian): u32 cueCount, u32 wordCount; per cue u32 t0Ms, u32 t1Ms, u32 textStart,
 * u32 textEnd, u32 firstWord; then u32 tStartMs per word; then the UTF-8 text of every cue, back to back.
 * A cue's words are the single-space-separated words of its text, in order.
 *
 * Then the catalogue words spoken, as the word matcher found them at build time, so the transcript
 * answer does not match again: u32 count; per word spoken u32 wordId, u32 tStartMs, u16 formBytes; then
 * each form as a JSON string (no bytes when the form is the word's key), back to back. The builder's
 * workers write word indexes in the wordId field; the writer puts the ids in (`setSpokenWordIds`).
 */
import type { Cue, TimedWord, Transcript } from "../captions/transcript.js";
import { type JsonBytes, jsonPiece } from "../text/json-bytes.js";
import { Utf8Run } from "./utf8-run.js";

const HEADER_BYTES = 8;
const CUE_BYTES = 20;

export interface EncodableCue {
  t0Ms: number;
  t1Ms: number;
  text: string;
  /** Start of each space-separated word of `text`. */
  wordMs: ArrayLike<number>;
}

/** A catalogue word spoken: by word index (the builder's workers) or word id (the snapshot). */
export interface EncodableSpokenWord {
  word: number;
  tStartMs: number;
  /** The form spoken, JSON-encoded, when it differs from the word's key. */
  formJson: string | undefined;
}

const SPOKEN_BYTES = 10;

/** A cue's times and text, its words given apart (`CueWordTimes`). */
export interface EncodableCueText {
  t0Ms: number;
  t1Ms: number;
  text: string;
}

/** The starts of every cue's words: cue i's are `wordMs[firstWord[i] … firstWord[i + 1])`. */
export interface CueWordTimes {
  wordMs: ArrayLike<number>;
  /** One more entry than there are cues. */
  firstWord: ArrayLike<number>;
}

/** The catalogue words spoken, by field: word `i` is `word[i]` at `tStartMs[i]` with `formJson[i]`. */
export interface SpokenWordColumns {
  count: number;
  word: ArrayLike<number>;
  tStartMs: ArrayLike<number>;
  formJson: ArrayLike<string | undefined>;
}

/** Every cue's word times back to back, and where each cue's start (`firstWord[i]`, n + 1 of them). */
export function flatWordTimes(cues: readonly Pick<EncodableCue, "wordMs">[]): {
  wordMs: Uint32Array;
  firstWord: Int32Array;
} {
  const firstWord = new Int32Array(cues.length + 1);
  cues.forEach((cue, i) => {
    firstWord[i + 1] = (firstWord[i] as number) + cue.wordMs.length;
  });
  const wordMs = new Uint32Array(firstWord[cues.length] as number);
  cues.forEach((cue, i) => {
    wordMs.set(cue.wordMs, firstWord[i] as number);
  });
  return { wordMs, firstWord };
}

export function encodeTranscript(
  cues: readonly EncodableCue[],
  spoken: readonly EncodableSpokenWord[] = [],
): Uint8Array {
  return encodeTranscriptColumns(cues, flatWordTimes(cues), {
    count: spoken.length,
    word: spoken.map((w) => w.word),
    tStartMs: spoken.map((w) => w.tStartMs),
    formJson: spoken.map((w) => w.formJson),
  });
}

/** As `encodeTranscript`, from the cues' word times and the words spoken as columns: the same bytes. */
export function encodeTranscriptColumns(
  cues: readonly EncodableCueText[],
  times: CueWordTimes,
  spoken: SpokenWordColumns,
): Uint8Array {
  const texts = new Utf8Run(cues.map((cue) => cue.text));
  const formJsons: string[] = [];
  for (let i = 0; i < spoken.count; i++) {
    const json = spoken.formJson[i];
    if (json !== undefined) formJsons.push(json);
  }
  const forms = new Utf8Run(formJsons);
  const wordCount = times.firstWord[cues.length] as number;
  const wordsAt = HEADER_BYTES + cues.length * CUE_BYTES;
  const textAt = wordsAt + wordCount * 4;
  const spokenAt = textAt + texts.bytes;
  const formsAt = spokenAt + 4 + spoken.count * SPOKEN_BYTES;
  const out = Buffer.alloc(formsAt + forms.bytes);
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  view.setUint32(0, cues.length, true);
  view.setUint32(4, wordCount, true);
  let text = 0;
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i] as EncodableCueText;
    const at = HEADER_BYTES + i * CUE_BYTES;
    const bytes = texts.lengths[i] as number;
    view.setUint32(at, cue.t0Ms, true);
    view.setUint32(at + 4, cue.t1Ms, true);
    view.setUint32(at + 8, text, true);
    view.setUint32(at + 12, text + bytes, true);
    view.setUint32(at + 16, times.firstWord[i] as number, true);
    text += bytes;
  }
  for (let w = 0; w < wordCount; w++) view.setUint32(wordsAt + w * 4, times.wordMs[w] as number, true);
  texts.writeTo(out, textAt);
  view.setUint32(spokenAt, spoken.count, true);
  let form = 0;
  for (let i = 0; i < spoken.count; i++) {
    const at = spokenAt + 4 + i * SPOKEN_BYTES;
    view.setUint32(at, spoken.word[i] as number, true);
    view.setUint32(at + 4, spoken.tStartMs[i] as number, true);
    view.setUint16(at + 8, spoken.formJson[i] === undefined ? 0 : (forms.lengths[form++] as number), true);
  }
  forms.writeTo(out, formsAt);
  return out;
}

/** Where the words spoken start: after the last cue's text. */
function spokenStart(buf: Buffer): number {
  const cues = buf.readUInt32LE(0);
  const textAt = HEADER_BYTES + cues * CUE_BYTES + buf.readUInt32LE(4) * 4;
  return cues === 0 ? textAt : textAt + buf.readUInt32LE(HEADER_BYTES + (cues - 1) * CUE_BYTES + 12);
}

/** Replaces the word indexes of the words spoken by word ids, in place. */
export function setSpokenWordIds(blob: Uint8Array, wordIds: Int32Array): void {
  const buf = view(blob);
  const at = spokenStart(buf);
  const n = buf.readUInt32LE(at);
  for (let i = 0; i < n; i++) {
    const field = at + 4 + i * SPOKEN_BYTES;
    buf.writeUInt32LE(wordIds[buf.readUInt32LE(field)] as number, field);
  }
}

/** The catalogue words spoken, in order, with each form as JSON (undefined when it is the word's key). */
export function decodeSpokenWords(
  blob: Uint8Array,
): Array<{ wordId: number; tStartMs: number; formJson: string | undefined }> {
  const buf = view(blob);
  const at = spokenStart(buf);
  if (at + 4 > buf.length) return [];
  const n = buf.readUInt32LE(at);
  const out: Array<{ wordId: number; tStartMs: number; formJson: string | undefined }> = [];
  let form = at + 4 + n * SPOKEN_BYTES;
  for (let i = 0; i < n; i++) {
    const field = at + 4 + i * SPOKEN_BYTES;
    const bytes = buf.readUInt16LE(field + 8);
    out.push({
      wordId: buf.readUInt32LE(field),
      tStartMs: buf.readUInt32LE(field + 4),
      formJson: bytes === 0 ? undefined : buf.toString("utf8", form, form + bytes),
    });
    form += bytes;
  }
  return out;
}

/**
 * Calls `each` for every catalogue word spoken, in order, with no object made: the word id, its start, and
 * where its form's JSON is in `buf` ([formStart, formEnd), empty when the form is the word's key). What
 * `decodeSpokenWords` decodes.
 */
export function forEachSpokenWord(
  blob: Uint8Array,
  each: (wordId: number, tStartMs: number, buf: Buffer, formStart: number, formEnd: number) => void,
): void {
  const buf = view(blob);
  const at = spokenStart(buf);
  if (at + 4 > buf.length) return;
  const n = buf.readUInt32LE(at);
  let form = at + 4 + n * SPOKEN_BYTES;
  for (let i = 0; i < n; i++) {
    const field = at + 4 + i * SPOKEN_BYTES;
    const end = form + buf.readUInt16LE(field + 8);
    each(buf.readUInt32LE(field), buf.readUInt32LE(field + 4), buf, form, end);
    form = end;
  }
}

const FIRST_CUE = jsonPiece('{"idx":');
const NEXT_CUE = jsonPiece('},{"idx":');
const T0 = jsonPiece(',"t0":');
const T1 = jsonPiece(',"t1":');
const TEXT = jsonPiece(',"text":');
const CUES_END = jsonPiece("}]");
const NO_CUES = jsonPiece("[]");

/**
 * Writes every cue as the transcript answer's cues array, `[{"idx":0,"t0":…,"t1":…,"text":"…"},…]`,
 * straight from the stored bytes: what `JSON.stringify` writes for `decodeCueTexts` with the times in
 * seconds.
 */
export function writeCuesJson(out: JsonBytes, blob: Uint8Array): void {
  const buf = view(blob);
  const cues = buf.readUInt32LE(0);
  if (cues === 0) {
    out.raw(NO_CUES);
    return;
  }
  const textAt = HEADER_BYTES + cues * CUE_BYTES + buf.readUInt32LE(4) * 4;
  out.text("[");
  for (let idx = 0; idx < cues; idx++) {
    const at = HEADER_BYTES + idx * CUE_BYTES;
    out.raw(idx === 0 ? FIRST_CUE : NEXT_CUE).number(idx);
    out.raw(T0).seconds(buf.readUInt32LE(at));
    out.raw(T1).seconds(buf.readUInt32LE(at + 4));
    out.raw(TEXT).utf8String(buf, textAt + buf.readUInt32LE(at + 8), textAt + buf.readUInt32LE(at + 12));
  }
  out.raw(CUES_END);
}

export interface StoredCueView {
  idx: number;
  t0Ms: number;
  t1Ms: number;
  text: string;
  /** Start of each word of `text`. */
  wordMs: number[];
}

function view(blob: Uint8Array): Buffer {
  return Buffer.isBuffer(blob) ? blob : Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
}

export function cueCount(blob: Uint8Array): number {
  return view(blob).readUInt32LE(0);
}

/** One cue, read without decoding the others; undefined when the index is out of range. */
export function decodeCue(blob: Uint8Array, idx: number): StoredCueView | undefined {
  const buf = view(blob);
  const cues = buf.readUInt32LE(0);
  if (!Number.isInteger(idx) || idx < 0 || idx >= cues) return undefined;
  const words = buf.readUInt32LE(4);
  const wordsAt = HEADER_BYTES + cues * CUE_BYTES;
  const textAt = wordsAt + words * 4;
  const at = HEADER_BYTES + idx * CUE_BYTES;
  const firstWord = buf.readUInt32LE(at + 16);
  const endWord = idx + 1 < cues ? buf.readUInt32LE(at + CUE_BYTES + 16) : words;
  const wordMs: number[] = [];
  for (let w = firstWord; w < endWord; w++) wordMs.push(buf.readUInt32LE(wordsAt + w * 4));
  return {
    idx,
    t0Ms: buf.readUInt32LE(at),
    t1Ms: buf.readUInt32LE(at + 4),
    text: buf.toString("utf8", textAt + buf.readUInt32LE(at + 8), textAt + buf.readUInt32LE(at + 12)),
    wordMs,
  };
}

/** Every cue's times and text, without the word times (what the transcript answer shows). */
export function decodeCueTexts(
  blob: Uint8Array,
): Array<{ idx: number; t0Ms: number; t1Ms: number; text: string }> {
  const buf = view(blob);
  const cues = buf.readUInt32LE(0);
  const textAt = HEADER_BYTES + cues * CUE_BYTES + buf.readUInt32LE(4) * 4;
  const out: Array<{ idx: number; t0Ms: number; t1Ms: number; text: string }> = [];
  for (let idx = 0; idx < cues; idx++) {
    const at = HEADER_BYTES + idx * CUE_BYTES;
    out.push({
      idx,
      t0Ms: buf.readUInt32LE(at),
      t1Ms: buf.readUInt32LE(at + 4),
      text: buf.toString("utf8", textAt + buf.readUInt32LE(at + 8), textAt + buf.readUInt32LE(at + 12)),
    });
  }
  return out;
}

/** The whole transcript: cues, and timed words rebuilt from each cue's text and word times. */
export function decodeTranscript(blob: Uint8Array, wordTimes: "exact" | "interpolated"): Transcript {
  const cues: Cue[] = [];
  const words: TimedWord[] = [];
  const n = cueCount(blob);
  for (let idx = 0; idx < n; idx++) {
    const cue = decodeCue(blob, idx) as StoredCueView;
    cues.push({ idx, t0Ms: cue.t0Ms, t1Ms: cue.t1Ms, text: cue.text });
    const tokens = cue.text === "" ? [] : cue.text.split(" ");
    tokens.forEach((token, i) => {
      words.push({ token, tStartMs: cue.wordMs[i] ?? cue.t0Ms, cueIdx: idx });
    });
  }
  return { cues, words, wordTimes };
}
