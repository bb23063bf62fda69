/**
 * The contract's clip summary of every clip, as JSON spliced from the columns held in memory (see
 * `clip-columns.ts`): a page of clips reads nothing from the snapshot and builds no objects to serialise.
 * The strings are copied as the UTF-8 bytes the columns keep them in. The text is what the route's response
 * schema serialises for the same clip, key for key and byte for byte.
 *
 * A summary once written is kept encoded in a fixed arena of slots, one per row modulo the slot count (a
 * row takes its slot from whichever row held it before), so a clip that recurs across pages, as a hot
 * clip does, is two copies instead of a dozen splices. The arena is allocated once, on first use, at most
 * 10 MB: it does not grow with the snapshot, and nothing in it is collected.
 */
import { LEVELS } from "../domain.js";
import { type ClipColumns, GENERATED_FLAG } from "../snapshot/clip-columns.js";
import { ByteSource, JsonBytes, jsonPiece } from "../text/json-bytes.js";

const CLIP_ID = jsonPiece('{"clipId":');
const VIDEO_ID = jsonPiece(',"videoId":');
const TITLE = jsonPiece(',"title":');
const PACE = jsonPiece(',"wordsPerMinute":');
const START = jsonPiece("?start=");
const WATCH = jsonPiece('","watchUrl":"https://www.youtube.com/watch?v=');
const QUOTE = jsonPiece('"');
const GENERATED_CLOSE = jsonPiece(',"generated":true}');
const CLOSE = jsonPiece("}");

/** Bytes encodeURIComponent leaves as they are: letters, digits and `-_.!~*'()`. */
const URI_SAFE = new Uint8Array(128);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()")
  URI_SAFE[c.charCodeAt(0)] = 1;

/** True when the bytes [start, end) are all left as they are by encodeURIComponent (and by JSON). */
function uriSafe(heap: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const b = heap[i] as number;
    if (b >= 0x80 || URI_SAFE[b] === 0) return false;
  }
  return true;
}

/** Slots of the summary arena, at most; a snapshot of fewer clips has as many as its clip count rounded up to a power of two. */
const SUMMARY_SLOTS = 16_384;
/** Bytes of a slot: a summary longer than this (a very long title) is written from the columns every time. */
const SUMMARY_SLOT_BYTES = 640;

export class ClipFragments {
  readonly #c: ClipColumns;
  /** The columns' string heap, as `JsonBytes` copies from it. */
  readonly #heap: ByteSource;
  /** `,"language":…,"level":…,"topic":…,"durationS":` by language, level and topic, as UTF-8. */
  readonly #classes: Buffer[];
  /** `,"channel":{"id":…,"name":…},"embedUrl":"…/embed/` by channel, as UTF-8, made on first use. */
  readonly #channels: Array<Buffer | undefined>;
  /** Summaries written before, by slot (see above); the arena is allocated on first use. */
  #arena: ByteSource | undefined;
  readonly #slotMask: number;
  /** The row whose summary a slot holds, or -1. */
  readonly #slotRow: Int32Array;
  /** Bytes of the summary before the embed URL's `?start=`, and in all, by slot. */
  readonly #slotSplit: Uint16Array;
  readonly #slotEnd: Uint16Array;

