/**
 * The dictionaries the English catalogue takes its meanings from, read from the prepared source tables:
 * WordNet 3.0 senses with their tag counts, Webster 1913 entries and phrases (for words WordNet lacks:
 * function words), the English glosses of Wiktionary's translation tables (for what neither has), and
 * translations per WordNet synset.
 */
import { readTsv } from "./tsv.js";

export type WordNetPos = "n" | "v" | "a" | "r";

export interface Sense {
  lemma: string;
  pos: WordNetPos;
  synset: string;
  /** WordNet's sense number within the lemma and part of speech. */
  rank: number;
  tagCount: number;
  /** The lemma as the synset writes it: `March` for the month. */
  written: string;
  usage: string[];
  /** Marked with a topic or region domain (`football`, `Britain`). */
  domain: boolean;
  /** A name: a person, a place, a named thing. */
  instance: boolean;
  gloss: string;
}

export interface WebsterEntry {
  /** As Webster writes it (`conj.`, `v. t.`), or `phrase` for a phrase defined inside an entry. */
  pos: string;
  definition: string;
  /** False when the sense is marked archaic, rare or obsolete (the entry has no other). */
  current: boolean;
}

export interface WiktionarySense {
  /** As WikDict writes it: `n`, `v`, `adj`, `adv`, `preposition`, `pronoun`, … */
  pos: string;
  gloss: string;
  /** How many of the dictionaries read list this sense. */
  dictionaries: number;
  /** Japanese translations of the sense, `, `-separated; "" when none. */
  ja: string;
}

export class Dictionary {
  readonly #senses = new Map<string, Sense[]>();
  readonly #webster = new Map<string, WebsterEntry[]>();
  readonly #translations = new Map<string, Map<string, string>>();
  readonly #wiktionary = new Map<string, WiktionarySense[]>();
  readonly #spoken = new Map<string, { counts: Map<string, number>; total: number }>();

  constructor(sensesTsv: string, websterTsv: string, translationsTsv: string, wiktionaryTsv = "") {
    const columns = [
      "lemma",
      "pos",
      "synset",
      "rank",
      "tag_count",
      "written",
      "usage",
      "domain",
      "instance",
      "gloss",
    ];
    for (const row of readTsv(sensesTsv, "WordNet sense table", columns)) {
      const lemma = row.lemma ?? "";
      const sense: Sense = {
        lemma,
        pos: row.pos as WordNetPos,
        synset: row.synset ?? "",
        rank: Number(row.rank),
        tagCount: Number(row.tag_count),
        written: row.written ?? lemma,
        usage: (row.usage ?? "") === "" ? [] : (row.usage ?? "").split(","),
        domain: row.domain === "1",
        instance: row.instance === "1",
        gloss: row.gloss ?? "",
      };
      const list = this.#senses.get(lemma);
      if (list === undefined) this.#senses.set(lemma, [sense]);
      else list.push(sense);
    }
    for (const row of readTsv(websterTsv, "Webster table", ["word", "pos", "definition", "current"])) {
      const list = this.#webster.get(row.word ?? "") ?? [];
      list.push({ pos: row.pos ?? "", definition: row.definition ?? "", current: row.current === "1" });
      this.#webster.set(row.word ?? "", list);
    }
    if (wiktionaryTsv !== "") {
      const columns = ["word", "pos", "gloss", "dictionaries", "ja"];
      for (const row of readTsv(wiktionaryTsv, "Wiktionary gloss table", columns)) {
        const list = this.#wiktionary.get(row.word ?? "") ?? [];
        list.push({
          pos: row.pos ?? "",
          gloss: row.gloss ?? "",
          dictionaries: (row.dictionaries ?? "").split(",").filter((d) => d !== "").length,
          ja: row.ja ?? "",
        });
        this.#wiktionary.set(row.word ?? "", list);
      }
    }
    for (const row of readTsv(translationsTsv, "synset translation table", [
      "synset",
      "lang",
      "translations",
    ])) {
      const bySynset = this.#translations.get(row.synset ?? "") ?? new Map<string, string>();
      bySynset.set(row.lang ?? "", row.translations ?? "");
      this.#translations.set(row.synset ?? "", bySynset);
    }
  }

  /**
   * Sets the spoken frequency list of a gloss language (`word count` a line, as the OpenSubtitles lists
   * are written), read by `spokenPerMillion`.
   */
  setSpokenFrequency(lang: string, list: string): void {
    const counts = new Map<string, number>();
    let total = 0;
    for (const line of list.split(/\r?\n/)) {
      const at = line.lastIndexOf(" ");
      const count = Number(line.slice(at + 1));
      if (at <= 0 || !Number.isFinite(count)) continue;
      const word = line.slice(0, at);
      counts.set(word, (counts.get(word) ?? 0) + count);
      total += count;
    }
    this.#spoken.set(lang, { counts, total });
  }

  /** How often a word is spoken in a gloss language, per million words; 0 when unlisted or unknown. */
  spokenPerMillion(lang: string, word: string): number {
    const list = this.#spoken.get(lang);
    const count = list?.counts.get(word.toLowerCase()) ?? 0;
    return list === undefined || count === 0 ? 0 : (count / list.total) * 1e6;
  }

  /** Senses Wiktionary's translation tables give the word, as written in the table. */
  wiktionary(word: string): readonly WiktionarySense[] {
    return this.#wiktionary.get(word) ?? this.#wiktionary.get(word.toLowerCase()) ?? [];
  }

  /**
   * WordNet senses of a word (`ice cream` is looked up as `ice_cream`; `full-time` as written, then as
   * `full_time`).
   */
  senses(word: string): readonly Sense[] {
    const key = word.toLowerCase().replace(/\s+/g, "_").replace(/\./g, "");
    return this.#senses.get(key) ?? this.#senses.get(key.replace(/-/g, "_")) ?? [];
  }

  webster(word: string): readonly WebsterEntry[] {
    return this.#webster.get(word.toLowerCase()) ?? [];
  }

  /** Translations of a synset in one language, `; `-joined, or "" when there are none. */
  translations(synset: string, lang: string): string {
    return this.#translations.get(synset)?.get(lang) ?? "";
  }

  /** How many gloss languages have a translation of the synset. */
  translatedLanguages(synset: string): number {
    return this.#translations.get(synset)?.size ?? 0;
  }
}
