/**
 * Sound-alike spellings: every key filed under its Double Metaphone codes (the `double-metaphone`
 * package), so a misspelling written by ear (`definately`, `nashon`, `fone`) finds the word it sounds
 * like even when it shares few letters or trigrams with it. Two spellings sound alike when one's primary
 * or alternate code equals one of the other's.
 */
import { doubleMetaphone } from "double-metaphone";

/** Double Metaphone reads English words: a key of other characters (spaces, digits, accents) has no code. */
const CODED = /^[a-z]+$/;

/** The distinct Double Metaphone codes of a lower-case word (one or two), or none. */
export function phoneticCodes(word: string): string[] {
  if (!CODED.test(word)) return [];
  const [primary, alternate] = doubleMetaphone(word);
  const codes = primary === "" ? [] : [primary];
  if (alternate !== "" && alternate !== primary) codes.push(alternate);
  return codes;
}

/** Whether two code lists share a code. */
export function soundAlike(a: readonly string[], b: readonly string[]): boolean {
  for (const code of a) if (b.includes(code)) return true;
  return false;
}

export class PhoneticIndex {
  /** Each key's codes, by the key's position. */
  readonly #codes: string[][];
  readonly #byCode = new Map<string, Int32Array>();

  constructor(keys: readonly string[]) {
    this.#codes = keys.map(phoneticCodes);
    const lists = new Map<string, number[]>();
    this.#codes.forEach((codes, index) => {
      for (const code of codes) {
        const list = lists.get(code);
        if (list === undefined) lists.set(code, [index]);
        else list.push(index);
      }
    });
    for (const [code, list] of lists) this.#byCode.set(code, Int32Array.from(list));
  }

  /** The codes of the key at `index`. */
  codesOf(index: number): readonly string[] {
    return this.#codes[index] ?? [];
  }

  /** Positions of the keys that sound like a word with these codes, ascending, each once. */
  candidates(codes: readonly string[]): Int32Array {
    const [first, second] = codes.map((code) => this.#byCode.get(code) ?? EMPTY);
    if (first === undefined) return EMPTY;
    if (second === undefined || second.length === 0) return first;
    if (first.length === 0) return second;
    return mergeUnique(first, second);
  }
}

const EMPTY = new Int32Array(0);

/** The union of two ascending lists, ascending. */
function mergeUnique(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length || j < b.length) {
    const x = i < a.length ? (a[i] as number) : Number.POSITIVE_INFINITY;
    const y = j < b.length ? (b[j] as number) : Number.POSITIVE_INFINITY;
    if (x <= y) {
      out[n++] = x;
      i++;
      if (x === y) j++;
    } else {
      out[n++] = y;
      j++;
    }
  }
  return out.subarray(0, n);
}
