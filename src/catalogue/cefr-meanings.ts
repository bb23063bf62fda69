/** Short readable meanings from the gloss table's cells, with its upstream glitches trimmed. */
import { GLOSSES, type Gloss } from "../domain.js";
import type { Dictionary, Sense } from "./dictionary.js";

const MAX_TRANSLATIONS = 3;

// A usage example WordNet left at the end of a few definitions: `… push :"He knocked the glass …"`,
// `…, "recite a poem"`, `…; e.g., "keep clean"`. The definition stops before it.
const TRAILING_EXAMPLE = /\s*[,:;]\s*(?:e\.g\.,?\s*)?"[^"]*"$/;

/**
 * An English WordNet definition made readable: WordNet's `_` between the words of a lemma becomes a
 * space, its `` `quoted' `` words get plain quotes, and a leaked usage example, a stray `"` or a trailing
 * `;` is removed. The empty string when there is none.
 */
export function cleanDefinition(raw: string): string {
  let text = collapse(raw).replace(/_/g, " ").replace(TRAILING_EXAMPLE, "");
  text = text.replace(/`([^`']*)'/g, "'$1'");
  // A quote left unpaired once the examples are gone (`… available"`).
  if ((text.match(/"/g)?.length ?? 0) % 2 === 1) text = text.replace(/"$/, "");
  return text.replace(/(?:[;,]\s*e\.g\.)?[\s;:,]+$/, "");
}

/**
 * A WordNet gloss as a short meaning: the definition without the usage examples after it, without the
 * labels WordNet puts in front of some (`(American football) a play …`, `(of fluids) moving …`), and a
 * long one cut to its first statement (`liver`: "large and complicated reddish-brown glandular organ
 * located in the upper right portion of the abdominal cavity").
 */
export function definitionOfGloss(gloss: string): string {
  const definition = (gloss.split(/;\s*"|\s"/)[0] ?? "").replace(/^(?:\([^)]*\)\s*)+/, "");
  return shortDefinition(cleanDefinition(definition));
}

/** Past 150 characters, a definition of several `;`-separated statements keeps its first. */
function shortDefinition(text: string): string {
  if (text.length <= 150) return text;
  const stop = text.indexOf("; ", 30);
  return stop > 0 ? text.slice(0, stop) : text;
}

/** The first three translations of a `; `-joined cell, each once, trimmed; the empty string when none. */
export function cleanTranslations(raw: string): string {
  const seen = new Set<string>();
  for (const item of raw.split(";")) {
    const translation = collapse(item);
    if (translation !== "") seen.add(translation);
    if (seen.size === MAX_TRANSLATIONS) break;
  }
  return [...seen].join("; ");
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** The meanings of a WordNet sense: its definition, and its translations (the same sense) as listed. */
export function senseMeanings(sense: Sense, dictionary: Dictionary): Partial<Record<Gloss, string>> {
  const meanings: Partial<Record<Gloss, string>> = {};
  const en = definitionOfGloss(sense.gloss);
  if (en !== "") meanings.en = en;
  for (const gloss of GLOSSES) {
    if (gloss === "en") continue;
    const translations = cleanTranslations(dictionary.translations(sense.synset, gloss));
    if (translations !== "") meanings[gloss] = translations;
  }
  return meanings;
}
