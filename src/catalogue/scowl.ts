/**
 * SCOWL's size classes: Kevin Atkinson's spell-checker word lists, split by how common a word is (10
 * holds the commonest words, then 20, 35, 40, 50, and on to 95). A word's class is the smallest whose
 * list has it.
 */

/** The size classes read, commonest first: those up to 50, the classes words are added from. */
export const SCOWL_SIZES = [10, 20, 35, 40, 50] as const;

/** The lists read, with their size class: the words of every variety, and the American spellings. */
export function scowlFiles(): { size: number; file: string }[] {
  return SCOWL_SIZES.flatMap((size) => [
    { size, file: `english-words.${size}` },
    { size, file: `american-words.${size}` },
  ]);
}

/**
 * Lower-case words of letters only (no possessives, no accents) → their smallest size class. `lists`
 * holds each list's text with its size class; capitalised words (names) are in other SCOWL files, and
 * a stray one here is left out all the same.
 */
export function readScowl(lists: readonly { size: number; text: string }[]): Map<string, number> {
  const classes = new Map<string, number>();
  for (const { size, text } of lists) {
    for (const line of text.split(/\r?\n/)) {
      const word = line.trim();
      if (!/^[a-z]+$/.test(word)) continue;
      const known = classes.get(word);
      if (known === undefined || size < known) classes.set(word, size);
    }
  }
  return classes;
}
