/**
 * What a page of results needs of every clip, held in memory by a server: the fields of the contract's
 * clip summary, compact. The builder packs them in one value (table `clip_columns`, name 'clips') so a
 * server reads them at start-up with one statement, and a page of clips costs no read of the clips table.
 *
 * Strings are kept JSON-encoded (quotes and escapes included), back to back in one UTF-8 heap, so a
 * response splices them as they are. Layout (little-endian):
 *   u32 n, u32 length of the header JSON (languages, topics, channels as [id, name] JSON-encoded), the
 *   header, zero padding to a multiple of 4;
 *   n i32 clip numbers (ascending), n u32 durations (s), n u32 channel indexes, n+1 u32 heap offsets of
 *   each clip's first string (clipId, videoId and title, JSON-encoded, back to back), n u16 string splits
 *   (bytes of clipId, then of videoId; title is the rest), n u16 words per minute, padding to a multiple
 *   of 4;
 *   n u8 levels, languages, topics and flags (bit 0: generated captions); then the heap.
 */
import type Database from "better-sqlite3";

export interface ClipColumns {
  clipNo: Int32Array;
  durationS: Uint32Array;
  channel: Uint32Array;
  heapStart: Uint32Array;
  clipIdBytes: Uint16Array;
  videoIdBytes: Uint16Array;
  /** Speech pace: words per minute while speaking; 0 without speech. */
  wordsPerMinute: Uint16Array;
  level: Uint8Array;
  language: Uint8Array;
  topic: Uint8Array;
  flags: Uint8Array;
  /** Clip languages, JSON-encoded. */
  languages: string[];
  topics: string[];
  /** Channels: [id, name], each JSON-encoded. */
  channels: Array<[string, string]>;
  heap: Buffer;
}

export const GENERATED_FLAG = 1;

interface Header {
  languages: string[];
  topics: string[];
  channels: Array<[string, string]>;
}

function intern(list: string[], index: Map<string, number>, value: string): number {
  let at = index.get(value);
  if (at === undefined) {
    at = list.push(value) - 1;
    index.set(value, at);
  }
  return at;
}

/** The columns of every clip in the clips table, encoded (see the layout above). */
export function encodeClipColumnsFromDb(db: Database.Database): Buffer {
  const n = db.prepare("SELECT count(*) FROM clips").pluck().get() as number;
  const header: Header = { languages: [], topics: [], channels: [] };
  const languageIndex = new Map<string, number>();
  const topicIndex = new Map<string, number>();
  const channelIndex = new Map<string, number>();
  const channelKeys: string[] = [];
  const clipNo = new Int32Array(n);
  const durationS = new Uint32Array(n);
  const channel = new Uint32Array(n);
  const heapStart = new Uint32Array(n + 1);
  const clipIdBytes = new Uint16Array(n);
  const videoIdBytes = new Uint16Array(n);
  const wordsPerMinute = new Uint16Array(n);
  const level = new Uint8Array(n);
  const language = new Uint8Array(n);
  const topic = new Uint8Array(n);
  const flags = new Uint8Array(n);
  const parts: Buffer[] = [];
  let heapBytes = 0;
  const rows = db
    .prepare(
      "SELECT clip_no, clip_id, video_id, title, language, level, topic, duration_s, channel_id, channel_name, generated, words_per_minute FROM clips ORDER BY clip_no",
    )
    .raw()
    .iterate() as IterableIterator<
    [number, string, string, string, string, number, string, number, string, string, number, number]
  >;
  let i = 0;
  for (const [
    no,
    clipId,
    videoId,
    title,
    lang,
    lvl,
    top,
    duration,
    channelId,
    channelName,
    generated,
    wpm,
  ] of rows) {
    clipNo[i] = no;
    wordsPerMinute[i] = Math.min(wpm, 0xffff);
    durationS[i] = duration;
    level[i] = lvl;
    language[i] = intern(header.languages, languageIndex, JSON.stringify(lang));
    topic[i] = intern(header.topics, topicIndex, JSON.stringify(top));
    const key = JSON.stringify([channelId, channelName]);
    let ch = channelIndex.get(key);
    if (ch === undefined) {
      ch = channelKeys.push(key) - 1;
      channelIndex.set(key, ch);
      header.channels.push([JSON.stringify(channelId), JSON.stringify(channelName)]);
    }
    channel[i] = ch;
    flags[i] = generated === 1 ? GENERATED_FLAG : 0;
    const id = Buffer.from(JSON.stringify(clipId), "utf8");
    const video = Buffer.from(JSON.stringify(videoId), "utf8");
    const titleBytes = Buffer.from(JSON.stringify(title), "utf8");
    clipIdBytes[i] = id.length;
    videoIdBytes[i] = video.length;
    heapStart[i] = heapBytes;
    parts.push(id, video, titleBytes);
    heapBytes += id.length + video.length + titleBytes.length;
    i++;
  }
  heapStart[n] = heapBytes;
  const headerBytes = Buffer.from(JSON.stringify(header), "utf8");
  const pad4 = (x: number): number => Math.ceil(x / 4) * 4;
  const at = pad4(8 + headerBytes.length);
  const u8At = pad4(at + n * 12 + (n + 1) * 4 + n * 6);
  const heapAt = u8At + n * 4;
  const out = Buffer.alloc(heapAt + heapBytes);
  out.writeUInt32LE(n, 0);
  out.writeUInt32LE(headerBytes.length, 4);
  headerBytes.copy(out, 8);
  let o = at;
  for (const array of [clipNo, durationS, channel, heapStart, clipIdBytes, videoIdBytes, wordsPerMinute]) {
    const bytes = Buffer.from(array.buffer, array.byteOffset, array.byteLength);
    bytes.copy(out, o);
    o += bytes.length;
  }
  o = u8At;
  for (const array of [level, language, topic, flags]) {
    out.set(array, o);
    o += n;
  }
  Buffer.concat(parts, heapBytes).copy(out, heapAt);
  return out;
}

