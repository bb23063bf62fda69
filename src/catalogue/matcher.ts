/**
 * Finds catalogue words in a stream of spoken tokens: single tokens and multi-word entries spoken one
 * after the other. Every spelling counts (headword, variant, inflected form), and a token counts for every
 * word it leads to, so `saw` is a hit for both `saw` and `see`, and `ice cream` for `ice cream`, `ice` and `cream`.
 * Spellings sit in a trie of tokens, so following a multi-word entry costs one map lookup a token.
 */

/** What the matcher needs of a compiled catalogue: normalised spellings and the word each leads to. */
export interface MatcherSpelling {
  norm: string;
  word: number;
}

export interface Hit {
  /** Index of the catalogue word (into the compiled catalogue's words). */
  word: number;
  /** Index of the first token of the match. */
  start: number;
  /** Number of tokens matched (1 for a single word, more for `ice cream`). */
  length: number;
}

interface Node {
  /** Words whose spelling ends at this node. */
  words: number[] | undefined;
  /** The next token of longer spellings. */
  next: Map<string, Node> | undefined;
}

export class CatalogueMatcher {
  readonly #root = new Map<string, Node>();

  constructor(spellings: Iterable<MatcherSpelling>) {
    for (const { norm, word } of spellings) {
      const tokens = norm.split(" ");
      let level = this.#root;
      let node: Node | undefined;
      tokens.forEach((token, i) => {
        if (i > 0 && node !== undefined) {
          node.next ??= new Map();
          level = node.next;
        }
        node = level.get(token);
        if (node === undefined) {
          node = { words: undefined, next: undefined };
          level.set(token, node);
        }
      });
      if (node === undefined) continue;
      node.words ??= [];
      if (!node.words.includes(word)) node.words.push(word);
    }
  }

  /** The catalogue words a single normalised key leads to (empty when none). */
  wordsFor(norm: string): readonly number[] {
    let level: Map<string, Node> | undefined = this.#root;
    let node: Node | undefined;
    for (const token of norm.split(" ")) {
      node = level?.get(token);
      if (node === undefined) return EMPTY;
      level = node.next;
    }
    return node?.words ?? EMPTY;
  }

  /** Every hit in the token stream, ordered by start token, then by length. */
  match(tokens: readonly string[]): Hit[] {
    const hits: Hit[] = [];
    for (let start = 0; start < tokens.length; start++) {
      let node = this.#root.get(tokens[start] as string);
      let length = 1;
      while (node !== undefined) {
        if (node.words !== undefined) for (const word of node.words) hits.push({ word, start, length });
        const next = tokens[start + length];
        if (next === undefined || node.next === undefined) break;
        node = node.next.get(next);
        length++;
      }
    }
    return hits;
  }
}

const EMPTY: readonly number[] = Object.freeze([]);
