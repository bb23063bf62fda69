/**
 * Meanings of the function words WordNet lacks (`the`, `because`, `of`), from Webster 1913: the entry of
 * the word's part of speech, as the CEFR list gives it.
 */
import type { Dictionary } from "./dictionary.js";

/** What a CEFR part of speech looks like in Webster's part-of-speech label or definition. */
const WEBSTER_POS: ReadonlyMap<string, RegExp> = new Map([
  ["determiner", /article|\bpron\b|\ba\.\s*$/],
  ["pronoun", /pron/],
  ["preposition", /prep/],
  ["conjunction", /conj/],
  ["adverb", /adv/],
  ["modal auxiliary", /auxiliary|\bi\.|^v\.$/],
  ["infinitive-to", /prep/],
  ["interjection", /interj/],
  ["number", /\ba\.|\bn\./],
]);

/**
 * The Webster 1913 definition of the word for a CEFR part of speech; "" when it has none. With `current`,
 * only senses not marked archaic, rare or obsolete; without, such a sense when the word has no other
 * (`whilst`: "While."). Without an entry of that part of speech, the word's first entry, unless
 * `ofPosOnly` (for another spelling of a word, which may be another word: `am` of `a.m.`).
 */
export function websterMeaning(
  dictionary: Dictionary,
  word: string,
  pos: string,
  current = true,
  ofPosOnly = false,
): string {
  const all = dictionary.webster(word).filter((e) => e.definition !== "" && e.pos !== "phrase");
  const entries = current || all.some((e) => e.current) ? all.filter((e) => e.current) : all;
  const pattern = WEBSTER_POS.get(pos);
  // An entry of that part of speech that names it (`auxiliary`) first, then any of that part of speech.
  const named =
    pattern &&
    entries.find(
      (e) =>
        /auxiliary|article/.test(`${e.pos} ${e.definition.slice(0, 80)}`) &&
        pattern.test(`${e.pos} ${e.definition.slice(0, 80)}`),
    );
  const ofPos = pattern && entries.find((e) => pattern.test(`${e.pos} ${e.definition.slice(0, 60)}`));
  const entry = named ?? ofPos ?? (ofPosOnly && pattern ? undefined : entries[0]);
  return entry === undefined ? "" : shorten(entry.definition);
}

/** The definition Webster gives a phrase inside an entry (`because of`: "by reason of, on account of."). */
export function websterPhrase(dictionary: Dictionary, phrase: string): string {
  const entry = dictionary.webster(phrase).find((e) => e.pos === "phrase" && e.definition !== "");
  return entry === undefined ? "" : shorten(entry.definition);
}

/** Leading bracketed etymology removed; a long definition cut after its first sentence. */
function shorten(definition: string): string {
  // A cross-reference at the end (`See On to, under On, prep.`) is not part of the meaning.
  let text = definition
    .replace(/^(?:\[[^\]]*\]\s*)+/, "")
    .replace(/(?<=[.;])\s+See\s.*$/, "")
    .trim();
  if (text.length > 160) {
    const stop = text.indexOf(". ", 40);
    if (stop > 0) text = text.slice(0, stop + 1);
  }
  return text;
}
