/**
 * Edit distance weighted by how people misspell: the edits of Damerau-Levenshtein (optimal string
 * alignment), with the slips that dominate real misspellings costing less than an arbitrary edit. The
 * likeliest cost three eighths of an edit: swapping two neighbours (`recieve`), doubling or undoubling a
 * letter (`neccessary`, `ocasion`), a consonant spelled as another that sounds the same (a hard c for k or
 * q, a soft c for s, s/z, k/q, g/j: `pleace`, `kat`), a silent letter left out or added (an `h` after c, g,
 * r or w: `wich`, `gost`; a final `e`: `intens`; the c of ck, the k or g of kn or gn, the w of wr, the t of
 * tch, the d of dge, an initial p before s, the b of mb, the c of sc: `trak`, `nife`). Half an edit: one
 * vowel for another (`seperate`; five eighths in the first syllable of the word meant, mostly stressed
 * and so heard), two letters for one sound and back (`ph` for `f`, `ks` for `x`, `kw` for `qu`, `sh` for
 * the `ti` or `ci` of -tion or -cial: `fone`, `relaks`, `kwick`, `nashon`; `ie` for a final `y` and back:
 * `entrie`), a letter left out (`warnig`). A key next to the intended one on a QWERTY keyboard costs three
 * quarters, whether pressed for it or with it (a letter added beside a letter whose key it neighbours:
 * `huorse`, `crdate`); an e added before a final y (`completley`) three eighths, as if silent; any other
 * letter added stays a whole edit, so the distance from what was typed to a word is not the distance back.
 * So among candidates one plain edit away, the one a typist more likely meant ranks first. The weights were
 * chosen on generated misspellings and the tuning half of the real ones (bench/spelling/tune.ts).
 */

/** Costs in eighths of an edit, so the dynamic programme stays in integers. */
const EDIT = 8;
/** The likeliest slips: a swap, a doubled or undoubled letter, a consonant by ear, a silent letter. */
const SLIGHT = 3;
/** A vowel for another, two letters for one sound (`ph` for `f`). */
const CHEAP = 4;
/** A vowel for another in the first syllable of the word meant. */
const FIRST_SYLLABLE_VOWEL = 5;
const NEIGHBOUR = 6;
/** A letter of the word left out of what was typed (`warnig`): a common slip, so half an edit. */
const OMISSION = 4;

const code = (c: string): number => c.codePointAt(0) as number;
const VOWELS = new Set([..."aeiouy"].map(code));
/** Consonant pairs that spell one sound (c, hard or soft, is told by the letter after it). */
const SOUND_ALIKE = ["sz", "kq", "gj"];
/** Letters after which an `h` may go unheard. */
const BEFORE_SILENT_H = new Set([..."cgrw"].map(code));
const H = code("h");
const E = code("e");
const P = code("p");
const F = code("f");
const C = code("c");
const K = code("k");
const Q = code("q");
const S = code("s");
const X = code("x");
const W = code("w");
const U = code("u");
const N = code("n");
const R = code("r");
const B = code("b");
const M = code("m");
const G = code("g");
const T = code("t");
const D = code("d");
const I = code("i");
const Y = code("y");
/** Letters after which a c is soft (`cent`, `city`, `cycle`). */
const SOFTENING = new Set([..."eiy"].map(code));

/** c for k or q where it is hard (`kat`), for s where it is soft (`pleace`): SLIGHT, else a whole edit. */
function cCost(other: number, after: number): number {
  const soft = SOFTENING.has(after);
  return (soft ? other === S : other === K || other === Q) ? SLIGHT : EDIT;
}
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

/** Neighbouring keys as a table of ASCII pairs (every key of the layout is a letter). */
const ASCII_NEIGHBOURS = new Uint8Array(128 * 128);
for (let a = 0; a < 128; a++)
  for (let b = 0; b < 128; b++) ASCII_NEIGHBOURS[a * 128 + b] = NEIGHBOURS.has(pairKey(a, b)) ? 1 : 0;