export function decodeClipColumns(data: Buffer): ClipColumns {
  const n = data.readUInt32LE(0);
  const headerLength = data.readUInt32LE(4);
  const header = JSON.parse(data.toString("utf8", 8, 8 + headerLength)) as Header;
  const pad4 = (x: number): number => Math.ceil(x / 4) * 4;
  let o = pad4(8 + headerLength);
  // Views of the value where its buffer is aligned for them (a value read from the snapshot is a buffer of
  // its own), so start-up copies nothing; else copies, aligned.
  const aligned = data.byteOffset % 4 === 0;
  const take = (bytes: number): [ArrayBuffer, number] => {
    const at = data.byteOffset + o;
    o += bytes;
    return aligned ? [data.buffer as ArrayBuffer, at] : [data.buffer.slice(at, at + bytes) as ArrayBuffer, 0];
  };
  const clipNo = new Int32Array(...take(n * 4), n);
  const durationS = new Uint32Array(...take(n * 4), n);
  const channel = new Uint32Array(...take(n * 4), n);
  const heapStart = new Uint32Array(...take((n + 1) * 4), n + 1);
  const clipIdBytes = new Uint16Array(...take(n * 2), n);
  const videoIdBytes = new Uint16Array(...take(n * 2), n);
  const wordsPerMinute = new Uint16Array(...take(n * 2), n);
  o = pad4(o);
  const level = new Uint8Array(...take(n), n);
  const language = new Uint8Array(...take(n), n);
  const topic = new Uint8Array(...take(n), n);
  const flags = new Uint8Array(...take(n), n);
  const heapBytes = heapStart[n] as number;
  const heap = Buffer.from(...take(heapBytes), heapBytes);
  return {
    clipNo,
    durationS,
    channel,
    heapStart,
    clipIdBytes,
    videoIdBytes,
    wordsPerMinute,
    level,
    language,
    topic,
    flags,
    languages: header.languages,
    topics: header.topics,
    channels: header.channels,
    heap,
  };
}

/** The stored columns; a snapshot of this schema version always has them. */
/** The statement that reads the stored columns. */
export const CLIP_COLUMNS_VALUE = "SELECT data FROM clip_columns WHERE name = 'clips'";

/** `value`: the stored value when it was read already (see `read-ahead.ts`). */
export function readClipColumns(db: Database.Database, value?: Buffer): ClipColumns {
  const data = value ?? (db.prepare(CLIP_COLUMNS_VALUE).pluck().get() as Buffer | undefined);
  if (data === undefined) throw new Error("the snapshot has no clip columns");
  return decodeClipColumns(data);
}
