/** A word's meaning in the gloss language asked for, falling back to English as the contract says. */
import type { Gloss } from "../domain.js";

/** The meaning in `gloss`, else the English one, else "" (the word has no meaning at all). */
export function meaningIn(meanings: Partial<Record<Gloss, string>>, gloss: Gloss): string {
  return meanings[gloss] ?? meanings.en ?? "";
}
