/**
 * Reads the Princeton WordNet 3.0 database files (`index.sense`, `data.*`) into every sense of every
 * lemma: its synset, its sense number and tag count, the synset's words as written, its gloss and the
 * domains it is marked with. Used only to prepare the catalogue's source tables.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

export type WordNetPos = "n" | "v" | "a" | "r";

export interface WordNetSense {
  /** Lower case, words joined by `_` as WordNet writes them (`ice_cream`). */
  lemma: string;
  pos: WordNetPos;
  /** `offset-pos` as the Open Multilingual Wordnet writes it (adjective satellites as `a`): `08420278-n`. */
  synset: string;
  /** WordNet's sense number of the lemma in this part of speech, from 1. */
  rank: number;
  /** How often the sense was tagged in WordNet's semantic concordance. */
  tagCount: number;
  /** The synset's word for this lemma as WordNet writes it (`March`, `march`). */
  written: string;
  /** The gloss: definition and examples, as WordNet gives it. */
  gloss: string;
  /** Usage domains the synset is marked with (`obscenity`, `slang`), by the domain synset's first word. */
  usage: string[];
  /** The synset is marked with a topic or region domain (`football`, `Britain`). */
  domain: boolean;
  /** The synset is an instance (a person, a place, a named thing), not a class: a name. */
  instance: boolean;
}

const DATA_FILES: Record<WordNetPos, string> = { n: "noun", v: "verb", a: "adj", r: "adv" };
const SS_TYPES: Record<string, WordNetPos> = { "1": "n", "2": "v", "3": "a", "4": "r", "5": "a" };

interface Synset {
  words: string[];
  pointers: Array<{ symbol: string; target: string }>;
  gloss: string;
}

function parseSynset(line: string): Synset {
  const [head = "", gloss = ""] = line.split(" | ");
  const f = head.trim().split(" ");
  const wordCount = Number.parseInt(f[3] ?? "0", 16);
  const words: string[] = [];
  for (let i = 0; i < wordCount; i++) words.push((f[4 + i * 2] ?? "").replace(/\(.*\)$/, ""));
  let at = 4 + wordCount * 2;
  const pointerCount = Number(f[at++]);
  const pointers: Synset["pointers"] = [];
  for (let i = 0; i < pointerCount; i++, at += 4) {
    const pos = f[at + 2] === "s" ? "a" : (f[at + 2] ?? "");
    pointers.push({ symbol: f[at] ?? "", target: `${f[at + 1]}-${pos}` });
  }
  return { words, pointers, gloss: gloss.trim() };
}

export class WordNetDb {
  readonly #synsets = new Map<string, Synset>();
  readonly #senses = new Map<string, WordNetSense[]>();

  constructor(dir: string) {
    for (const [pos, name] of Object.entries(DATA_FILES)) {
      for (const line of readFileSync(path.join(dir, `data.${name}`), "latin1").split("\n")) {
        if (line === "" || line.startsWith("  ")) continue;
        this.#synsets.set(`${line.slice(0, 8)}-${pos}`, parseSynset(line));
      }
    }
    for (const line of readFileSync(path.join(dir, "index.sense"), "latin1").split("\n")) {
      if (line === "") continue;
      const [key = "", offset = "", rank = "", tagCount = ""] = line.split(" ");
      const [lemma = "", rest = ""] = key.split("%");
      const pos = SS_TYPES[rest[0] ?? ""];
      if (pos === undefined) continue;
      const synset = `${offset}-${pos}`;
      const data = this.#synsets.get(synset);
      if (data === undefined) throw new Error(`WordNet: sense ${key} points to no synset ${synset}`);
      const written = data.words.find((w) => w.toLowerCase() === lemma) ?? lemma;
      const usage = data.pointers
        .filter((p) => p.symbol === ";u")
        .map((p) => (this.#synsets.get(p.target)?.words[0] ?? "").toLowerCase());
      const domain = data.pointers.some((p) => p.symbol === ";c" || p.symbol === ";r");
      const instance = data.pointers.some((p) => p.symbol === "@i");
      const sense: WordNetSense = {
        lemma,
        pos,
        synset,
        rank: Number(rank),
        tagCount: Number(tagCount),
        written,
        gloss: data.gloss,
        usage,
        domain,
        instance,
      };
      const list = this.#senses.get(lemma);
      if (list === undefined) this.#senses.set(lemma, [sense]);
      else list.push(sense);
    }
    for (const list of this.#senses.values()) {
      list.sort((a, b) => a.pos.localeCompare(b.pos) || a.rank - b.rank);
    }
  }

  /** Every sense of a lemma (lower case, `_` between words), by part of speech and sense number. */
  senses(lemma: string): readonly WordNetSense[] {
    return this.#senses.get(lemma) ?? [];
  }

  lemmas(): IterableIterator<string> {
    return this.#senses.keys();
  }
}
