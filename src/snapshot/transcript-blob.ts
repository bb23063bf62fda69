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

export function encodeTranscript(
  cues: readonly EncodableCue[],
  spoken: readonly EncodableSpokenWord[] = [],
): Uint8Array {
  const texts = cues.map((cue) => Buffer.from(cue.text, "utf8"));
  const wordCount = cues.reduce((n, cue) => n + cue.wordMs.length, 0);
  const textBytes = texts.reduce((n, t) => n + t.length, 0);
  const wordsAt = HEADER_BYTES + cues.length * CUE_BYTES;
  const textAt = wordsAt + wordCount * 4;
  const forms = spoken.map((w) => (w.formJson === undefined ? undefined : Buffer.from(w.formJson, "utf8")));
  const spokenAt = textAt + textBytes;
  const formsAt = spokenAt + 4 + spoken.length * SPOKEN_BYTES;
  const out = Buffer.alloc(formsAt + forms.reduce((n, f) => n + (f?.length ?? 0), 0));
  out.writeUInt32LE(cues.length, 0);
  out.writeUInt32LE(wordCount, 4);
  let word = 0;
  let text = 0;
  cues.forEach((cue, i) => {
    const at = HEADER_BYTES + i * CUE_BYTES;
    const bytes = texts[i] as Buffer;
    out.writeUInt32LE(cue.t0Ms, at);
    out.writeUInt32LE(cue.t1Ms, at + 4);
    out.writeUInt32LE(text, at + 8);
    out.writeUInt32LE(text + bytes.length, at + 12);
    out.writeUInt32LE(word, at + 16);
    for (let w = 0; w < cue.wordMs.length; w++)
      out.writeUInt32LE(cue.wordMs[w] as number, wordsAt + (word + w) * 4);
    bytes.copy(out, textAt + text);
    word += cue.wordMs.length;
    text += bytes.length;
  });
  out.writeUInt32LE(spoken.length, spokenAt);
  let form = formsAt;
  spoken.forEach((w, i) => {
    const at = spokenAt + 4 + i * SPOKEN_BYTES;
    const bytes = forms[i];
    out.writeUInt32LE(w.word, at);
    out.writeUInt32LE(w.tStartMs, at + 4);
    out.writeUInt16LE(bytes?.length ?? 0, at + 8);
    if (bytes !== undefined) form += bytes.copy(out, form);
  });
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
