/**
 * Collects the positional index while clips are written (each clip's spoken tokens, in clip order) and
 * writes it at the end, each token's clips newest first in blocks (`snapshot/token-block.ts`). Memory is
 * bounded: when the values collected pass a chunk, they are spilled to a staging file as one run per
 * token, and each token's runs are read back together at the end.
 */

import type Database from "better-sqlite3";
import {
  encodeTokenBlock,
  TOKEN_BLOCK_CLIPS,
  type TokenList,
  VarintReader,
} from "../snapshot/token-block.js";
import type { ClipTokens } from "./clip-tokens.js";
import { StagingRuns } from "./staging-runs.js";

/** Values held before a spill (key, level, count and positions of each clip of each token): about 64 MB. */
const DEFAULT_CHUNK_VALUES = 8_000_000;

interface TokenEntry {
  language: string;
  token: string;
  clips: number;
  occurrences: number;
}

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

  /** Appends a varint of `value` (up to 2^53), as `VarintWriter` writes it. */
  uint(value: number): void {
    this.#room(8);
    let v = value;
    while (v >= 0x80) {
      this.bytes[this.length++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.bytes[this.length++] = v;
  }

  append(from: Uint8Array, start: number, end: number): void {
    this.#room(end - start);
    this.bytes.set(from.subarray(start, end), this.length);
    this.length += end - start;
  }

  view(): Buffer {
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.length);
  }
}

export class TokenIndexWriter {
  readonly #staging: StagingRuns;
  readonly #chunk: number;
  /** Token ids by language and token; ids in order of first appearance. */
  readonly #ids = new Map<string, Map<string, number>>();
  readonly #tokens: TokenEntry[] = [];
  /** Per token id: the chunk's entries as varints: key, level, count, positions… */
  readonly #pending: PendingBytes[] = [];
  /** Per token dictionary (`clip-tokens.ts`): its tokens by its ids, and their token ids here. */
  readonly #sources = new Map<string, DictionaryTokens>();
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

  /** One clip: its distinct tokens with their positions (see `clip-tokens.ts`). */
  add(language: string, recentKey: number, level: number, clip: ClipTokens): void {
    const source = this.learn(clip);
    if (clip.ids.length === 0) return;
    let ids = this.#ids.get(language);
    if (ids === undefined) {
      ids = new Map();
      this.#ids.set(language, ids);
    }
    let from = 0;
    for (let k = 0; k < clip.ids.length; k++) {
      const local = clip.ids[k] as number;
      let id = source.ids[local] as number;
      if (id === -1) {
        const token = source.names[local];
        if (token === undefined)
          throw new Error("token index: a clip's token was named in a clip this index never saw");
        id = ids.get(token) ?? -1;
        if (id === -1) {
          id = this.#tokens.length;
          ids.set(token, id);
          this.#tokens.push({ language, token, clips: 0, occurrences: 0 });
          this.#pending.push(new PendingBytes());
        }
        source.ids[local] = id;
      }
      const count = clip.counts[k] as number;
      const to = clip.ends[k] as number;
      const entry = this.#tokens[id] as TokenEntry;
      entry.clips++;
      entry.occurrences += count;
      const pending = this.#pending[id] as PendingBytes;
      pending.uint(recentKey);
      pending.uint(level);
      pending.append(clip.positions, from, to);
      from = to;
      this.#values += 3 + count;
    }
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

  /** Every token's values: the staged runs in order, then the chunk still in memory. */
  #valuesOf(id: number, partsOf: (id: number) => Buffer[]): number[] {
    const values: number[] = [];
    const pending = this.#pending[id] as PendingBytes;
    for (const data of [...partsOf(id), pending.view()]) {
      const input = new VarintReader(data);
      while (!input.done) values.push(input.uint());
    }
    return values;
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
    let blocks = 0;
    this.#tokens.forEach((entry, id) => {
      insertToken.run(entry.language, entry.token, id, entry.clips, entry.occurrences);
      const list = toList(this.#valuesOf(id, partsOf), entry.clips);
      const order = Array.from({ length: entry.clips }, (_, i) => i).sort(
        (a, b) => (list.keys[b] as number) - (list.keys[a] as number),
      );
      for (let from = 0; from < order.length; from += TOKEN_BLOCK_CLIPS) {
        const to = Math.min(order.length, from + TOKEN_BLOCK_CLIPS);
        insertBlock.run(id, list.keys[order[to - 1] as number], encodeTokenBlock(list, order, from, to));
        if (++blocks % 10_000 === 0) db.exec("COMMIT; BEGIN");
      }
      this.#pending[id] = new PendingBytes();
    });
    this.close();
    return blocks;
  }

  /** Closes and removes the staging file, if any. */
  close(): void {
    this.#staging.close();
  }
}

/** Flat values (key, level, count, positions… per clip) as a list in arrival order. */
function toList(values: readonly number[], clips: number): TokenList {
  const keys = new Float64Array(clips);
  const levels = new Uint8Array(clips);
  const starts = new Int32Array(clips + 1);
  const positions = new Int32Array(values.length - 3 * clips);
  let at = 0;
  let p = 0;
  for (let i = 0; i < clips; i++) {
    keys[i] = values[at++] as number;
    levels[i] = values[at++] as number;
    const count = values[at++] as number;
    for (let c = 0; c < count; c++) positions[p++] = values[at++] as number;
    starts[i + 1] = p;
  }
  return { keys, levels, starts, positions };
}
