/**
 * British and American spellings of a word and of its forms (`colour`/`color`, `organise`/`organize`,
 * `travelled`/`traveled`, `learnt`/`learned`), so that either spelling counts for the word. Candidates
 * come from the spelling patterns that differ between the two; a candidate is kept only when the Hunspell
 * dictionary of the other variety (en_GB or en_US, as the `dictionary-en-gb` and `dictionary-en` packages
 * ship them) accepts it. Past tenses in -t are not a pattern but a short list of ours.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import nspell from "nspell";

export interface SpellChecker {
  correct(word: string): boolean;
}

/**
 * Verbs with a British past in -t beside the regular -ed (`learnt`, `burnt`): ours, since a pattern would
 * also make `pant` of `pan`.
 */
export const T_PASTS: ReadonlyMap<string, string> = new Map([
  ["burn", "burnt"],
  ["dream", "dreamt"],
  ["dwell", "dwelt"],
  ["kneel", "knelt"],
  ["lean", "leant"],
  ["leap", "leapt"],
  ["learn", "learnt"],
  ["smell", "smelt"],
  ["spell", "spelt"],
  ["spill", "spilt"],
  ["spoil", "spoilt"],
]);

/** Spellings one pattern away, in both directions: the checker decides which are real. */
export function spellingCandidates(word: string): string[] {
  const out = new Set<string>();
  const swap = (from: RegExp, to: string) => {
    const replaced = word.replace(from, to);
    if (replaced !== word) out.add(replaced);
  };
  for (const [a, b] of [
    ["our", "or"],
    ["or", "our"],
  ] as const) {
    for (let at = word.indexOf(a); at > 0; at = word.indexOf(a, at + 1)) {
      out.add(word.slice(0, at) + b + word.slice(at + a.length));
    }
  }
  swap(/iz(e|es|ed|ing|er|ers|ation|ations)$/, "is$1");
  swap(/is(e|es|ed|ing|er|ers|ation|ations)$/, "iz$1");
  swap(/yz(e|es|ed|ing|er|ers)$/, "ys$1");
  swap(/ys(e|es|ed|ing|er|ers)$/, "yz$1");
  swap(/([^aeiou])er(s?)$/, "$1re$2");
  swap(/([^aeiou])re(s?)$/, "$1er$2");
  swap(/([aeiou])l(ed|ing|er|ers)$/, "$1ll$2");
  swap(/([aeiou])ll(ed|ing|er|ers)$/, "$1l$2");
  swap(/ense(s?)$/, "ence$1");
  swap(/ence(s?)$/, "ense$1");
  swap(/og(s?)$/, "ogue$1");
  swap(/ogue(s?)$/, "og$1");
  swap(/dgment(s?)$/, "dgement$1");
  swap(/dgement(s?)$/, "dgment$1");
  swap(/(^|[^aeiou])ae/, "$1e");
  swap(/(^|[^aeiou])oe/, "$1e");
  for (let at = word.indexOf("e"); at > 0; at = word.indexOf("e", at + 1)) {
    if (/[aeiou]/.test(word[at - 1] as string)) continue;
    out.add(`${word.slice(0, at)}a${word.slice(at)}`);
    out.add(`${word.slice(0, at)}o${word.slice(at)}`);
  }
  out.delete(word);
  return [...out];
}

export class SpellingVariety {
  readonly #us: SpellChecker;
  readonly #gb: SpellChecker;
  readonly #names: ReadonlySet<string>;

  /** `names`: lower-case words the dictionaries list capitalised, as names (`tony` for `Tony`). */
  constructor(us: SpellChecker, gb: SpellChecker, names: ReadonlySet<string> = new Set()) {
    this.#us = us;
    this.#gb = gb;
    this.#names = names;
  }

  /** Both Hunspell dictionaries, read from their npm packages. */
  static fromPackages(): SpellingVariety {
    const require = createRequire(import.meta.url);
    const names = new Set<string>();
    const load = (name: string) => {
      const dir = path.dirname(require.resolve(name));
      const dic = readFileSync(path.join(dir, "index.dic"), "utf8");
      for (const line of dic.split("\n")) {
        const match = /^([A-Z][a-z]+)(?:\/|$)/.exec(line);
        if (match !== null) names.add((match[1] as string).toLowerCase());
      }
      return nspell(readFileSync(path.join(dir, "index.aff")), dic);
    };
    return new SpellingVariety(load("dictionary-en"), load("dictionary-en-gb"), names);
  }

  /**
   * The other variety's spellings of a lower-case word: those one pattern away that one dictionary accepts
   * and the other does not, while it accepts the word itself (`colour` → `color`; `travelled` → `traveled`).
   */
  alternatives(word: string): string[] {
    if (!/^[a-z]+$/.test(word)) return [];
    const usWord = this.#us.correct(word);
    const gbWord = this.#gb.correct(word);
    if (!usWord && !gbWord) return [];
    return spellingCandidates(word).filter((candidate) => {
      const us = this.#us.correct(candidate);
      const gb = this.#gb.correct(candidate);
      // British of an American word, or American of a British one; never a word both varieties share.
      return (usWord && !gbWord && gb && !us) || (gbWord && !usWord && us && !gb);
    });
  }

  /** Either dictionary accepts the lower-case word: a word of English, not a name or a misspelling. */
  isWord(word: string): boolean {
    return this.#us.correct(word) || this.#gb.correct(word);
  }

  /** The dictionaries list the word capitalised, as a name (`Tony`, `Joey`), whatever else they list. */
  isName(word: string): boolean {
    return this.#names.has(word);
  }

  /** The British -t past of a verb that has one (`learn` → `learnt`). */
  tPast(verb: string): string | undefined {
    return T_PASTS.get(verb);
  }
}
