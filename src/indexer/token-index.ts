/**
 * Collects the positional index while clips are written (each clip's spoken tokens, in clip order) and
 * writes it at the end, each token's clips newest first in blocks (`snapshot/token-block.ts`). Memory is
 * bounded: when the values collected pass a chunk, they are spilled to a staging file as one run per
 * token, and each token's runs are read back together at the end.
 */

import type Database from "better-sqlite3";
import { encodeTokenBlock, TOKEN_BLOCK_CLIPS, type TokenList } from "../snapshot/token-block.js";
import type { ClipTokens } from "./clip-tokens.js";
import { StagingRuns } from "./staging-runs.js";

/** Values held before a spill (a clip number, a count and positions per clip of each token): about 64 MB. */
const DEFAULT_CHUNK_VALUES = 8_000_000;

/** A token dictionary's tokens by its ids, and each one's token id in the index (−1 until indexed). */
interface DictionaryTokens {
  names: string[];
  ids: Int32Array;
}

/** A token's staged values in the chunk, as varints: a growable byte array. */
class PendingBytes {
  bytes = new Uint8Array(16);
  length = 0;

  #room(bytes: number): void {
    if (this.length + bytes <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + bytes) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  /** Appends a varint of `value` (below 2^32), as `VarintWriter` writes it. */
  uint32(value: number): void {
    this.#room(5);
    let v = value >>> 0;
    while (v >= 0x80) {
      this.bytes[this.length++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.bytes[this.length++] = v;
  }

  append(from: Uint8Array, start: number, end: number): void {
    this.#room(end - start);
    const bytes = this.bytes;
    let at = this.length;
    if (end - start > 32) bytes.set(from.subarray(start, end), at);
    else for (let i = start; i < end; i++) bytes[at++] = from[i] as number;
    this.length += end - start;
  }

  view(): Buffer {
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.length);
  }
}

/** Grows a typed array to hold index `i`. */
function room<T extends Float64Array | Uint8Array | Int32Array>(
  array: T,
  i: number,
  make: (n: number) => T,
): T {
  if (i < array.length) return array;
  let size = Math.max(1024, array.length * 2);
  while (size <= i) size *= 2;
  const grown = make(size);
  grown.set(array);
  return grown;
}

export class TokenIndexWriter {
  readonly #staging: StagingRuns;
  readonly #chunk: number;
  /** Token ids by language and token; ids in order of first appearance. */
  readonly #ids = new Map<string, Map<string, number>>();
  /** Per token id: its language and token, and how many clips say it and how many times. */
  readonly #languages: string[] = [];
  readonly #names: string[] = [];
  #clipsOf = new Int32Array(0);
  #occurrencesOf = new Float64Array(0);
  /** Per token id: the chunk's entries as varints: clip number, count, positions… */
  readonly #pending: PendingBytes[] = [];
  /** Per token dictionary (`clip-tokens.ts`): its tokens by its ids, and their token ids here. */
  readonly #sources = new Map<string, DictionaryTokens>();
  /** Per clip added, by its number here (its order): its key and level. */
  #clipKeys = new Float64Array(0);
  #clipLevels = new Uint8Array(0);
  #clips = 0;
  #values = 0;

  constructor(stagingPath: string, chunkValues = DEFAULT_CHUNK_VALUES) {
    this.#staging = new StagingRuns(stagingPath);
    this.#chunk = chunkValues;
  }

  /**
   * Learns the tokens a clip's dictionary met first in it. `add` does so for the clips it indexes; a clip
   * processed but not written (a duplicate) must be handed here, or the next clip of its dictionary cannot
   * be read.
   */
  learn(clip: ClipTokens): DictionaryTokens {
    let source = this.#sources.get(clip.source);
    if (source === undefined) {
      source = { names: [], ids: new Int32Array(1024).fill(-1) };
      this.#sources.set(clip.source, source);
    }
    if (clip.added === "") return source;
    if (source.names.length !== clip.firstAdded)
      throw new Error("token index: the clips of a token dictionary arrived out of order");
    for (const token of clip.added.split(" ")) source.names.push(token);
    if (source.names.length > source.ids.length) {
      let size = source.ids.length * 2;
      while (size < source.names.length) size *= 2;
      const grown = new Int32Array(size).fill(-1);
      grown.set(source.ids);
      source.ids = grown;
    }
    return source;
  }

  #newToken(language: string, token: string, ids: Map<string, number>): number {
    const id = this.#names.length;
    ids.set(token, id);
    this.#languages.push(language);
    this.#names.push(token);
    this.#pending.push(new PendingBytes());
    this.#clipsOf = room(this.#clipsOf, id, (n) => new Int32Array(n));
    this.#occurrencesOf = room(this.#occurrencesOf, id, (n) => new Float64Array(n));
    return id;
  }

