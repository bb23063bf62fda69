/**
 * Collects the positional index while clips are written (each clip's spoken tokens, in clip order) and
 * writes it at the end, each token's clips newest first in blocks (`snapshot/token-block.ts`). Memory is
 * bounded: when the values collected pass a chunk, they are spilled to a staging file as one run per
 * token, and each token's runs are read back together at the end.
 */

import type Database from "better-sqlite3";
import type { ClipTokens } from "./clip-tokens.js";
import { StagingRuns } from "./staging-runs.js";
import {
  type EncodedTokens,
  encodeTokens,
  type TokenBatch,
  type TokenClips,
  type TokenEncoder,
} from "./token-batch.js";
import { TokenLog } from "./token-log.js";

/** Values held before a spill (a clip number, a count and positions per clip of each token): about 64 MB. */
const DEFAULT_CHUNK_VALUES = 8_000_000;

/** A token dictionary's tokens by its ids, and each one's token id in the index (−1 until indexed). */
interface DictionaryTokens {
  names: string[];
  ids: Int32Array;
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
  /** The chunk's values, as clips brought them. */
  readonly #log = new TokenLog();
  /** Scratch of `add`: the clip's token ids here. */
  #clipIds = new Int32Array(1024);
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
    const tokens = clip.ids.length;
    if (this.#clipIds.length < tokens) this.#clipIds = new Int32Array(tokens * 2);
    const clipIds = this.#clipIds;
    let values = 0;
    for (let k = 0; k < tokens; k++) {
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
      this.#clipsOf[id] = (this.#clipsOf[id] as number) + 1;
      this.#occurrencesOf[id] = (this.#occurrencesOf[id] as number) + count;
      clipIds[k] = id;
      values += 2 + count;
    }
    this.#log.add(clipNo, clipIds, tokens, clip.ends, clip.positions);
    this.#values += values;
    if (this.#values >= this.#chunk) this.#spill();
  }

  #spill(): void {
    const { data, from } = this.#log.grouped(this.#names.length);
    const ids: number[] = [];
    const lengths: number[] = [];
    for (let id = 0; id < this.#names.length; id++) {
      const length = (from[id + 1] as number) - (from[id] as number);
      if (length > 0) {
        ids.push(id);
        lengths.push(length);
      }
    }
    this.#staging.writeParts(
      data.subarray(from[0] as number, from[this.#names.length] as number),
      ids,
      lengths,
    );
    this.#log.clear();
    this.#values = 0;
  }

  /**
   * Writes the `tokens` and `token_postings` tables into the snapshot (inside the caller's transaction)
   * and returns the number of blocks written.
   */
  write(db: Database.Database): number {
    const out = this.#inserter(db);
    for (const batch of this.#batches()) out.insert(batch, encodeTokens(batch));
    this.close();
    return out.blocks();
  }

  /**
   * As `write`, with each batch of tokens encoded by `encode` (on other threads) while this thread reads
   * the next; the rows are written in the same order, so the snapshot is the same.
   */
  async writeAsync(db: Database.Database, encode: TokenEncoder): Promise<number> {
    const out = this.#inserter(db);
    const inFlight: Array<{ batch: TokenBatch; encoded: Promise<EncodedTokens> }> = [];
    try {
      for (const batch of this.#batches()) {
        inFlight.push({ batch, encoded: encode(batch) });
        if (inFlight.length >= TOKEN_BATCHES_IN_FLIGHT) {
          const oldest = inFlight.shift() as (typeof inFlight)[number];
          out.insert(oldest.batch, await oldest.encoded);
        }
      }
      for (let oldest = inFlight.shift(); oldest !== undefined; oldest = inFlight.shift())
        out.insert(oldest.batch, await oldest.encoded);
    } finally {
      await Promise.allSettled(inFlight.map((b) => b.encoded));
    }
    this.close();
    return out.blocks();
  }

  #inserter(db: Database.Database): {
    insert: (batch: TokenBatch, encoded: EncodedTokens) => void;
    blocks: () => number;
  } {
    const insertToken = db.prepare(
      "INSERT INTO tokens (language, token, token_id, clips, occurrences) VALUES (?, ?, ?, ?, ?)",
    );
    const insertBlock = db.prepare("INSERT INTO token_postings (token_id, min_key, data) VALUES (?, ?, ?)");
    let blocks = 0;
    return {
      insert: (batch, encoded) => {
        if (encoded.blocks.length !== batch.counts.length)
          throw new Error("token index: a batch came back with another number of tokens");
        let block = 0;
        for (let t = 0; t < batch.counts.length; t++) {
          const id = batch.firstId + t;
          insertToken.run(this.#languages[id], this.#names[id], id, batch.counts[t], this.#occurrencesOf[id]);
          const end = block + (encoded.blocks[t] as number);
          for (; block < end; block++) {
            const from = block === 0 ? 0 : (encoded.ends[block - 1] as number);
            const data = encoded.data.subarray(from, encoded.ends[block] as number);
            insertBlock.run(
              id,
              encoded.minKeys[block],
              Buffer.from(data.buffer, data.byteOffset, data.length),
            );
            if (++blocks % 10_000 === 0) db.exec("COMMIT; BEGIN");
          }
        }
      },
      blocks: () => blocks,
    };
  }

  /** Every token in id order, in batches of their staged bytes. */
  *#batches(): Generator<TokenBatch> {
    const partsOf = this.#staging.partsOf();
    const clips = this.#sharedClips();
    let firstId = 0;
    let parts: Uint8Array[] = [];
    let ends: number[] = [];
    let counts: number[] = [];
    let bytes = 0;
    const batch = (): TokenBatch => {
      const data = new Uint8Array(bytes);
      let at = 0;
      for (const part of parts) {
        data.set(part, at);
        at += part.length;
      }
      return { firstId, clips, data, ends: Uint32Array.from(ends), counts: Int32Array.from(counts) };
    };
    const last = this.#log.grouped(this.#names.length);
    this.#log.clear();
    for (let id = 0; id < this.#names.length; id++) {
      const newest = last.data.subarray(last.from[id] as number, last.from[id + 1] as number);
      for (const part of [...partsOf(id), newest]) {
        parts.push(part);
        bytes += part.length;
      }
      ends.push(bytes);
      counts.push(this.#clipsOf[id] as number);
      if (bytes >= TOKEN_BATCH_BYTES) {
        yield batch();
        firstId = id + 1;
        parts = [];
        ends = [];
        counts = [];
        bytes = 0;
      }
    }
    if (counts.length > 0) yield batch();
  }

  /** The clips' keys, levels and ranks (newest first; ties in the order added), shared with other threads. */
  #sharedClips(): TokenClips {
    const n = this.#clips;
    const keys = new Float64Array(new SharedArrayBuffer(Math.max(1, n) * 8));
    const levels = new Uint8Array(new SharedArrayBuffer(Math.max(1, n)));
    const rank = new Int32Array(new SharedArrayBuffer(Math.max(1, n) * 4));
    keys.set(this.#clipKeys.subarray(0, n));
    levels.set(this.#clipLevels.subarray(0, n));
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((a, b) => (keys[b] as number) - (keys[a] as number) || a - b);
    for (let r = 0; r < n; r++) rank[order[r] as number] = r;
    return { keys, levels, rank };
  }

  /** Closes and removes the staging file, if any. */
  close(): void {
    this.#staging.close();
  }
}

/** Heap bytes of the tokens' staged values encoded together, and batches encoding at once. */
const TOKEN_BATCH_BYTES = 1024 * 1024;
const TOKEN_BATCHES_IN_FLIGHT = 4;
