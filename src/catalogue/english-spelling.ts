/**
 * The regular spelling rules of English inflection (`city` → `cities`, `stop` → `stopped`, `big` →
 * `bigger`): used where compromise has no form, or a wrong one, for a word. Input is one lower-case word.
 */

const SIBILANT_END = /(?:s|x|z|ch|sh)$/;
const CONSONANT_Y = /[^aeiou]y$/;

/** `box` → `boxes`, `city` → `cities`, `dog` → `dogs`. */
export function regularPlural(noun: string): string {
  if (CONSONANT_Y.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (SIBILANT_END.test(noun)) return `${noun}es`;
  return `${noun}s`;
}

/** `watch` → `watches`, `carry` → `carries`, `go` → `goes`, `walk` → `walks`. */
export function regularThirdPerson(verb: string): string {
  if (CONSONANT_Y.test(verb)) return `${verb.slice(0, -1)}ies`;
  if (SIBILANT_END.test(verb) || /[^aeiou]o$/.test(verb)) return `${verb}es`;
  return `${verb}s`;
}

/** `like` → `liked`, `carry` → `carried`, `stop` → `stopped`, `panic` → `panicked`, `walk` → `walked`. */
export function regularPast(verb: string): string {
  if (verb.endsWith("e")) return `${verb}d`;
  if (CONSONANT_Y.test(verb)) return `${verb.slice(0, -1)}ied`;
  return `${suffixStem(verb)}ed`;
}

/** `lie` → `lying`, `make` → `making`, `see` → `seeing`, `stop` → `stopping`, `panic` → `panicking`. */
export function regularGerund(verb: string): string {
  if (verb.endsWith("ie")) return `${verb.slice(0, -2)}ying`;
  if (/[^eoy]e$/.test(verb)) return `${verb.slice(0, -1)}ing`;
  return `${suffixStem(verb)}ing`;
}

/** Comparative and superlative by the rules: `large` → `larger`, `happy` → `happier`, `red` → `redder`. */
export function regularComparison(adjective: string): [comparative: string, superlative: string] {
  if (adjective.endsWith("e")) return [`${adjective}r`, `${adjective}st`];
  const stem = CONSONANT_Y.test(adjective) ? `${adjective.slice(0, -1)}i` : suffixStem(adjective);
  return [`${stem}er`, `${stem}est`];
}

/**
 * The word as a suffix starting with a vowel attaches to it: a one-syllable word ending in one vowel
 * letter and one consonant doubles it (`stop` → `stopp`); a final -c takes a k (`panic` → `panick`).
 * Longer words do not double, since their stress cannot be seen in the spelling (`visit` → `visited`).
 */
function suffixStem(word: string): string {
  if (word.endsWith("c")) return `${word}k`;
  const bare = word.replace(/^qu/, "q");
  if (syllableCount(bare) === 1 && /(?:^|[^aeiou])[aeiou][^aeiouwxy]$/.test(bare))
    return word + word.slice(-1);
  return word;
}

/** Vowel groups, less a silent final -e (`huge`), which is not silent after a consonant and l (`simple`). */
export function syllableCount(word: string): number {
  const groups = word.match(/[aeiouy]+/g)?.length ?? 0;
  const silentE = /[^aeiouy]e$/.test(word) && !/[^aeiouy]le$/.test(word);
  return Math.max(1, silentE ? groups - 1 : groups);
}