/** Whether two keys are neighbours on a QWERTY keyboard (`b` is -1 before the first or after the last). */
function isNeighbour(a: number, b: number): boolean {
  return a < 128 && b >= 0 && b < 128 && ASCII_NEIGHBOURS[a * 128 + b] === 1;
}

const SOUND_ALIKE_PAIRS = new Set(
  SOUND_ALIKE.map((pair) => pairKey(code(pair[0] as string), code(pair[1] as string))),
);

function slowSubstitutionCost(a: number, b: number): number {
  if (a === b) return 0;
  if (VOWELS.has(a) && VOWELS.has(b)) return CHEAP;
  if (SOUND_ALIKE_PAIRS.has(pairKey(a, b))) return SLIGHT;
  return NEIGHBOURS.has(pairKey(a, b)) ? NEIGHBOUR : EDIT;
}

/** Substitution costs of every pair of ASCII characters, looked up in the inner loop. */
const ASCII_COSTS = new Uint8Array(128 * 128);
for (let a = 0; a < 128; a++)
  for (let b = 0; b < 128; b++) ASCII_COSTS[a * 128 + b] = slowSubstitutionCost(a, b);

function substitutionCost(a: number, b: number): number {
  return a < 128 && b < 128 ? (ASCII_COSTS[a * 128 + b] as number) : slowSubstitutionCost(a, b);
}

// Reused between calls for the candidate's side (what was typed is a `TypoQuery`'s): the distance runs
// on every fuzzy candidate of every lookup.
let y: Int32Array = new Int32Array(64);
/** The cost of inserting or deleting each character, by 1-based position (insertionCost). */
let yIns: Int32Array = new Int32Array(65);
/** 1 where the word meant has a vowel of its first syllable, by 1-based position (fillFirstSyllable). */
let yFirst: Int32Array = new Int32Array(65);
let rows: Int32Array[] = [new Int32Array(65), new Int32Array(65), new Int32Array(65)];

/** The code points of a text into a buffer long enough for it, then -1; how many there are. */
function fillCodes(text: string, codes: Int32Array): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i) as number;
    codes[n++] = code;
    if (code > 0xffff) i++;
  }
  codes[n] = -1; // sentinel: "no next character" for the doubled-letter test
  return n;
}

/** Marks the vowels of a word's first run of vowels, its first syllable's (`a` of `about`, `ea` of `bead`). */
function fillFirstSyllable(codes: Int32Array, length: number, marks: Int32Array): void {
  let vowelSeen = false;
  let syllableOver = false;
  for (let at = 1; at <= length; at++) {
    const vowel = VOWELS.has(codes[at - 1] as number);
    marks[at] = vowel && !syllableOver ? 1 : 0;
    if (vowel) vowelSeen = true;
    else if (vowelSeen) syllableOver = true;
  }
}

/**
 * A letter English often writes but does not sound before the next: the c of `ck` (`trak`), the k and g of
 * `kn` and `gn`, the w of `wr`, the t of `tch` (`wach`), the d of `dge` (`juge`), an initial p before s
 * (`sychology`).
 */
function silentBefore(c: number, next: number, afterNext: number, at: number): boolean {
  if (c === C) return next === K;
  if (c === K || c === G) return next === N;
  if (c === W) return next === R;
  if (c === T) return next === C && afterNext === H;
  if (c === D) return next === G && afterNext === E;
  return c === P && next === S && at === 1;
}

/** A letter unheard after the one before it: the b of `mb` (`lam`), the c of `sc` (`sience`). */
function silentAfter(c: number, previous: number): boolean {
  return (c === B && previous === M) || (c === C && previous === S);
}

