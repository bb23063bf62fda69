/**
 * The writer's clip counts per catalogue word, in flat arrays indexed by word id (one lookup a posting, no
 * map): clips by clip level, and by clip level and speech pace, with the words that have a pace count in
 * the order they got their first, which is the order the snapshot lists them in.
 */
import { LEVELS } from "../domain.js";

const PACES = 3;

export class WordCounts {
  #byLevel = new Int32Array(0);
  #byPace = new Int32Array(0);
  #hasPace = new Uint8Array(0);
  readonly #paced: number[] = [];

  /** Room for word ids up to `wordId`. */
  #grow(wordId: number): void {
    const words = this.#byLevel.length / LEVELS.length;
    if (wordId < words) return;
    let size = Math.max(1024, words * 2);
    while (size <= wordId) size *= 2;
    const byLevel = new Int32Array(size * LEVELS.length);
    byLevel.set(this.#byLevel);
    this.#byLevel = byLevel;
    const byPace = new Int32Array(size * LEVELS.length * PACES);
    byPace.set(this.#byPace);
    this.#byPace = byPace;
    const hasPace = new Uint8Array(size);
    hasPace.set(this.#hasPace);
    this.#hasPace = hasPace;
  }

  /** One clip of `level` that says the word; `pace` is the clip's pace (`snapshot/pace.ts`), −1 for none. */
  add(wordId: number, level: number, pace: number): void {
    this.#grow(wordId);
    const at = wordId * LEVELS.length + level;
    this.#byLevel[at] = (this.#byLevel[at] as number) + 1;
    if (pace === -1) return;
    if (this.#hasPace[wordId] === 0) {
      this.#hasPace[wordId] = 1;
      this.#paced.push(wordId);
    }
    const paced = (wordId * LEVELS.length + level) * PACES + pace;
    this.#byPace[paced] = (this.#byPace[paced] as number) + 1;
  }

  /** The word's clips by level: six counts. */
  byLevel(wordId: number): Int32Array {
    const at = wordId * LEVELS.length;
    if (at >= this.#byLevel.length) return new Int32Array(LEVELS.length);
    return this.#byLevel.subarray(at, at + LEVELS.length);
  }

  /** The words with a pace count, in the order they got their first, each with its 6 × 3 counts. */
  *byPace(): Generator<[number, Int32Array]> {
    const size = LEVELS.length * PACES;
    for (const wordId of this.#paced)
      yield [wordId, this.#byPace.subarray(wordId * size, (wordId + 1) * size)];
  }
}
