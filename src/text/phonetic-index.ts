/**
 * Sound-alike spellings: every key filed under its Double Metaphone codes (the `double-metaphone`
 * package), so a misspelling written by ear (`definately`, `nashon`, `wich`) finds the word it sounds like
 * even when it shares few letters or trigrams with it. Two spellings sound alike when a code of one (its
 * primary or its alternate) is a code of the other.
 */
import { doubleMetaphone } from "double-metaphone";
import { type PackedLists, packLists, unpackLists } from "./packed-lists.js";

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

/** Whether two words, by their codes, sound alike. */
export function soundAlike(a: readonly string[], b: readonly string[]): boolean {
  for (const code of a) if (b.includes(code)) return true;
  return false;
}

/** A query's codes as the index numbers them; codes no key has are left out (nothing sounds like them). */
export type PreparedCodes = readonly number[];

const NONE = -1;
const EMPTY = new Int32Array(0);

/** A phonetic index's parts, as built: what the snapshot stores (see `PhoneticIndex.parts`). */
export interface PhoneticParts {
  /** Every code, by id. */
  codes: string[];
  keyCodes: Int32Array;
  /** The keys having each code, by code id. */
  postings: PackedLists;
}

function buildPhoneticParts(keys: readonly string[]): PhoneticParts {
  const idOf = new Map<string, number>();
  const keyCodes = new Int32Array(keys.length * 2).fill(NONE);
  const lists: number[][] = [];
  keys.forEach((key, index) => {
    phoneticCodes(key).forEach((code, slot) => {
      let id = idOf.get(code);
      if (id === undefined) {
        id = lists.length;
        idOf.set(code, id);
        lists.push([]);
      }
      keyCodes[index * 2 + slot] = id;
      (lists[id] as number[]).push(index);
    });
  });
  return { codes: [...idOf.keys()], keyCodes, postings: packLists(lists) };
}

export class PhoneticIndex {
  readonly #codes: string[];
  readonly #idOf: Map<string, number>;
  /** Each key's code ids, two a key (NONE where it has fewer). */
  readonly #keyCodes: Int32Array;
  /** Positions of the keys having each code, ascending, by code id. */
  readonly #postings: PackedLists;
  readonly #postingsById: Int32Array[];

  /** From the keys, or from the parts of an index built elsewhere. */
  constructor(keys: readonly string[] | PhoneticParts) {
    const parts = Array.isArray(keys) ? buildPhoneticParts(keys) : (keys as PhoneticParts);
    this.#codes = parts.codes;
    this.#idOf = new Map(parts.codes.map((code, id) => [code, id]));
    this.#keyCodes = parts.keyCodes;
    this.#postings = parts.postings;
    this.#postingsById = unpackLists(parts.postings);
  }

  /** What the index is made of: `new PhoneticIndex(parts)` is the same index. */
  parts(): PhoneticParts {
    return { codes: this.#codes, keyCodes: this.#keyCodes, postings: this.#postings };
  }

  prepare(word: string): PreparedCodes {
    const ids: number[] = [];
    for (const code of phoneticCodes(word)) {
      const id = this.#idOf.get(code);
      if (id !== undefined) ids.push(id);
    }
    return ids;
  }

  /** Whether the key at `index` sounds like the prepared query. */
  soundsLike(query: PreparedCodes, index: number): boolean {
    const a = this.#keyCodes[index * 2];
    const b = this.#keyCodes[index * 2 + 1];
    for (const id of query) if (id === a || id === b) return true;
    return false;
  }

  /** The positions of the keys sounding like the prepared query: a list a code (a key may be in both). */
  candidateLists(query: PreparedCodes): Int32Array[] {
    return query.map((id) => this.#postingsById[id] ?? EMPTY);
  }
}
