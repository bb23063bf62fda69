/** Damerau-Levenshtein (optimal string alignment) distance, to re-rank fuzzy candidates. */

// Reused between calls: the distance runs on every fuzzy candidate of every query, and allocating four
// arrays per call would dominate the work on short words. Grown on demand, never shrunk.
let codesA = new Int32Array(64);
let codesB = new Int32Array(64);
let rowBeforeLast = new Int32Array(65);
let lastRow = new Int32Array(65);
let row = new Int32Array(65);

/**
 * The number of single-character insertions, deletions, substitutions and transpositions of two
 * adjacent characters that turn `a` into `b`, where no substring is edited twice (optimal string
 * alignment). Characters are code points. With `max`, returns `max + 1` as soon as the distance is
 * sure to exceed `max`.
 */
export function damerauLevenshtein(a: string, b: string, max?: number): number {
  const limit = max ?? Number.POSITIVE_INFINITY;
  if (a === b) return 0;
  const lengthA = fillCodes(a, "a");
  const lengthB = fillCodes(b, "b");
  if (Math.abs(lengthA - lengthB) > limit) return limit + 1;
  if (lengthA === 0) return lengthB;
  if (lengthB === 0) return lengthA;
  ensureRows(lengthB + 1);
  const ca = codesA;
  const cb = codesB;
  let before = rowBeforeLast;
  let last = lastRow;
  let current = row;
  for (let j = 0; j <= lengthB; j++) last[j] = j;
  for (let i = 1; i <= lengthA; i++) {
    const charA = ca[i - 1] ?? 0;
    const previousCharA = i > 1 ? (ca[i - 2] ?? 0) : -1;
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= lengthB; j++) {
      const charB = cb[j - 1] ?? 0;
      const substitution = (last[j - 1] ?? 0) + (charA === charB ? 0 : 1);
      const deletion = (last[j] ?? 0) + 1;
      const insertion = (current[j - 1] ?? 0) + 1;
      let best = Math.min(substitution, deletion, insertion);
      if (j > 1 && charA === cb[j - 2] && previousCharA === charB && charA !== charB) {
        const transposition = (before[j - 2] ?? 0) + 1;
        if (transposition < best) best = transposition;
      }
      current[j] = best;
      if (best < rowMin) rowMin = best;
    }
    // A row's minimum never decreases further down, so once it exceeds the limit so does the answer.
    if (rowMin > limit) return limit + 1;
    const recycled = before;
    before = last;
    last = current;
    current = recycled;
  }
  const distance = last[lengthB] ?? 0;
  return distance > limit ? limit + 1 : distance;
}

/** Writes the code points of a text into the reusable buffer for side `a` or `b`; returns their count. */
function fillCodes(text: string, side: "a" | "b"): number {
  let codes = side === "a" ? codesA : codesB;
  if (codes.length < text.length) {
    codes = new Int32Array(text.length * 2);
    if (side === "a") codesA = codes;
    else codesB = codes;
  }
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i) ?? 0;
    codes[count++] = code;
    if (code > 0xffff) i++;
  }
  return count;
}

function ensureRows(length: number): void {
  if (row.length >= length) return;
  const size = length * 2;
  rowBeforeLast = new Int32Array(size);
  lastRow = new Int32Array(size);
  row = new Int32Array(size);
}

/** Patterns up to this many code points are matched bit-parallel, one bit a code point. */
const WORD_BITS = 32;

/**
 * `damerauLevenshtein` from one pattern to many texts, bit-parallel (Hyyrö's bit-vector algorithm for the
 * optimal string alignment distance, 2003): a column of the table is a few 32-bit words, so a text of n code
 * points costs n steps of a dozen operations instead of n × m cells. The pattern's masks are made once, so
 * near-spelling lookups measure each candidate against the query this way. Patterns longer than 32 code
 * points fall back to the table.
 */
export class OsaMatcher {
  readonly #pattern: string;
  readonly #length: number;
  /** Bits of the pattern's positions holding each ASCII code point; other code points in `#others`. */
  readonly #ascii = new Int32Array(128);
  readonly #others = new Map<number, number>();

  constructor(pattern: string) {
    this.#pattern = pattern;
    let at = 0;
    for (const char of pattern) {
      const code = char.codePointAt(0) as number;
      if (at < WORD_BITS) {
        if (code < 128) this.#ascii[code] = (this.#ascii[code] as number) | (1 << at);
        else this.#others.set(code, (this.#others.get(code) ?? 0) | (1 << at));
      }
      at++;
    }
    this.#length = at;
  }

  /** The distance from the pattern to `text`; above `max`, `max + 1` (as `damerauLevenshtein`). */
  distance(text: string, max = Number.POSITIVE_INFINITY): number {
    const m = this.#length;
    if (m > WORD_BITS) return damerauLevenshtein(this.#pattern, text, max);
    if (m === 0) {
      const n = codePointCount(text);
      return n > max ? max + 1 : n;
    }
    const last = 1 << (m - 1);
    const mask = m === WORD_BITS ? -1 : (1 << m) - 1;
    let vp = mask;
    let vn = 0;
    let d0 = 0;
    let previousEq = 0;
    let score = m;
    for (let i = 0; i < text.length; i++) {
      const code = text.codePointAt(i) as number;
      if (code > 0xffff) i++;
      const eq = code < 128 ? (this.#ascii[code] as number) : (this.#others.get(code) ?? 0);
      // A swap: the pattern's next position matches this code point and its position the one before.
      const swap = (((~d0 & eq) << 1) & previousEq) | 0;
      d0 = ((((eq & vp) + vp) ^ vp) | eq | vn | swap) & mask;
      const hp = (vn | ~(d0 | vp)) & mask;
      const hn = vp & d0;
      if ((hp & last) !== 0) score++;
      else if ((hn & last) !== 0) score--;
      const shifted = ((hp << 1) | 1) & mask;
      vn = shifted & d0;
      vp = ((hn << 1) | ~(shifted | d0)) & mask;
      previousEq = eq;
    }
    return score > max ? max + 1 : score;
  }
}

function codePointCount(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    if ((text.codePointAt(i) as number) > 0xffff) i++;
    n++;
  }
  return n;
}
