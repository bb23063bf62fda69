/** Writes catalogue entries in the file format: one JSON object per line, fields in a fixed order. */
import { GLOSSES } from "../domain.js";
import type { CatalogueEntry } from "./entry.js";

/** One line, without its newline. Optional lists are left out when empty; meanings in gloss order. */
export function formatCatalogueLine(entry: Omit<CatalogueEntry, "line">): string {
  const meanings: Record<string, string> = {};
  for (const gloss of GLOSSES) {
    const meaning = entry.meanings[gloss];
    if (meaning !== undefined) meanings[gloss] = meaning;
  }
  return JSON.stringify({
    word: entry.word,
    level: entry.level,
    pos: entry.pos,
    ...(entry.variants.length > 0 ? { variants: entry.variants } : {}),
    meanings,
    ...(entry.forms.length > 0 ? { forms: entry.forms } : {}),
    ...(entry.levelSource === "estimated" ? { levelSource: entry.levelSource } : {}),
    ...(entry.frequency === undefined ? {} : { frequency: entry.frequency }),
  });
}

/** A whole file: every line ends with a newline. */
export function formatCatalogue(entries: readonly Omit<CatalogueEntry, "line">[]): string {
  return entries.map((entry) => `${formatCatalogueLine(entry)}\n`).join("");
}
