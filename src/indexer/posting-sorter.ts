/**
 * Collects postings in arrival (clip) order and gives them back grouped by (word, clip level), newest
 * first, in bounded memory: a full chunk is sorted (counting sort by group, then by key) and written to a
 * staging file as one run per group; at the end the runs of each group are merged.
 */
import { rmSync } from "node:fs";
import Database from "better-sqlite3";
import { LEVELS } from "../domain.js";
import { decodeList, encodeBlock, type PostingList } from "../snapshot/posting-block.js";

export interface PostingGroup {
  wordId: number;
  level: number;
  list: PostingList;
}

/** About 23 bytes a posting while collecting: four million is under 100 MB. */
const DEFAULT_CHUNK_POSTINGS = 4_000_000;

export class PostingSorter {
  readonly #chunk: number;
  readonly #stagingPath: string;
  #words: Int32Array;
  #levels: Uint8Array;
  #keys: Float64Array;
  #tMs: Uint32Array;
  #cues: Uint16Array;
  #n = 0;
  #runs = 0;
  #staging: Database.Database | undefined;
  #insertRun: Database.Statement | undefined;

  constructor(stagingPath: string, chunkPostings = DEFAULT_CHUNK_POSTINGS) {
    this.#chunk = chunkPostings;
    this.#stagingPath = stagingPath;
    this.#words = new Int32Array(chunkPostings);
    this.#levels = new Uint8Array(chunkPostings);
    this.#keys = new Float64Array(chunkPostings);
    this.#tMs = new Uint32Array(chunkPostings);
    this.#cues = new Uint16Array(chunkPostings);
  }

  add(wordId: number, level: number, key: number, tMs: number, cueIdx: number): void {
    if (this.#n === this.#chunk) this.#spill();
    const i = this.#n++;
    this.#words[i] = wordId;
    this.#levels[i] = level;
    this.#keys[i] = key;
    this.#tMs[i] = tMs;
    this.#cues[i] = cueIdx;
  }

  /** The chunk's postings grouped by (word, level) in that order, each group newest first. */
  *#sortedChunk(): Generator<PostingGroup> {
    const n = this.#n;
    if (n === 0) return;
    let maxWord = 0;
    for (let i = 0; i < n; i++) if ((this.#words[i] as number) > maxWord) maxWord = this.#words[i] as number;
    const groups = (maxWord + 1) * LEVELS.length;
    const start = new Int32Array(groups + 1);
    for (let i = 0; i < n; i++) {
      const g = (this.#words[i] as number) * LEVELS.length + (this.#levels[i] as number);
      start[g + 1] = (start[g + 1] as number) + 1;
    }
    for (let g = 0; g < groups; g++) start[g + 1] = (start[g + 1] as number) + (start[g] as number);
    const order = new Uint32Array(n);
    const fill = start.slice(0, groups);
    for (let i = 0; i < n; i++) {
      const g = (this.#words[i] as number) * LEVELS.length + (this.#levels[i] as number);
      order[fill[g] as number] = i;
      fill[g] = (fill[g] as number) + 1;
    }
    for (let g = 0; g < groups; g++) {
      const from = start[g] as number;
      const to = start[g + 1] as number;
      if (from === to) continue;
      const members = order
        .subarray(from, to)
        .sort((a, b) => (this.#keys[b] as number) - (this.#keys[a] as number));
      const list: PostingList = {
        keys: new Float64Array(members.length),
        tMs: new Uint32Array(members.length),
        cueIdx: new Uint16Array(members.length),
      };
      members.forEach((i, j) => {
        list.keys[j] = this.#keys[i] as number;
        list.tMs[j] = this.#tMs[i] as number;
        list.cueIdx[j] = this.#cues[i] as number;
      });
      yield { wordId: Math.floor(g / LEVELS.length), level: g % LEVELS.length, list };
    }
  }

  #spill(): void {
    if (this.#staging === undefined) {
      rmSync(this.#stagingPath, { force: true });
      this.#staging = new Database(this.#stagingPath);
      this.#staging.pragma("journal_mode = OFF");
      this.#staging.pragma("synchronous = OFF");
      this.#staging.exec(
        "CREATE TABLE runs (word_id INTEGER, level INTEGER, run INTEGER, data BLOB, PRIMARY KEY (word_id, level, run)) WITHOUT ROWID",
      );
      this.#insertRun = this.#staging.prepare("INSERT INTO runs VALUES (?, ?, ?, ?)");
    }
    const insert = this.#insertRun as Database.Statement;
    const run = this.#runs++;
    this.#staging.exec("BEGIN");
    for (const { wordId, level, list } of this.#sortedChunk()) {
      insert.run(wordId, level, run, encodeBlock(list, 0, list.keys.length));
    }
    this.#staging.exec("COMMIT");
    this.#n = 0;
  }

  /** Every group, in (word, level) order, newest first; the sorter is spent afterwards. */
  *groups(): Generator<PostingGroup> {
    if (this.#staging === undefined) {
      yield* this.#sortedChunk();
      return;
    }
    if (this.#n > 0) this.#spill();
    const rows = this.#staging
      .prepare("SELECT word_id, level, data FROM runs ORDER BY word_id, level, run")
      .raw()
      .iterate() as Iterable<[number, number, Buffer]>;
    let current: { wordId: number; level: number; parts: PostingList[] } | undefined;
    for (const [wordId, level, data] of rows) {
      if (current && (current.wordId !== wordId || current.level !== level)) {
        yield { wordId: current.wordId, level: current.level, list: mergeLists(current.parts) };
        current = undefined;
      }
      current ??= { wordId, level, parts: [] };
      current.parts.push(decodeList(data));
    }
    if (current) yield { wordId: current.wordId, level: current.level, list: mergeLists(current.parts) };
  }

  close(): void {
    this.#staging?.close();
    this.#staging = undefined;
    rmSync(this.#stagingPath, { force: true });
  }
}

/** Lists of postings, each newest first → one list newest first. */
export function mergeLists(parts: readonly PostingList[]): PostingList {
  if (parts.length === 1) return parts[0] as PostingList;
  const n = parts.reduce((sum, p) => sum + p.keys.length, 0);
  const entries: Array<[number, number, number]> = [];
  for (const p of parts)
    for (let i = 0; i < p.keys.length; i++)
      entries.push([p.keys[i] as number, p.tMs[i] as number, p.cueIdx[i] as number]);
  entries.sort((a, b) => b[0] - a[0]);
  const list = { keys: new Float64Array(n), tMs: new Uint32Array(n), cueIdx: new Uint16Array(n) };
  entries.forEach(([key, tMs, cue], i) => {
    list.keys[i] = key;
    list.tMs[i] = tMs;
    list.cueIdx[i] = cue;
  });
  return list;
}
