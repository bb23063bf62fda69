/** Snapshot records → the contract's JSON shapes: levels as names, milliseconds as seconds, URLs built. */
import { GLOSSES, type Gloss, levelAt } from "../domain.js";
import type { ClipRecord } from "../index/clips.js";
import { perCatalog, type WordEntry } from "../index/word-catalog.js";
import { type JsonBytes, jsonPiece } from "../text/json-bytes.js";
import { KeptPieces } from "../text/kept-pieces.js";

/** Milliseconds inside, seconds at the edge, to the millisecond. */
export function seconds(ms: number): number {
  return ms / 1000;
}

/** The word's meaning in the gloss language; English when it has none there. */
function meaningIn(entry: WordEntry, gloss: Gloss): string {
  return entry.meanings[gloss] || entry.meanings.en || "";
}

export function presentWord(entry: WordEntry, gloss: Gloss, clipCount = entry.clipCount) {
  return {
    word: entry.word,
    wordId: entry.wordId,
    level: levelAt(entry.level),
    levelSource: entry.levelSource,
    meaning: meaningIn(entry, gloss),
    clipCount,
  };
}

/**
 * Bytes of the arena a word writer keeps words' JSON in, at most (allocated on first use, filled as words are
 * answered, never emptied): every word of the English catalogue in all seven gloss languages would take
 * 25 MB, so it keeps the first sixth of them answered, which are mostly the common words.
 */
const WORD_ARENA_BYTES = 4 * 1024 * 1024;

const WORD = jsonPiece('{"word":');
const WORD_ID = jsonPiece(',"wordId":');
const LEVEL = jsonPiece(',"level":"');
const LEVEL_SOURCE = jsonPiece('","levelSource":');
const MEANING = jsonPiece(',"meaning":');
const CLIP_COUNT = jsonPiece(',"clipCount":');
const CLOSE = jsonPiece("}");

/**
 * Writes a catalogue's words as JSON: `presentWord(entry, gloss)` in the schema's key order (`Word`), as its
 * serialiser writes it. A word's JSON in a gloss language, once written, is kept (`KeptPieces`, at most
 * `WORD_ARENA_BYTES`) and copied from there the next time: one copy from one place instead of a word's
 * fields, its meanings and their escaping looked at again.
 */
export class WordWriter {
  readonly #kept: KeptPieces;

  /** `arenaBytes`: the arena's size (tests); by default as said above. */
  constructor(options: { arenaBytes?: number } = {}) {
    this.#kept = new KeptPieces(options.arenaBytes ?? WORD_ARENA_BYTES);
  }

  write(out: JsonBytes, entry: WordEntry, gloss: Gloss): void {
    const glossAt = GLOSSES.indexOf(gloss);
    // A gloss the catalogue does not know (never one a request passes) is written but not kept.
    const key = glossAt < 0 ? -1 : entry.index * GLOSSES.length + glossAt;
    if (this.#kept.copy(out, key)) return;
    const at = out.length;
    out.raw(WORD).string(entry.word).raw(WORD_ID).number(entry.wordId);
    out.raw(LEVEL).text(levelAt(entry.level)).raw(LEVEL_SOURCE).string(entry.levelSource);
    out.raw(MEANING).string(meaningIn(entry, gloss)).raw(CLIP_COUNT).number(entry.clipCount).raw(CLOSE);
    this.#kept.keep(out, key, at);
  }
}

/** The catalogue's word writer (one per catalogue, so per snapshot). */
export const wordWriter = perCatalog(() => new WordWriter());

/** Seconds of lead before an occurrence that an embed of a lookup result starts at. */
export const EMBED_LEAD_S = 1;

/** The whole second an embed starts at for an occurrence at `tStartMs`: a second before it, at least 0. */
export function embedStartS(tStartMs: number): number {
  return Math.max(0, Math.floor(tStartMs / 1000) - EMBED_LEAD_S);
}

/** The embed URL; with `startS`, the player starts the video at that second. */
export function embedUrl(videoId: string, startS?: number): string {
  const url = `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}`;
  return startS === undefined ? url : `${url}?start=${startS}`;
}

export function watchUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
}

/** The clip summary; with `startS` (a lookup result), its embed URL starts at that second. */
export function presentClip(clip: ClipRecord, startS?: number) {
  return {
    clipId: clip.clipId,
    videoId: clip.videoId,
    title: clip.title,
    language: clip.language,
    level: levelAt(clip.level),
    topic: clip.topic,
    durationS: clip.durationS,
    wordsPerMinute: clip.wordsPerMinute,
    channel: { id: clip.channelId, name: clip.channelName },
    embedUrl: embedUrl(clip.videoId, startS),
    watchUrl: watchUrl(clip.videoId),
    ...(clip.generated ? { generated: true } : {}),
  };
}

export function presentClipDetail(clip: ClipRecord) {
  return { ...presentClip(clip), wordCount: clip.wordCount, indexedAt: clip.indexedAt };
}
