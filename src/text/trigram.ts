/** Trigrams and similarity with the semantics of PostgreSQL's pg_trgm module. */

// pg_trgm keeps alphanumeric characters (in a UTF-8 locale that includes letters of every script and the
// marks that spell them) and splits words on everything else.
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const ASCII_WORD = /^[a-z0-9]+$/;

/**
 * The unique trigrams of a text, sorted: each word lower-cased and padded with two spaces before and
 * one after (`cat` → `"  c"`, `" ca"`, `"at "`, `"cat"`). A trigram is three characters (code points).
 */
export function trigrams(text: string): string[] {
  return [...trigramSet(text)].sort();
}

/**
 * pg_trgm `similarity`: shared trigrams / (trigrams of a + trigrams of b − shared); 0 when either has
 * none. `similarity("word", "two words")` = 4/11.
 */
export function similarity(a: string, b: string): number {
  const setA = trigramSet(a);
  const setB = trigramSet(b);
  let shared = 0;
  for (const trigram of setA) if (setB.has(trigram)) shared++;
  return trigramSimilarity(shared, setA.size, setB.size);
}

/** Similarity from counts, so callers that count shared trigrams themselves get the same number. */
export function trigramSimilarity(shared: number, countA: number, countB: number): number {
  if (countA === 0 || countB === 0) return 0;
  return shared / (countA + countB - shared);
}

/** The unique trigrams of a text, unsorted. */
export function trigramSet(text: string): Set<string> {
  const set = new Set<string>();
  WORD.lastIndex = 0;
  const lower = text.toLowerCase();
  for (let match = WORD.exec(lower); match !== null; match = WORD.exec(lower)) {
    const padded = `  ${match[0]} `;
    if (ASCII_WORD.test(match[0])) {
      for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
    } else {
      // Code points, not UTF-16 units: a character outside the BMP is one character of a trigram.
      const chars = Array.from(padded);
      for (let i = 0; i + 3 <= chars.length; i++) set.add(`${chars[i]}${chars[i + 1]}${chars[i + 2]}`);
    }
  }
  return set;
}