/**
 * The cost of inserting (or deleting) each character of a word, by 1-based position: SLIGHT when it
 * doubles a neighbour, is an `h` after c, g, r or w, a final `e`, or another silent letter (silentBefore,
 * silentAfter); `plain` otherwise (a whole edit for a letter added, OMISSION for one left out). A letter
 * added (`plain` a whole edit) costs less where typing explains it: an e before a final y, heard in the
 * ending (`-ley` for `-ly`), SLIGHT; a key next to the key of the letter before or after it, pressed with
 * that letter, NEIGHBOUR.
 */
function fillInsertionCosts(codes: Int32Array, length: number, costs: Int32Array, plain = EDIT): void {
  for (let at = 1; at <= length; at++) {
    const c = codes[at - 1] as number;
    const previous = at > 1 ? (codes[at - 2] as number) : -1;
    let cost = plain;
    const next = codes[at] as number;
    if (c === previous || c === next) cost = SLIGHT;
    else if (c === H && BEFORE_SILENT_H.has(previous)) cost = SLIGHT;
    else if (c === E && at === length && at > 1) cost = SLIGHT;
    else if (silentBefore(c, next, codes[at + 1] as number, at) || silentAfter(c, previous)) cost = SLIGHT;
    else if (plain === EDIT && c === E && next === Y && at === length - 1) cost = SLIGHT;
    else if (plain === EDIT && (isNeighbour(c, previous) || isNeighbour(c, next))) cost = NEIGHBOUR;
    costs[at] = cost;
  }
}

/**
 * The weighted distance from `a` (what was typed) to `b` (a candidate), in edits (0.375, 0.5, 0.75, 1, …).
 * With `max`, any value above `max` may be returned as soon as the distance surely exceeds it.
 */
export function typoDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  return new TypoQuery(a).distance(b, max);
}

/**
 * What was typed, prepared once for `typoDistance` to many candidates (a near-spelling lookup measures a
 * few dozen): its code points and what inserting or deleting each costs.
 */
export class TypoQuery {
  readonly #typed: string;
  readonly #codes: Int32Array;
  readonly #length: number;
  readonly #insertion: Int32Array;

