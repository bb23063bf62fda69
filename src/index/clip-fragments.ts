/**
 * The contract's clip summary of every clip, as JSON text spliced from the columns held in memory (see
 * `clip-columns.ts`): a page of clips reads nothing from the snapshot and builds no objects to serialise.
 * The text is what the route's response schema serialises for the same clip, key for key and byte for byte.
 */
import { LEVELS } from "../domain.js";
import { type ClipColumns, GENERATED_FLAG } from "../snapshot/clip-columns.js";

const EMBED = '"embedUrl":"https://www.youtube-nocookie.com/embed/';
const WATCH = '","watchUrl":"https://www.youtube.com/watch?v=';

export class ClipFragments {
  readonly #c: ClipColumns;
  /** Level names, JSON-encoded. */
  readonly #levels = LEVELS.map((level) => JSON.stringify(level));

  constructor(columns: ClipColumns) {
    this.#c = columns;
  }

  get size(): number {
    return this.#c.clipNo.length;
  }

  /** The clip's speech pace, words per minute while speaking (0 without speech). */
  wordsPerMinute(row: number): number {
    return this.#c.wordsPerMinute[row] as number;
  }

  /** Row of a clip number (the columns are in clip-number order), or -1. */
  row(clipNo: number): number {
    const nos = this.#c.clipNo;
    let lo = 0;
    let hi = nos.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = nos[mid] as number;
      if (at === clipNo) return mid;
      if (at < clipNo) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** The clip's service id (UUID). */
  clipId(row: number): string {
    const c = this.#c;
    const start = c.heapStart[row] as number;
    return JSON.parse(c.heap.toString("utf8", start, start + (c.clipIdBytes[row] as number))) as string;
  }

  /**
   * The clip summary as JSON up to its last required field, so a caller may add fields (a word's
   * occurrences) before `close(row)`. With `embedStartS`, the embed URL starts the video at that second.
   */
  open(row: number, embedStartS?: number): string {
    const c = this.#c;
    const start = c.heapStart[row] as number;
    const videoAt = start + (c.clipIdBytes[row] as number);
    const titleAt = videoAt + (c.videoIdBytes[row] as number);
    const heap = c.heap;
    const videoJson = heap.toString("utf8", videoAt, titleAt);
    const video = encodeURIComponent(JSON.parse(videoJson) as string);
    const channel = c.channels[c.channel[row] as number] as [string, string];
    return `{"clipId":${heap.toString("utf8", start, videoAt)},"videoId":${videoJson},"title":${heap.toString("utf8", titleAt, c.heapStart[row + 1] as number)},"language":${c.languages[c.language[row] as number]},"level":${this.#levels[c.level[row] as number]},"topic":${c.topics[c.topic[row] as number]},"durationS":${c.durationS[row]},"wordsPerMinute":${c.wordsPerMinute[row]},"channel":{"id":${channel[0]},"name":${channel[1]}},${EMBED}${video}${embedStartS === undefined ? "" : `?start=${embedStartS}`}${WATCH}${video}"`;
  }

  /**
   * The end of the clip summary: its optional fields and the closing brace. The schema serialiser writes
   * optional fields after the required ones, so they follow a lookup result's occurrences.
   */
  close(row: number): string {
    return ((this.#c.flags[row] as number) & GENERATED_FLAG) !== 0 ? ',"generated":true}' : "}";
  }
}