  /** One clip: its distinct tokens with their positions (see `clip-tokens.ts`). */
  add(language: string, recentKey: number, level: number, clip: ClipTokens): void {
    const source = this.learn(clip);
    if (clip.ids.length === 0) return;
    let ids = this.#ids.get(language);
    if (ids === undefined) {
      ids = new Map();
      this.#ids.set(language, ids);
    }
    const clipNo = this.#clips++;
    this.#clipKeys = room(this.#clipKeys, clipNo, (n) => new Float64Array(n));
    this.#clipLevels = room(this.#clipLevels, clipNo, (n) => new Uint8Array(n));
    this.#clipKeys[clipNo] = recentKey;
    this.#clipLevels[clipNo] = level;
    const sourceIds = source.ids;
    const counts = clip.counts;
    const ends = clip.ends;
    const positions = clip.positions;
    let from = 0;
    let values = 0;
    for (let k = 0; k < clip.ids.length; k++) {
      const local = clip.ids[k] as number;
      let id = sourceIds[local] as number;
      if (id === -1) {
        const token = source.names[local];
        if (token === undefined)
          throw new Error("token index: a clip's token was named in a clip this index never saw");
        id = ids.get(token) ?? this.#newToken(language, token, ids);
        sourceIds[local] = id;
      }
      const count = counts[k] as number;
      const to = ends[k] as number;
      this.#clipsOf[id] = (this.#clipsOf[id] as number) + 1;
      this.#occurrencesOf[id] = (this.#occurrencesOf[id] as number) + count;
      const pending = this.#pending[id] as PendingBytes;
      pending.uint32(clipNo);
      pending.append(positions, from, to);
      from = to;
      values += 2 + count;
    }
    this.#values += values;
    if (this.#values >= this.#chunk) this.#spill();
  }

  #spill(): void {
    this.#staging.writeRun((put) => {
      this.#pending.forEach((pending, id) => {
        if (pending.length > 0) put(id, pending.view());
      });
    });
    for (const pending of this.#pending) pending.length = 0;
    this.#values = 0;
  }

  /**
   * Writes the `tokens` and `token_postings` tables into the snapshot (inside the caller's transaction)
   * and returns the number of blocks written.
   */
  write(db: Database.Database): number {
    const insertToken = db.prepare(
      "INSERT INTO tokens (language, token, token_id, clips, occurrences) VALUES (?, ?, ?, ?, ?)",
    );
    const insertBlock = db.prepare("INSERT INTO token_postings (token_id, min_key, data) VALUES (?, ?, ?)");
    const partsOf = this.#staging.partsOf();
    const rank = this.#ranks();
    let blocks = 0;
    for (let id = 0; id < this.#names.length; id++) {
      const clips = this.#clipsOf[id] as number;
      insertToken.run(this.#languages[id], this.#names[id], id, clips, this.#occurrencesOf[id]);
      const pending = this.#pending[id] as PendingBytes;
      const list = this.#listOf([...partsOf(id), pending.view()], clips, rank);
      for (let from = 0; from < clips; from += TOKEN_BLOCK_CLIPS) {
        const to = Math.min(clips, from + TOKEN_BLOCK_CLIPS);
        insertBlock.run(
          id,
          list.keys[list.order[to - 1] as number],
          encodeTokenBlock(list, list.order, from, to),
        );
        if (++blocks % 10_000 === 0) db.exec("COMMIT; BEGIN");
      }
      this.#pending[id] = new PendingBytes();
    }
    this.close();
    return blocks;
  }

  /** Each clip's place among the clips added, newest (highest key) first; ties in the order added. */
  #ranks(): Int32Array {
    const keys = this.#clipKeys;
    const order = new Int32Array(this.#clips);
    for (let i = 0; i < order.length; i++) order[i] = i;
    order.sort((a, b) => (keys[b] as number) - (keys[a] as number) || a - b);
    const rank = new Int32Array(this.#clips);
    for (let r = 0; r < order.length; r++) rank[order[r] as number] = r;
    return rank;
  }

  /** A token's staged parts (clip number, count, positions… per clip) as a list, and its order by key. */
  #listOf(
    parts: readonly Uint8Array[],
    clips: number,
    rank: Int32Array,
  ): TokenList & { order: Float64Array } {
    const keys = new Float64Array(clips);
    const levels = new Uint8Array(clips);
    const starts = new Int32Array(clips + 1);
    let positions = new Int32Array(64);
    // Rank × a power of two above the clip count, plus the clip's index: sorted as numbers, newest first.
    let scale = 1;
    while (scale <= clips) scale *= 2;
    const order = new Float64Array(clips);
    let i = 0;
    let p = 0;
    for (const part of parts) {
      const length = part.length;
      let at = 0;
      while (at < length) {
        // Varints; a byte past the end reads as 0, which ends the varint, and the part is refused below.
        let clipNo = 0;
        for (let shift = 0; ; shift += 7) {
          const byte = part[at++] ?? 0;
          clipNo += (byte & 0x7f) * 2 ** shift;
          if (byte < 0x80) break;
        }
        let count = 0;
        for (let shift = 0; ; shift += 7) {
          const byte = part[at++] ?? 0;
          count += (byte & 0x7f) * 2 ** shift;
          if (byte < 0x80) break;
        }
        if (at > length) throw new RangeError("token index: a staged value runs past its part");
        keys[i] = this.#clipKeys[clipNo] as number;
        levels[i] = this.#clipLevels[clipNo] as number;
        order[i] = (rank[clipNo] as number) * scale + i;
        if (p + count > positions.length) {
          let size = positions.length * 2;
          while (size < p + count) size *= 2;
          const grown = new Int32Array(size);
          grown.set(positions.subarray(0, p));
          positions = grown;
        }
        for (let c = 0; c < count; c++) {
          let byte = part[at++] ?? 0;
          let position = byte & 0x7f;
          for (let shift = 7; byte >= 0x80; shift += 7) {
            byte = part[at++] ?? 0;
            position += (byte & 0x7f) * 2 ** shift;
          }
          positions[p++] = position;
        }
        if (at > length) throw new RangeError("token index: a staged value runs past its part");
        starts[++i] = p;
      }
    }
    if (i !== clips) throw new Error("token index: a token's staged clips do not add up");
    order.sort();
    for (let j = 0; j < clips; j++) order[j] = (order[j] as number) % scale;
    return { keys, levels, starts, positions: positions.subarray(0, p), order };
  }

  /** Closes and removes the staging file, if any. */
  close(): void {
    this.#staging.close();
  }
}
