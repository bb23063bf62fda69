/** The catalogue as sent to parse workers: plain arrays that survive structured cloning. */
import type { MatcherSpelling } from "../catalogue/matcher.js";
import { TokenDictionary } from "./clip-tokens.js";
import type { LanguageIndex } from "./process-clip.js";
import { SpokenMatcher } from "./spoken-matcher.js";

export interface SerializedLanguage {
  spellings: MatcherSpelling[];
  levels: Uint8Array;
  /** Each word's key, by word index. */
  norms: string[];
}

export type SerializedLanguages = Record<string, SerializedLanguage>;

export function hydrateLanguages(data: SerializedLanguages): Map<string, LanguageIndex> {
  const languages = new Map<string, LanguageIndex>();
  for (const [language, { spellings, levels, norms }] of Object.entries(data)) {
    languages.set(language, {
      matcher: new SpokenMatcher(spellings, norms, new TokenDictionary()),
      levels,
      norms,
    });
  }
  return languages;
}
