/**
 * Reads the English glosses of Wiktionary's translation tables out of the FreeDict+WikDict dictionaries
 * Debian ships (`dict-freedict-eng-jpn`, `-fin`, `-bul`: a dictd index and its text). Each translation
 * table on an English Wiktionary page is headed by a short gloss of the sense it translates
 * ("institution", "not even a single person"); WikDict prints that gloss under the translations. Used
 * only to prepare source tables, for words WordNet and Webster 1913 lack (`no one`, `antivirus`).
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";

export interface WikDictSense {
  /** The headword as written (`no one`, `ID card`). */
  headword: string;
  /** WikDict's part of speech: `n`, `v`, `adj`, `adv`, `preposition`, `pronoun`, …; "" when none. */
  pos: string;
  /** The English gloss of the sense. */
  gloss: string;
  /** The translations listed for it, as written (`銀行, バンク`). */
  translations: string;
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** dictd indexes a headword in lower case without punctuation (`non-smoking` as `nonsmoking`). */
function indexKey(word: string): string {
  return word.toLowerCase().replace(/[^\p{L}\p{N} ]/gu, "");
}

function decode64(text: string): number {
  let n = 0;
  for (const c of text) n = n * 64 + B64.indexOf(c);
  return n;
}

/** `word /ipa/ <pos>`, `word //ipa// //ipa// <pos>`, or a headword with its pronunciation only. */
const HEADER = /^(.+?)\s+(?:\/\/?[^/]*\/\/?\s*)+(?:<([^>]+)>)?\s*$/;
/** A sub-sense number on a line of its own (` 3.`). */
const MARKER = /^\s+\d+\.\s*$/;
/** A numbered translation line (`2. 銀行, バンク 2.`): a new group of senses. */
const NUMBERED = /^(\d+)\.\s+(.*?)(?:\s+\d+\.)?\s*$/;

/** The senses of one dictd entry, in the order the entry lists them. */
export function parseEntry(text: string): WikDictSense[] {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  const header = HEADER.exec(lines[0] ?? "");
  if (header === null) return [];
  const headword = (header[1] ?? "").trim();
  const pos = (header[2] ?? "").trim();
  const senses: WikDictSense[] = [];
  let translations: string | undefined;
  for (const line of lines.slice(1)) {
    if (MARKER.test(line)) continue;
    const numbered = NUMBERED.exec(line);
    if (numbered !== null || translations === undefined) {
      translations = (numbered?.[2] ?? line.replace(/\s+\d+\.\s*$/, "")).trim();
      continue;
    }
    const gloss = line.replace(/\s+/g, " ").trim();
    if (gloss !== "") senses.push({ headword, pos, gloss, translations });
  }
  return senses;
}

export class WikDict {
  readonly #text: Buffer;
  readonly #index = new Map<string, Array<[number, number]>>();

  constructor(indexPath: string, dictPath: string) {
    this.#text = gunzipSync(readFileSync(dictPath));
    for (const line of readFileSync(indexPath, "utf8").split("\n")) {
      const [word = "", offset = "", length = ""] = line.split("\t");
      if (length === "" || word.startsWith("00-database")) continue;
      const key = indexKey(word);
      const list = this.#index.get(key) ?? [];
      list.push([decode64(offset), decode64(length)]);
      this.#index.set(key, list);
    }
  }

  /** The senses of the entries headed by the word (any case), in the dictionary's order. */
  senses(word: string): WikDictSense[] {
    const out: WikDictSense[] = [];
    const seen = new Set<number>();
    for (const [offset, length] of this.#index.get(indexKey(word)) ?? []) {
      if (seen.has(offset)) continue;
      seen.add(offset);
      for (const sense of parseEntry(this.#text.subarray(offset, offset + length).toString("utf8"))) {
        if (sense.headword.toLowerCase() === word.toLowerCase()) out.push(sense);
      }
    }
    return out;
  }
}
