/**
 * Edit distance weighted by how people mistype: the edits of Damerau-Levenshtein (optimal string
 * alignment), with the slips that dominate real misspellings costing less than an arbitrary edit. Swapping
 * two neighbours (`recieve`), doubling or undoubling a letter (`neccessary`, `ocasion`), one vowel for
 * another (`seperate`) cost half an edit; a key next to the intended one on a QWERTY keyboard costs three
 * quarters. So among candidates one plain edit away, the one a typist more likely meant ranks first.
 */

/** Costs in quarter edits, so the dynamic programme stays in integers. */
const EDIT = 4;
const CHEAP = 2;
const NEIGHBOUR = 3;

const VOWELS = new Set([..."aeiouy"].map((c) => c.codePointAt(0) as number));
const KEYBOARD_ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];

function pairKey(a: number, b: number): number {
  return a < b ? a * 0x110000 + b : b * 0x110000 + a;
}

const NEIGHBOURS = new Set<number>();
KEYBOARD_ROWS.forEach((row, r) => {
  [...row].forEach((key, i) => {
    const above = KEYBOARD_ROWS[r - 1];
    const below = KEYBOARD_ROWS[r + 1];
    for (const other of [row[i - 1], row[i + 1], above?.[i], above?.[i + 1], below?.[i - 1], below?.[i]]) {
      if (other) NEIGHBOURS.add(pairKey(key.codePointAt(0) as number, other.codePointAt(0) as number));
    }
  });
});

function slowSubstitutionCost(a: number, b: number): number {
  if (a === b) return 0;
  if (VOWELS.has(a) && VOWELS.has(b)) return CHEAP;
  return NEIGHBOURS.has(pairKey(a, b)) ? NEIGHBOUR : EDIT;
}

/** Substitution costs of every pair of ASCII characters, looked up in the inner loop. */
const ASCII_COSTS = new Uint8Array(128 * 128);
for (let a = 0; a < 128; a++)
  for (let b = 0; b < 128; b++) ASCII_COSTS[a * 128 + b] = slowSubstitutionCost(a, b);

function substitutionCost(a: number, b: number): number {
  return a < 128 && b < 128 ? (ASCII_COSTS[a * 128 + b] as number) : slowSubstitutionCost(a, b);
}

// Reused between calls: the distance runs on every fuzzy candidate of every lookup.
let x: Int32Array = new Int32Array(64);
let y: Int32Array = new Int32Array(64);
let rows: Int32Array[] = [new Int32Array(65), new Int32Array(65), new Int32Array(65)];

function fill(text: string, into: Int32Array): [Int32Array, number] {
  let codes = into;
  if (codes.length < text.length + 1) codes = new Int32Array(text.length * 2 + 1);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i) as number;
    codes[n++] = code;
    if (code > 0xffff) i++;
  }
  codes[n] = -1; // sentinel: "no next character" for the doubled-letter test
  return [codes, n];
}

/**
 * The weighted distance from `a` (what was typed) to `b` (a candidate), in edits (0.5, 0.75, 1, …).
 * With `max`, any value above `max` may be returned as soon as the distance surely exceeds it.
 */
export function typoDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  let n: number;
  let m: number;
  [x, n] = fill(a, x);
  [y, m] = fill(b, y);
  const limit = max * EDIT;
  // Each length difference needs an insertion or deletion, at least a cheap one.
  if (Math.abs(n - m) * CHEAP > limit) return max + 1;
  if ((rows[0] as Int32Array).length < m + 1) rows = [0, 1, 2].map(() => new Int32Array(m * 2 + 1));
  let before = rows[0] as Int32Array;
  let last = rows[1] as Int32Array;
  let current = rows[2] as Int32Array;
  last[0] = 0;
  for (let j = 1; j <= m; j++) {
    const c = y[j - 1] as number;
    last[j] = (last[j - 1] as number) + (c === y[j - 2] || c === y[j] ? CHEAP : EDIT);
  }
  for (let i = 1; i <= n; i++) {
    const xi = x[i - 1] as number;
    // Deleting a letter that doubles a neighbour is a cheap slip.
    const del = xi === x[i - 2] || xi === x[i] ? CHEAP : EDIT;
    current[0] = (last[0] as number) + del;
    let rowMin = current[0] as number;
    for (let j = 1; j <= m; j++) {
      const yj = y[j - 1] as number;
      const ins = yj === y[j - 2] || yj === y[j] ? CHEAP : EDIT;
      let best = (last[j - 1] as number) + substitutionCost(xi, yj);
      const deletion = (last[j] as number) + del;
      if (deletion < best) best = deletion;
      const insertion = (current[j - 1] as number) + ins;
      if (insertion < best) best = insertion;
      if (i > 1 && j > 1 && xi === y[j - 2] && x[i - 2] === yj && xi !== yj) {
        const transposition = (before[j - 2] as number) + CHEAP;
        if (transposition < best) best = transposition;
      }
      current[j] = best;
      if (best < rowMin) rowMin = best;
    }
    if (rowMin > limit) return max + 1;
    const recycled = before;
    before = last;
    last = current;
    current = recycled;
  }
  return (last[m] as number) / EDIT;
}
