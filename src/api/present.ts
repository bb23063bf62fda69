/** Snapshot records → the contract's JSON shapes: levels as names, milliseconds as seconds, URLs built. */
import { type Gloss, levelAt } from "../domain.js";
import type { ClipRecord } from "../index/clips.js";
import type { WordEntry } from "../index/word-catalog.js";

/** Milliseconds inside, seconds at the edge, to the millisecond. */
export function seconds(ms: number): number {
  return ms / 1000;
}

export function presentWord(entry: WordEntry, gloss: Gloss, clipCount = entry.clipCount) {
  return {
    word: entry.word,
    wordId: entry.wordId,
    level: levelAt(entry.level),
    levelSource: entry.levelSource,
    meaning: entry.meanings[gloss] || entry.meanings.en || "",
    clipCount,
  };
}

export function embedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}`;
}

export function watchUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
}

export function presentClip(clip: ClipRecord) {
  return {
    clipId: clip.clipId,
    videoId: clip.videoId,
    title: clip.title,
    language: clip.language,
    level: levelAt(clip.level),
    topic: clip.topic,
    durationS: clip.durationS,
    channel: { id: clip.channelId, name: clip.channelName },
    embedUrl: embedUrl(clip.videoId),
    watchUrl: watchUrl(clip.videoId),
    ...(clip.generated ? { generated: true } : {}),
  };
}

export function presentClipDetail(clip: ClipRecord) {
  return { ...presentClip(clip), wordCount: clip.wordCount, indexedAt: clip.indexedAt };
}
