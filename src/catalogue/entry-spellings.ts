/**
 * Adds the other variety's spellings to an English entry: of the word itself as variants (`color` →
 * `colour`, whose forms are then generated too), and of its generated forms as forms (`traveled` →
 * `travelled`), with the British past in -t of the verbs that have one (`learnt`).
 */
import type { SpellingVariety } from "./british.js";
import type { CatalogueEntry } from "./entry.js";
import { expandForms } from "./forms.js";

const VERBS = new Set(["verb", "phrasal verb"]);

export function addSpellingVariants(entry: Omit<CatalogueEntry, "line">, variety: SpellingVariety): void {
  const word = entry.word.toLowerCase();
  const variants = new Set(entry.variants.map((v) => v.toLowerCase()));
  for (const spelling of [word, ...variants]) {
    for (const other of variety.alternatives(spelling)) {
      if (other !== word && !variants.has(other)) {
        variants.add(other);
        entry.variants.push(other);
      }
    }
  }
  const forms = new Set(entry.forms);
  const generated = [word, ...entry.variants].flatMap((w) =>
    expandForms({ word: w, pos: entry.pos, forms: [] }, "en"),
  );
  for (const form of generated) {
    for (const other of variety.alternatives(form)) if (!generated.includes(other)) forms.add(other);
  }
  if (entry.pos.some((p) => VERBS.has(p))) {
    const past = variety.tPast(word);
    if (past !== undefined) forms.add(past);
  }
  entry.forms = [...forms];
}
