/**
 * The dictionaries the English catalogue takes its meanings from, read from the prepared source tables:
 * WordNet 3.0 senses with their tag counts, Webster 1913 entries (for words WordNet lacks: function
 * words), and translations per WordNet synset.
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
  pos: string;
  definition: string;
}

export class Dictionary {
  readonly #senses = new Map<string, Sense[]>();
  readonly #webster = new Map<string, WebsterEntry[]>();
  readonly #translations = new Map<string, Map<string, string>>();

  constructor(sensesTsv: string, websterTsv: string, translationsTsv: string) {
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
    for (const row of readTsv(websterTsv, "Webster table", ["word", "pos", "definition"])) {
      const list = this.#webster.get(row.word ?? "") ?? [];
      list.push({ pos: row.pos ?? "", definition: row.definition ?? "" });
      this.#webster.set(row.word ?? "", list);
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

  /** WordNet senses of a lower-case word (`ice cream` is looked up as `ice_cream`). */
  senses(word: string): readonly Sense[] {
    return (
      this.#senses.get(
        word
          .toLowerCase()
          .replace(/[\s-]+/g, "_")
          .replace(/\./g, ""),
      ) ?? []
    );
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
