/**
 * The words an English word may be a regular inflection of, by the spelling rules of English suffixes read
 * backwards (WordNet morphy's detachment rules, and the doubled final consonant): `hanged` → `hang`,
 * `wedded` → `wed`, `skies` → `sky`. Readings, not answers: the caller keeps those its catalogue has.
 */

/** What inflects with the suffix: verbs only (-ed, -ing), or nouns and verbs (-s). */
export type InflectedAs = "verb" | "noun or verb";

export interface RegularReading {
  base: string;
  as: InflectedAs;
}

/** Suffix, what replaces it, and what inflects so; longer suffixes first. */
const RULES: ReadonlyArray<[string, string, InflectedAs]> = [
  ["ies", "y", "noun or verb"],
  ["ied", "y", "verb"],
  ["ing", "e", "verb"],
  ["ing", "", "verb"],
  ["es", "e", "noun or verb"],
  ["es", "", "noun or verb"],
  ["ed", "e", "verb"],
  ["ed", "", "verb"],
  ["s", "", "noun or verb"],
];

/** A base shorter than this is not read (`bes` is not `be` + s). */
const MIN_BASE = 3;
const DOUBLED_CONSONANT = /([b-df-hj-np-tv-z])\1$/;

export function regularReadings(word: string): RegularReading[] {
  const out: RegularReading[] = [];
  const add = (base: string, as: InflectedAs): void => {
    if (base.length >= MIN_BASE && base !== word && !out.some((r) => r.base === base)) out.push({ base, as });
  };
  for (const [suffix, by, as] of RULES) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, -suffix.length);
    add(stem + by, as);
    // `wedded` → `wed`, `running` → `run`: a consonant doubled before -ed or -ing.
    if (by === "" && as === "verb" && DOUBLED_CONSONANT.test(stem)) add(stem.slice(0, -1), as);
  }
  return out;
}
