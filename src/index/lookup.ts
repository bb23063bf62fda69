/**
 * The lookup pipeline: normalise → exact catalogue word or variant → inflected form (listed, or for
 * English read by the regular suffix rules: `hanged` → `hang`) → near spelling, each stage allowed by the
 * match mode. `didYouMean` lists the other close candidates, best first.
 */
import type { MatchType } from "../domain.js";
import { regularReadings } from "../text/regular-forms.js";
import { searchKey } from "../text/tokenise.js";
import { acceptable, type FuzzyIndex } from "./fuzzy.js";
import type { WordCatalog, WordEntry } from "./word-catalog.js";

export const MATCH_MODES = ["strict", "forms", "fuzzy"] as const;
export type MatchMode = (typeof MATCH_MODES)[number];

/** At most this many other candidates in `didYouMean`. */
export const DID_YOU_MEAN_MAX = 5;

export type Resolution =
  | { found: true; matchType: MatchType; entry: WordEntry; didYouMean: WordEntry[] }
  | { found: false; key: string; guesses: WordEntry[] };

function byClips(a: WordEntry, b: WordEntry): number {
  return b.clipCount - a.clipCount || a.index - b.index;
}

/** A doubled or undoubled letter, a swap, a vowel for another or a slip by ear: half an edit. */
const CHEAP_SLIP = 0.5;

const VERB_POS = new Set(["verb", "phrasal verb", "do-verb", "have-verb"]);

/**
 * The catalogue word an English form the catalogue does not list is a regular inflection of (`wedded` →
 * `wed`): the first reading that is a headword or variant of a part of speech inflecting so.
 */
function byRegularSuffix(catalog: WordCatalog, key: string): WordEntry | undefined {
  for (const { base, as } of regularReadings(key)) {
    for (const ref of catalog.spellingsOf(base)) {
      if (ref.kind === 2) continue;
      const entry = catalog.words[ref.index] as WordEntry;
      if (entry.pos.some((p) => VERB_POS.has(p) || (as === "noun or verb" && p === "noun"))) return entry;
    }
  }
  return undefined;
}

export function resolveWord(
  catalog: WordCatalog,
  fuzzy: FuzzyIndex,
  input: string,
  mode: MatchMode,
): Resolution {
  const key = searchKey(input, catalog.language);
  if (key === "") return { found: false, key, guesses: [] };
  const spellings = catalog.spellingsOf(key);

  const exact = spellings.filter((s) => s.kind < 2).sort((a, b) => a.kind - b.kind);
  if (exact.length > 0) {
    const entry = catalog.words[(exact[0] as { index: number }).index] as WordEntry;
    return { found: true, matchType: "exact", entry, didYouMean: [] };
  }

  // Forms are the common path for learners' words (`running`, `went`): no fuzzy search on it.
  const forms = spellings.map((s) => catalog.words[s.index] as WordEntry).sort(byClips);
  if (mode !== "strict" && forms.length > 0) {
    const [entry, ...others] = forms as [WordEntry, ...WordEntry[]];
    return { found: true, matchType: "forms", entry, didYouMean: others.slice(0, DID_YOU_MEAN_MAX) };
  }
  const candidates = fuzzy.candidates(key, DID_YOU_MEAN_MAX + 1);
  // A form read by the suffix rules, unless one cheap slip makes a catalogue word of it: `begining` is
  // `beginning` undoubled, not `begin` + ing (the rules cannot see that begin doubles its n).
  const regular =
    catalog.language === "en" &&
    forms.length === 0 &&
    !candidates.some((c) => c.distance <= CHEAP_SLIP && !c.viaForm)
      ? byRegularSuffix(catalog, key)
      : undefined;
  if (mode !== "strict" && regular !== undefined) {
    return { found: true, matchType: "forms", entry: regular, didYouMean: [] };
  }

  // The likeliest candidate close enough to be taken; a likelier one farther away is only named.
  const best = candidates.find((c) => acceptable(c, key));
  if (mode === "fuzzy" && best !== undefined) {
    return {
      found: true,
      matchType: "fuzzy",
      entry: best.entry,
      didYouMean: candidates.filter((c) => c !== best).map((c) => c.entry),
    };
  }
  // Not found: name the best guesses, even those the match mode did not allow using.
  const guesses = forms.concat(
    regular ?? [],
    candidates.map((c) => c.entry),
  );
  return { found: false, key, guesses: [...new Set(guesses)].slice(0, DID_YOU_MEAN_MAX) };
}
