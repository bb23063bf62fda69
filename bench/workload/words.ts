/**
 * Lookup inputs drawn from a catalogue, deterministic from a seed: catalogue words that have clips (exact
 * lookups), inflected forms that resolve to one (forms lookups), and misspellings of single words (fuzzy).
 */
import type { LanguageIndex } from "../../src/index/snapshot.js";
import type { WordEntry } from "../../src/index/word-catalog.js";
import { searchKey } from "../../src/text/tokenise.js";
import { SeededRandom } from "../random.js";
import { generateMisspellings, type Misspelling } from "./misspell.js";

/** Words with at least one clip, in a seeded order. */
export function wordsWithClips(index: LanguageIndex, seed: string, count: number): WordEntry[] {
  const covered = index.catalog.words.filter((w) => w.clipCount > 0);
  return new SeededRandom(seed, "exact-words").shuffled(covered).slice(0, count);
}

/** True when the text is a catalogue spelling (headword, variant or inflected form). */
export function isCatalogueSpelling(index: LanguageIndex, text: string): boolean {
  return index.catalog.spellingsOf(searchKey(text, index.catalog.language)).length > 0;
}

const IRREGULAR_FORMS =
  `went gone ran saw seen took taken children men women feet teeth mice better best worse
worst bought brought thought caught taught made said told found gave given knew known wrote written ate eaten
drove driven spoke spoken broke broken chose chosen fell fallen felt kept left met paid sat sent slept spent
stood understood won began begun drank drunk sang sung swam flew flown grew grown threw thrown wore worn was
were been did done had has is are people geese lives knives leaves wolves thieves came become sold held heard
built lost meant read led fed hid hit cut shut put let set rode ridden rose risen shook shaken stole stolen
woke woken forgot forgotten got gotten lay lain lit hung dug stuck struck swept wept bent lent dealt`
    .split(/\s+/)
    .filter((w) => w !== "");

/** Regular endings tried on every word: most resolve to nothing and are dropped. */
function regularForms(norm: string): string[] {
  const stem = norm.endsWith("e") ? norm.slice(0, -1) : norm;
  const last = norm[norm.length - 1] ?? "";
  const forms = [
    `${norm}s`,
    `${norm}es`,
    `${norm}ed`,
    `${norm}d`,
    `${stem}ing`,
    `${norm}${last}ing`,
    `${norm}${last}ed`,
  ];
  if (norm.endsWith("y")) forms.push(`${norm.slice(0, -1)}ies`, `${norm.slice(0, -1)}ied`);
  return forms;
}

/**
 * Inflected forms (`running`, `went`) that the catalogue resolves to a word with clips, in a seeded
 * order; irregular ones are kept first in the pool so they are not drowned by regular endings.
 */
export function inflectedForms(index: LanguageIndex, seed: string, count: number): string[] {
  const { catalog } = index;
  const resolvesToCovered = (form: string): boolean => {
    const refs = catalog.spellingsOf(form);
    if (refs.length === 0 || refs.some((r) => r.kind < 2)) return false;
    return refs.some((r) => (catalog.words[r.index]?.clipCount ?? 0) > 0);
  };
  const irregular = IRREGULAR_FORMS.filter(resolvesToCovered);
  const regular = new Set<string>();
  for (const entry of catalog.words) {
    if (entry.clipCount === 0 || !/^[a-z]+$/.test(entry.norm)) continue;
    for (const form of regularForms(entry.norm)) if (resolvesToCovered(form)) regular.add(form);
  }
  const random = new SeededRandom(seed, "forms");
  const pool = [...new Set([...irregular, ...random.shuffled([...regular].sort())])];
  return random.shuffled(pool.slice(0, count));
}

/**
 * Misspellings of single catalogue words (of words with clips, or of every word), none of which is
 * itself a catalogue spelling.
 */
export function catalogueMisspellings(
  index: LanguageIndex,
  seed: string,
  count: number,
  of: "covered" | "all" = "covered",
): Misspelling[] {
  const words = index.catalog.words.filter((w) => of === "all" || w.clipCount > 0).map((w) => w.norm);
  return generateMisspellings(words, { seed, count, isWord: (t) => isCatalogueSpelling(index, t) });
}

/**
 * Distinct prefixes of 1 to 4 letters, as typed into an autocomplete, in a seeded order: of words with
 * clips (what `/v1/words` lists by default), or of every word.
 */
export function autocompletePrefixes(
  index: LanguageIndex,
  seed: string,
  count: number,
  of: "covered" | "all" = "covered",
): string[] {
  const byLength: string[][] = [[], [], [], []];
  const seen = new Set<string>();
  for (const entry of index.catalog.words) {
    if ((of === "covered" && entry.clipCount === 0) || !/^[a-z]/.test(entry.norm)) continue;
    for (let length = 1; length <= 4 && length <= entry.norm.length; length++) {
      const prefix = entry.norm.slice(0, length);
      if (!/^[a-z]+$/.test(prefix) || seen.has(prefix)) continue;
      seen.add(prefix);
      byLength[length - 1]?.push(prefix);
    }
  }
  // Every length gets its share: there are only 26 one-letter prefixes but thousands of four-letter ones.
  const random = new SeededRandom(seed, "prefixes");
  const perLength = Math.ceil(count / 4);
  const chosen = byLength.flatMap((list) => random.shuffled(list.sort()).slice(0, perLength));
  return random.shuffled(chosen).slice(0, count);
}
