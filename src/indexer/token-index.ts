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
  VarintWriter,
} from "../snapshot/token-block.js";
import { StagingRuns } from "./staging-runs.js";

/** Values held before a spill (key, level, count and positions of each clip of each token): about 64 MB. */
const DEFAULT_CHUNK_VALUES = 8_000_000;

interface TokenEntry {
  language: string;
  token: string;
  clips: number;
  occurrences: number;
}

export class TokenIndexWriter {
  readonly #staging: StagingRuns;
  readonly #chunk: number;
  /** Token ids by language and token; ids in order of first appearance. */
  readonly #ids = new Map<string, Map<string, number>>();
  readonly #tokens: TokenEntry[] = [];
  /** Per token id: the chunk's entries, flat: key, level, count, positions… */
  #pending: number[][] = [];
  #values = 0;

  constructor(stagingPath: string, chunkValues = DEFAULT_CHUNK_VALUES) {
    this.#staging = new StagingRuns(stagingPath);
    this.#chunk = chunkValues;
  }

  /** One clip: its normalised tokens in spoken order, separated by single spaces. */
  add(language: string, recentKey: number, level: number, spokenTokens: string): void {
    if (spokenTokens === "") return;
    let ids = this.#ids.get(language);
    if (ids === undefined) {
      ids = new Map();
      this.#ids.set(language, ids);
    }
    const positions = new Map<number, number[]>();
    const tokens = spokenTokens.split(" ");
    for (let position = 0; position < tokens.length; position++) {
      const token = tokens[position] as string;
      let id = ids.get(token);
      if (id === undefined) {
        id = this.#tokens.length;
        ids.set(token, id);
        this.#tokens.push({ language, token, clips: 0, occurrences: 0 });
        this.#pending.push([]);
      }
      const list = positions.get(id);
      if (list === undefined) positions.set(id, [position]);
      else list.push(position);
    }
    for (const [id, list] of positions) {
      const entry = this.#tokens[id] as TokenEntry;
      entry.clips++;
      entry.occurrences += list.length;
      const pending = this.#pending[id] as number[];
      pending.push(recentKey, level, list.length, ...list);
      this.#values += 3 + list.length;
    }
    if (this.#values >= this.#chunk) this.#spill();
  }

  #spill(): void {
    const out = new VarintWriter();
    this.#staging.writeRun((put) => {
      this.#pending.forEach((values, id) => {
        if (values.length === 0) return;
        out.reset();
        for (const value of values) out.uint(value);
        put(id, out.toBuffer());
      });
    });
    this.#pending = this.#pending.map(() => []);
    this.#values = 0;
  }

  /** Every token's values: the staged runs in order, then the chunk still in memory. */
  #valuesOf(id: number, partsOf: (id: number) => Buffer[]): number[] {
    const values: number[] = [];
    for (const data of partsOf(id)) {
      const input = new VarintReader(data);
      while (!input.done) values.push(input.uint());
    }
    for (const value of this.#pending[id] as number[]) values.push(value);
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
      this.#pending[id] = [];
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
