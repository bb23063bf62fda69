/**
 * Reads definitions of Webster's Revised Unabridged Dictionary (1913), which is in the public domain, out
 * of GCIDE as Debian's `dict-gcide` ships it (a dictd index and its text). GCIDE adds text of its own under
 * the GPL; only paragraphs GCIDE marks `[1913 Webster]` are used. Used only to prepare source tables.
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";

export interface WebsterEntry {
  /** The headword as the entry writes it (`Because`). */
  headword: string;
  /** The part of speech as written (`conj.`, `prep.`, `v. t. & i.`, `definite article`). */
  pos: string;
  /** The first current sense of the entry, from a paragraph marked `[1913 Webster]`; "" when none. */
  definition: string;
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function decode64(text: string): number {
  let n = 0;
  for (const c of text) n = n * 64 + B64.indexOf(c);
  return n;
}

/** Senses marked as no longer current, or too rare or regional for a learner. */
const NOT_CURRENT = /\[(?:Obs|R|Archaic|Prov|Poetic|Colloq|Scot|Slang|Eng|Local|Dial)\b|\bobsolete\b/i;
const SOURCE_MARK = /^\s*\[([^\]]*)\]\s*$/;

/** GCIDE's ASCII spellings of letters it cannot write (`[ae]`, `[=e]`): plain letters, or nothing. */
function plainText(text: string): string {
  return text
    .replace(/\[ae\]/g, "ae")
    .replace(/\[oe\]/g, "oe")
    .replace(/\[[=^~"`'.-]?([a-zA-Z])\]/g, "$1")
    .replace(/\{([^}]*)\}/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

/** The end of a bracketed group that opens at `at` (`(…)` or `[…]`, nested, across lines). */
function skipGroup(text: string, at: number): number {
  const open = text[at];
  const close = open === "(" ? ")" : "]";
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    if (text[i] === open) depth++;
    else if (text[i] === close && --depth === 0) return i + 1;
  }
  return text.length;
}

function skipSpace(text: string, at: number): number {
  let i = at;
  while (i < text.length && /\s/.test(text[i] as string)) i++;
  return i;
}

/** The part of an entry after its headword, pronunciation, part of speech and etymology. */
function splitHeader(text: string): { headword: string; pos: string; body: string } | undefined {
  const match = /^(.+?) \\[^\\]*\\/.exec(text);
  if (match === null) return undefined;
  let at = skipSpace(text, match[0].length);
  if (text[at] === "(") at = skipSpace(text, skipGroup(text, at));
  if (text[at] === ",") at = skipSpace(text, at + 1);
  // The part of speech runs to the etymology's `[`, or to the end of the line.
  let posEnd = at;
  while (posEnd < text.length && text[posEnd] !== "[" && text[posEnd] !== "\n") posEnd++;
  const pos = text.slice(at, posEnd).replace(/\s+/g, " ").trim();
  at = skipSpace(text, posEnd);
  while (text[at] === "[" && !text.startsWith("[1913", at)) at = skipSpace(text, skipGroup(text, at));
  return { headword: (match[1] ?? "").trim(), pos, body: text.slice(at) };
}

/** A sense cut to its first statement: no notes, usage remarks or examples after it. */
function shortSense(text: string): string {
  let sense = text.split(/\s(?:Note|Syn|Usage):/)[0] ?? "";
  sense = sense.split(/;?\s--\s?|;\sas,\s|\s\[1913 Webster\]/)[0] ?? "";
  return sense.replace(/[\s;,:]+$/, "").replace(/([^.])$/, "$1.");
}

/** The first current sense of an entry's body, from a paragraph marked `[1913 Webster]` only. */
function firstSense(body: string): string {
  let paragraph: string[] = [];
  for (const line of body.split("\n")) {
    const mark = SOURCE_MARK.exec(line);
    if (mark === null) {
      paragraph.push(line);
      continue;
    }
    const lines = paragraph;
    paragraph = [];
    if (mark[1] !== "1913 Webster") continue;
    // Quotations are indented far; notes, synonyms and phrases are not senses.
    const text = lines
      .filter((l) => !/^ {9,}/.test(l))
      .join(" ")
      .trim();
    if (text === "" || /^(?:Note|Syn|Usage)\s*:/.test(text) || text.startsWith("{")) continue;
    if (NOT_CURRENT.test(text)) continue;
    const sense = shortSense(
      plainText(
        text
          .replace(/^(?:\d+\.\s*)?(?:\([a-z]\)\s*)?/, "")
          .replace(/^(?:\((?:[A-Z][a-z]*\.?\s*)+\)\s*)+/, "")
          .replace(/\s*--\s*[A-Z][^.;]*\.?/g, "")
          .replace(/\s*"[^"]*"/g, ""),
      ),
    );
    if (sense.length >= 4) return sense;
  }
  return "";
}

export class Webster1913 {
  readonly #text: Buffer;
  readonly #index = new Map<string, Array<[number, number]>>();

  constructor(indexPath: string, dictPath: string) {
    this.#text = gunzipSync(readFileSync(dictPath));
    for (const line of readFileSync(indexPath, "utf8").split("\n")) {
      const [word = "", offset = "", length = ""] = line.split("\t");
      if (length === "") continue;
      const key = word.toLowerCase();
      const list = this.#index.get(key) ?? [];
      list.push([decode64(offset), decode64(length)]);
      this.#index.set(key, list);
    }
  }

  /** The entries headed by the word (any case), in the dictionary's order. */
  entries(word: string): WebsterEntry[] {
    const out: WebsterEntry[] = [];
    const seen = new Set<number>();
    for (const [offset, length] of this.#index.get(word.toLowerCase()) ?? []) {
      if (seen.has(offset)) continue;
      seen.add(offset);
      const header = splitHeader(this.#text.subarray(offset, offset + length).toString("utf8"));
      if (header === undefined || header.headword.toLowerCase().replace(/[*"`']/g, "") !== word) continue;
      out.push({ headword: header.headword, pos: header.pos, definition: firstSense(header.body) });
    }
    return out;
  }
}
