/** Snapshot records → the contract's JSON shapes: levels as names, milliseconds as seconds, URLs built. */
import { type Gloss, levelAt } from "../domain.js";
import type { ClipRecord } from "../index/clips.js";
import { perCatalog, type WordEntry } from "../index/word-catalog.js";
import { type JsonBytes, jsonPiece } from "../text/json-bytes.js";

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
 * Writes a catalogue's words as JSON: `presentWord(entry, gloss)` in the schema's key order (`Word`), as its
 * serialiser writes it. A word's fields but its meaning are copied from two pieces encoded on its first
 * answer, found by the word's position in the catalogue.
 */
export class WordWriter {
  readonly #pieces: Array<{ head: Buffer; tail: Buffer } | undefined> = [];

  write(out: JsonBytes, entry: WordEntry, gloss: Gloss): void {
    let pieces = this.#pieces[entry.index];
    if (pieces === undefined) {
      pieces = {
        head: jsonPiece(
          `{"word":${JSON.stringify(entry.word)},"wordId":${entry.wordId},"level":"${levelAt(entry.level)}","levelSource":${JSON.stringify(entry.levelSource)},"meaning":`,
        ),
        tail: jsonPiece(`,"clipCount":${entry.clipCount}}`),
      };
      this.#pieces[entry.index] = pieces;
    }
    out.raw(pieces.head).string(meaningIn(entry, gloss)).raw(pieces.tail);
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
