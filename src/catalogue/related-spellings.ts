/** Other spellings a dictionary may give a word under: WordNet joins, closes and splits compounds. */
import lemmatizer from "wink-lemmatizer";

/**
 * The spellings WordNet may write a CEFR spelling with: its words joined by `_`, closed up, or split in
 * two (`hairdryer` → `hair_dryer`, `showbiz` → `show_biz`, `penfriend` → `pen-friend`), and with its
 * last word's lemma (`human rights` → `human_right`). The importer tries the same ones.
 */
export function relatedSpellings(word: string): string[] {
  const lower = word.toLowerCase().replace(/\./g, "");
  const out = new Set([
    lower.replace(/\s+/g, "_"),
    lower.replace(/[\s-]+/g, "_"),
    lower.replace(/[\s-]+/g, ""),
    lower.replace(/\s+/g, "-"),
  ]);
  const parts = lower.split(/[\s-]+/);
  const last = parts.at(-1) ?? "";
  for (const lemma of [lemmatizer.noun(last), lemmatizer.verb(last), lemmatizer.adjective(last)]) {
    out.add([...parts.slice(0, -1), lemma].join("_"));
  }
  if (/^[a-z]+$/.test(lower)) {
    for (let i = 3; i <= lower.length - 3; i++) {
      out.add(`${lower.slice(0, i)}_${lower.slice(i)}`);
      out.add(`${lower.slice(0, i)}-${lower.slice(i)}`);
    }
  }
  return [...out];
}
