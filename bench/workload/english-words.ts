/**
 * Whether a string is an English word by the Hunspell dictionaries of the `dictionary-en` (American) and
 * `dictionary-en-gb` (British) packages: a typo that is a word is a wrong word, not a misspelling, and no
 * spelling checker could be asked to correct it.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import nspell from "nspell";

export function englishWordCheck(): (text: string) => boolean {
  const require = createRequire(import.meta.url);
  const load = (name: string) => {
    const dir = path.dirname(require.resolve(name));
    return nspell(readFileSync(path.join(dir, "index.aff")), readFileSync(path.join(dir, "index.dic")));
  };
  const dictionaries = [load("dictionary-en"), load("dictionary-en-gb")];
  return (text) => dictionaries.some((d) => d.correct(text));
}
