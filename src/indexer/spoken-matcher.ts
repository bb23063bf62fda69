/**
 * The catalogue matcher of the build's workers: the hits `CatalogueMatcher.match` finds, in the same order,
 * over a clip's tokens as slots of the thread's token dictionary (`clip-tokens.ts`) instead of strings, so
 * a spoken token is hashed once for the match and the positional index alike, and the hits are written to
 * reused arrays instead of an object each.
 */
import type { MatcherSpelling } from "../catalogue/matcher.js";
import type { TokenDictionary } from "./clip-tokens.js";

/** The hits of one match, valid until the next: hit `i` is `word[i]`, from token `start[i]`, `length[i]` tokens. */
export interface SlotHits {
  count: number;
  word: Int32Array;
  start: Int32Array;
  length: Int32Array;
}

export class SpokenMatcher {
  /** The dictionary whose slots the matcher reads; its catalogue tokens are given slots up front. */
  readonly tokens: TokenDictionary;
  /** By slot: the node its token leads to from the root, −1 for none. */
  readonly #root: Int32Array;
  /** By node: its words, `words[wordsFrom[node] … wordsFrom[node + 1])`. */
  readonly #wordsFrom: Int32Array;
  readonly #words: Int32Array;
  /** By node: the next token's slot → node of longer spellings, when there are any. */
  readonly #next: Array<Map<number, number> | undefined>;
  /** By word: its key's slots, `keySlots[keyFrom[word] … keyFrom[word + 1])`. */
  readonly #keyFrom: Int32Array;
  readonly #keySlots: Int32Array;
  /** By word: the match it was last first hit in (`firstHits`), and that hit. */
  readonly #firstIn: Int32Array;
  #matches = 0;
  #first = new Int32Array(256);
  readonly #hits: SlotHits = {
    count: 0,
    word: new Int32Array(256),
    start: new Int32Array(256),
    length: new Int32Array(256),
  };

  /** `keys`: each word's key (`norm`), by word index; every word a spelling leads to has one. */
  constructor(spellings: Iterable<MatcherSpelling>, keys: readonly string[], tokens: TokenDictionary) {
    this.tokens = tokens;
    this.#keyFrom = new Int32Array(keys.length + 1);
    const keySlots: number[] = [];
    keys.forEach((key, word) => {
      for (const token of key.split(" ")) keySlots.push(tokens.slotOf(token));
      this.#keyFrom[word + 1] = keySlots.length;
    });
    this.#keySlots = Int32Array.from(keySlots);
    this.#firstIn = new Int32Array(keys.length).fill(-1);
    const root = new Map<number, number>();
    const nodeWords: number[][] = [];
    const next: Array<Map<number, number> | undefined> = [];
    const newNode = (): number => {
      nodeWords.push([]);
      next.push(undefined);
      return nodeWords.length - 1;
    };
    for (const { norm, word } of spellings) {
      if (!(word >= 0 && word < keys.length))
        throw new RangeError(`spoken matcher: spelling "${norm}" leads to word ${word}, which has no key`);
      let node = -1;
      for (const token of norm.split(" ")) {
        const slot = tokens.slotOf(token);
        let level: Map<number, number> | undefined;
        if (node === -1) level = root;
        else {
          level = next[node];
          if (level === undefined) {
            level = new Map();
            next[node] = level;
          }
        }
        let child = level.get(slot);
        if (child === undefined) {
          child = newNode();
          level.set(slot, child);
        }
        node = child;
      }
      const words = nodeWords[node] as number[];
      if (!words.includes(word)) words.push(word);
    }
    let slots = 0;
    for (const slot of root.keys()) slots = Math.max(slots, slot + 1);
    this.#root = new Int32Array(slots).fill(-1);
    for (const [slot, node] of root) this.#root[slot] = node;
    this.#wordsFrom = new Int32Array(nodeWords.length + 1);
    nodeWords.forEach((words, node) => {
      this.#wordsFrom[node + 1] = (this.#wordsFrom[node] as number) + words.length;
    });
    this.#words = Int32Array.from(nodeWords.flat());
    this.#next = next;
  }

  /**
   * Every hit in the first `count` slots, ordered by start token, then by length, then as the spellings
   * listed the words: what `CatalogueMatcher.match` finds in the tokens the slots stand for.
   */
  match(slots: Int32Array, count: number): SlotHits {
    const hits = this.#hits;
    hits.count = 0;
    this.#matches++;
    const root = this.#root;
    const wordsFrom = this.#wordsFrom;
    const words = this.#words;
    for (let start = 0; start < count; start++) {
      const slot = slots[start] as number;
      let node = slot < root.length ? (root[slot] as number) : -1;
      let length = 1;
      while (node !== -1) {
        const to = wordsFrom[node + 1] as number;
        for (let w = wordsFrom[node] as number; w < to; w++) this.#push(words[w] as number, start, length);
        const next = this.#next[node];
        if (start + length >= count || next === undefined) break;
        node = next.get(slots[start + length] as number) ?? -1;
        length++;
      }
    }
    return hits;
  }

  /** Tokens in the word's key. */
  keyTokens(word: number): number {
    return (this.#keyFrom[word + 1] as number) - (this.#keyFrom[word] as number);
  }

  /** True when `slots[start … start + length)` are the word's key: the form spoken is the key itself. */
  isKey(word: number, slots: Int32Array, start: number, length: number): boolean {
    const from = this.#keyFrom[word] as number;
    if ((this.#keyFrom[word + 1] as number) - from !== length) return false;
    for (let i = 0; i < length; i++) if (slots[start + i] !== this.#keySlots[from + i]) return false;
    return true;
  }

  /**
   * The first hit of each word in the last match, in the order of the hits (the order the words are first
   * spoken): `count` hit indexes, valid until the next match.
   */
  firstHits(): { count: number; hit: Int32Array } {
    const hits = this.#hits;
    const firstIn = this.#firstIn;
    const match = this.#matches;
    if (this.#first.length < hits.count) this.#first = new Int32Array(hits.word.length);
    const first = this.#first;
    let count = 0;
    for (let i = 0; i < hits.count; i++) {
      const word = hits.word[i] as number;
      if (firstIn[word] !== match) {
        firstIn[word] = match;
        first[count++] = i;
      }
    }
    return { count, hit: first };
  }

  #push(word: number, start: number, length: number): void {
    const hits = this.#hits;
    const i = hits.count++;
    if (i === hits.word.length) {
      const grow = (array: Int32Array): Int32Array => {
        const grown = new Int32Array(array.length * 2);
        grown.set(array);
        return grown;
      };
      hits.word = grow(hits.word);
      hits.start = grow(hits.start);
      hits.length = grow(hits.length);
    }
    hits.word[i] = word;
    hits.start[i] = start;
    hits.length[i] = length;
  }
}