  /** `summarySlots`: the summary arena's slots, a power of two (tests); by default as said above. */
  constructor(columns: ClipColumns, options: { summarySlots?: number } = {}) {
    this.#c = columns;
    this.#heap = new ByteSource(columns.heap);
    this.#classes = [];
    for (const language of columns.languages)
      for (const level of LEVELS)
        for (const topic of columns.topics)
          this.#classes.push(
            jsonPiece(
              `,"language":${language},"level":${JSON.stringify(level)},"topic":${topic},"durationS":`,
            ),
          );
    this.#channels = new Array(columns.channels.length);
    let slots = 1;
    while (slots < Math.min(columns.clipNo.length, SUMMARY_SLOTS)) slots *= 2;
    if (options.summarySlots !== undefined) slots = options.summarySlots;
    this.#slotMask = slots - 1;
    this.#slotRow = new Int32Array(slots).fill(-1);
    this.#slotSplit = new Uint16Array(slots);
    this.#slotEnd = new Uint16Array(slots);
  }

  #channel(index: number): Buffer {
    let piece = this.#channels[index];
    if (piece === undefined) {
      const [id, name] = this.#c.channels[index] as [string, string];
      piece = jsonPiece(
        `,"channel":{"id":${id},"name":${name}},"embedUrl":"https://www.youtube-nocookie.com/embed/`,
      );
      this.#channels[index] = piece;
    }
    return piece;
  }

  /** The columns the summaries are written from. */
  get columns(): ClipColumns {
    return this.#c;
  }

  get size(): number {
    return this.#c.clipNo.length;
  }

  /** The clip's speech pace, words per minute while speaking (0 without speech). */
  wordsPerMinute(row: number): number {
    return this.#c.wordsPerMinute[row] as number;
  }

  /**
   * Row of a clip number (the columns are in clip-number order), or -1. A build numbers its clips from 1
   * without gaps, so the row is first looked for where that puts it.
   */
  row(clipNo: number): number {
    const nos = this.#c.clipNo;
    const dense = clipNo - (nos[0] as number);
    if (nos[dense] === clipNo) return dense;
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
   * Writes the clip summary up to its last required field, so a caller may add fields (a word's
   * occurrences) before `writeClose(out, row)`. With `embedStartS`, the embed URL starts the video at that
   * second.
   */
  writeOpen(out: JsonBytes, row: number, embedStartS?: number): void {
    const slot = row & this.#slotMask;
    if (this.#slotRow[slot] === row) {
      const arena = this.#arena as ByteSource;
      const at = slot * SUMMARY_SLOT_BYTES;
      const split = at + (this.#slotSplit[slot] as number);
      out.from(arena, at, split);
      if (embedStartS !== undefined) out.raw(START).number(embedStartS);
      out.from(arena, split, at + (this.#slotEnd[slot] as number));
      return;
    }
    this.#writeAndKeep(out, slot, row, embedStartS);
  }

  /** Writes the summary from the columns, then copies it into its slot from where it was written. */
  #writeAndKeep(out: JsonBytes, slot: number, row: number, embedStartS: number | undefined): void {
    const c = this.#c;
    const heap = c.heap;
    const source = this.#heap;
    const start = c.heapStart[row] as number;
    const videoAt = start + (c.clipIdBytes[row] as number);
    const titleAt = videoAt + (c.videoIdBytes[row] as number);
    // The video id inside its quotes, as both URLs need it: as stored when no byte needs escaping.
    const video = uriSafe(heap, videoAt + 1, titleAt - 1)
      ? undefined
      : encodeURIComponent(JSON.parse(heap.toString("utf8", videoAt, titleAt)) as string);
    const topics = c.topics.length;
    const cls = ((c.language[row] as number) * LEVELS.length + (c.level[row] as number)) * topics;
    const headAt = out.length;
    out.raw(CLIP_ID).from(source, start, videoAt);
    out.raw(VIDEO_ID).from(source, videoAt, titleAt);
    out.raw(TITLE).from(source, titleAt, c.heapStart[row + 1] as number);
    out.raw(this.#classes[cls + (c.topic[row] as number)] as Buffer).number(c.durationS[row] as number);
    out.raw(PACE).number(c.wordsPerMinute[row] as number);
    out.raw(this.#channel(c.channel[row] as number));
    this.#writeVideo(out, videoAt, titleAt, video);
    const headEnd = out.length;
    if (embedStartS !== undefined) out.raw(START).number(embedStartS);
    const tailAt = out.length;
    out.raw(WATCH);
    this.#writeVideo(out, videoAt, titleAt, video);
    out.raw(QUOTE);
    const head = headEnd - headAt;
    const bytes = head + out.length - tailAt;
    if (bytes > SUMMARY_SLOT_BYTES) return;
    this.#arena ??= new ByteSource(Buffer.allocUnsafeSlow((this.#slotMask + 1) * SUMMARY_SLOT_BYTES));
    const at = slot * SUMMARY_SLOT_BYTES;
    out.copyTo(this.#arena.buf, at, headAt, headEnd);
    out.copyTo(this.#arena.buf, at + head, tailAt, out.length);
    this.#slotRow[slot] = row;
    this.#slotSplit[slot] = head;
    this.#slotEnd[slot] = bytes;
  }

  /** The video id JSON-encoded in heap bytes [videoAt, titleAt), as stored or as `escaped` for a URL. */
  #writeVideo(out: JsonBytes, videoAt: number, titleAt: number, escaped: string | undefined): void {
    if (escaped === undefined) out.from(this.#heap, videoAt + 1, titleAt - 1);
    else out.text(escaped);
  }

  /**
   * Writes the end of the clip summary: its optional fields and the closing brace. The schema serialiser
   * writes optional fields after the required ones, so they follow a lookup result's occurrences.
   */
  writeClose(out: JsonBytes, row: number): void {
    out.raw(((this.#c.flags[row] as number) & GENERATED_FLAG) !== 0 ? GENERATED_CLOSE : CLOSE);
  }

  /** `writeOpen` as a string. */
  open(row: number, embedStartS?: number): string {
    const out = new JsonBytes(1024);
    this.writeOpen(out, row, embedStartS);
    return out.toString();
  }

  /** `writeClose` as a string. */
  close(row: number): string {
    const out = new JsonBytes(32);
    this.writeClose(out, row);
    return out.toString();
  }
}