  constructor(typed: string) {
    this.#typed = typed;
    this.#codes = new Int32Array(typed.length + 2);
    this.#length = fillCodes(typed, this.#codes);
    this.#insertion = new Int32Array(typed.length + 2);
    fillInsertionCosts(this.#codes, this.#length, this.#insertion);
  }

  /** `typoDistance(typed, b, max)`. */
  distance(b: string, max = Number.POSITIVE_INFINITY): number {
    if (b === this.#typed) return 0;
    return weightedDistance(this.#codes, this.#length, this.#insertion, b, max);
  }
}

/** The distance from what was typed (its code points and insertion costs, as filled above) to `b`. */
function weightedDistance(xs: Int32Array, xn: number, xCosts: Int32Array, b: string, max: number): number {
  const limit = max * EDIT;
  if (y.length < b.length + 1) y = new Int32Array(b.length * 2 + 1);
  const ys = y;
  const m = fillCodes(b, ys);
  // Each length difference needs an insertion or deletion, at least a slight one.
  if (Math.abs(xn - m) * SLIGHT > limit) return max + 1;
  if (yIns.length < b.length + 1) yIns = new Int32Array(b.length * 2 + 1);
  const yCosts = yIns;
  fillInsertionCosts(ys, m, yCosts, OMISSION);
  if (yFirst.length < b.length + 1) yFirst = new Int32Array(b.length * 2 + 1);
  const firstSyllable = yFirst;
  fillFirstSyllable(ys, m, firstSyllable);
  if ((rows[0] as Int32Array).length < m + 1) rows = [0, 1, 2].map(() => new Int32Array(m * 2 + 1));
  let before = rows[0] as Int32Array;
  let last = rows[1] as Int32Array;
  let current = rows[2] as Int32Array;
  last[0] = 0;
  for (let j = 1; j <= m; j++) last[j] = (last[j - 1] as number) + (yCosts[j] as number);
  let lastMin = 0;
  let xBefore = -1;
  for (let i = 1; i <= xn; i++) {
    const xi = xs[i - 1] as number;
    const del = xCosts[i] as number;
    current[0] = (last[0] as number) + del;
    let rowMin = current[0] as number;
    let yBefore = -1;
    for (let j = 1; j <= m; j++) {
      const yj = ys[j - 1] as number;
      let sub = substitutionCost(xi, yj);
      if (sub === CHEAP && firstSyllable[j] === 1) sub = FIRST_SYLLABLE_VOWEL;
      else if (sub === EDIT) {
        // c is told hard or soft by the letter after it.
        if (xi === C) sub = cCost(yj, xs[i] as number);
        else if (yj === C) sub = cCost(xi, ys[j] as number);
      }
      let best = (last[j - 1] as number) + sub;
      const deletion = (last[j] as number) + del;
      if (deletion < best) best = deletion;
      const insertion = (current[j - 1] as number) + (yCosts[j] as number);
      if (insertion < best) best = insertion;
      if (xi === yBefore && xBefore === yj && xi !== yj) {
        const transposition = (before[j - 2] as number) + SLIGHT;
        if (transposition < best) best = transposition;
      }
      // `ph` written for `f`, or `f` for `ph`.
      if (xi === H && xBefore === P && yj === F) {
        const digraph = (before[j - 1] as number) + CHEAP;
        if (digraph < best) best = digraph;
      }
      if (yj === H && yBefore === P && xi === F) {
        const digraph = (last[j - 2] as number) + CHEAP;
        if (digraph < best) best = digraph;
      }
      // `ks` written for `x`, or `x` for `ks`.
      if (xi === S && xBefore === K && yj === X) {
        const digraph = (before[j - 1] as number) + CHEAP;
        if (digraph < best) best = digraph;
      }
      if (yj === S && yBefore === K && xi === X) {
        const digraph = (last[j - 2] as number) + CHEAP;
        if (digraph < best) best = digraph;
      }
      // `kw` written for `qu`, or `qu` for `kw`.
      if (
        (xi === W && xBefore === K && yj === U && yBefore === Q) ||
        (xi === U && xBefore === Q && yj === W && yBefore === K)
      ) {
        const digraph = (before[j - 2] as number) + CHEAP;
        if (digraph < best) best = digraph;
      }
      // `sh` written for the `ti` or `ci` of `-tion`, `-cial` (`nashon`, `speshal`), or the other way.
      if (
        (xi === H &&
          xBefore === S &&
          yj === I &&
          (yBefore === T || yBefore === C) &&
          VOWELS.has(ys[j] as number)) ||
        (yj === H &&
          yBefore === S &&
          xi === I &&
          (xBefore === T || xBefore === C) &&
          VOWELS.has(xs[i] as number))
      ) {
        const digraph = (before[j - 2] as number) + CHEAP;
        if (digraph < best) best = digraph;
      }
      // `ie` written for a final `y` (`entrie`), or `y` for a final `ie`.
      if (i === xn && j === m) {
        if (xi === E && xBefore === I && yj === Y) {
          const ending = (before[j - 1] as number) + CHEAP;
          if (ending < best) best = ending;
        }
        if (yj === E && yBefore === I && xi === Y) {
          const ending = (last[j - 2] as number) + CHEAP;
          if (ending < best) best = ending;
        }
      }
      current[j] = best;
      if (best < rowMin) rowMin = best;
      yBefore = yj;
    }
    // A step spans at most two rows (a swap, `ph` for `f`): past two rows over the limit, no path returns.
    if (rowMin > limit && lastMin > limit) return max + 1;
    lastMin = rowMin;
    xBefore = xi;
    const recycled = before;
    before = last;
    last = current;
    current = recycled;
  }
  return (last[m] as number) / EDIT;
}
