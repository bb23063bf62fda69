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
  /**
   * The first current sense of the entry, from a paragraph marked `[1913 Webster]`; failing that, its
   * first sense marked archaic, rare or obsolete (with `current` false); "" when none.
   */
  definition: string;
  current: boolean;
}

/** A phrase Webster defines inside an entry (`{Because of}, by reason of, on account of.`). */
export interface WebsterPhrase {
  phrase: string;
  definition: string;
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

/** Senses marked as no longer current, or too rare or regional for a learner. */
const NOT_CURRENT = /\[(?:Obs|R|Archaic|Prov|Poetic|Colloq|Scot|Slang|Eng|Local|Dial)\b|\bobsolete\b/i;
// GCIDE ends each paragraph with its source on a line of its own; a few such lines run on into the next
// headword (`[1913 Webster] Ontogenesis`).
const SOURCE_MARK = /^\s*\[([^\]]*)\]\s*(?:[A-Z][a-z]*\s*)?$/;
/** A sense's own label of currency, removed when an archaic sense is the only one. */
const LABEL = /\s*\[(?:Obs|R|Archaic|Prov|Poetic|Colloq|Scot|Slang|Eng|Local|Dial)[^\]]*\]\.?/g;

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

/**
 * GCIDE's letter codes in brackets as plain letters, so they are not read as brackets: a letter with a
 * mark before or after it (`[=e]`, `[u^]`), a named accent (`[imac]`, `[aum]`), `[eth]`, `[thorn]`,
 * `[th]`, `[ng]`, `[ae]`, `[oe]`.
 */
function letters(text: string): string {
  return text
    .replace(/\[[=^~"`'.-]?([a-zA-Z]|ae|oe)[=^~"`'.-]?\]/g, "$1")
    .replace(/\[([a-z])(?:mac|um|cr|acute|grave|circ|til|ced|dot)\]/g, "$1")
    .replace(/\[(?:eth|thorn|th)\]/g, "th")
    .replace(/\[(ae|oe|ng|AE|OE)\]/g, "$1");
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
  // The part of speech runs to the etymology's `[`, or to the end of the line; a line ending in `&` or
  // `,`, or inside parentheses, goes on (`a. &` / `pron.`; `pl. {Dozen} (before another` / `noun)`).
  let posEnd = at;
  let depth = 0;
  for (; posEnd < text.length; posEnd++) {
    const c = text[posEnd];
    if (c === "(") depth++;
    else if (c === ")") depth = Math.max(0, depth - 1);
    else if (c === "[" && depth === 0) break;
    else if (c === "\n" && depth === 0 && !/[&,]\s*$/.test(text.slice(at, posEnd))) break;
  }
  const pos = text.slice(at, posEnd).replace(/\s+/g, " ").trim();
  at = skipSpace(text, posEnd);
  // A plural's pronunciation left on the next line (`(bul"liz).`), then the etymology.
  if (text[at] === "(") at = skipSpace(text, skipGroup(text, at));
  if (text[at] === "." || text[at] === ";") at = skipSpace(text, at + 1);
  while (text[at] === "[" && !text.startsWith("[1913", at)) at = skipSpace(text, skipGroup(text, at));
  return { headword: (match[1] ?? "").trim(), pos, body: text.slice(at) };
}

/** A sense cut to its first statement: no notes, usage remarks or examples after it. */
function shortSense(text: string): string {
  const sense = (text.split(/\s(?:Note|Syn|Usage):/)[0] ?? "").replace(/\s*\[[^\]]*\]\.?\s*$/, "");
  const [head = "", ...rest] = sense.split(/;?\s--\s?|;\sas,\s|\s\[1913 Webster\]/);
  // A sense of one word (`On; -- used in all the senses of that word`) keeps the remark that explains it.
  const short = head.replace(/[\s;,:]+$/, "");
  const kept = short.length < 12 && rest[0] !== undefined ? `${short}; ${rest[0]}` : short;
  return kept.replace(/[\s;,:]+$/, "").replace(/([^.])$/, "$1.");
}

/** The text of each paragraph of an entry's body that GCIDE marks `[1913 Webster]`, quotations left out. */
function websterParagraphs(body: string): string[] {
  const out: string[] = [];
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
    // Quotations are indented far.
    const text = lines
      .filter((l) => !/^ {9,}/.test(l))
      .join(" ")
      .trim();
    if (text !== "") out.push(text);
  }
  return out;
}

/** The first current sense of an entry's body, else its first sense of any kind. */
function firstSense(body: string): { definition: string; current: boolean } {
  let fallback = "";
  for (const text of websterParagraphs(body)) {
    // Notes, synonyms and phrases are not senses.
    if (/^(?:Note|Syn|Usage)\s*:/.test(text) || text.startsWith("{")) continue;
    const current = !NOT_CURRENT.test(text);
    const sense = shortSense(
      plainText(
        (current ? text : text.replace(LABEL, ""))
          .replace(/^(?:\d+\.\s*)?(?:\([a-z]\)\s*)?/, "")
          .replace(/^(?:\((?:[A-Z][a-z]*\.?\s*)+\)\s*)+/, "")
          .replace(/\s*--\s*[A-Z][^.;]*\.?/g, "")
          .replace(/\s*"[^"]*"/g, "")
          .replace(/:\s*\([a-z]\)\s*/g, ": "),
      ),
    );
    if (sense.length < 3) continue;
    if (current) return { definition: sense, current };
    if (fallback === "") fallback = sense;
  }
  return { definition: fallback, current: false };
}

/** Phrases an entry's body defines: paragraphs that open with `{Phrase},`. */
function phrasesOf(body: string): WebsterPhrase[] {
  const out: WebsterPhrase[] = [];
  for (const text of websterParagraphs(body)) {
    const match = /^\{([^}]+)\}(?:\s*\([^)]*\))?,\s+(.*)$/.exec(text);
    if (match === null || NOT_CURRENT.test(match[2] ?? "")) continue;
    const definition = shortSense(plainText((match[2] ?? "").replace(/\s*"[^"]*"/g, "")));
    if (definition.length >= 3) out.push({ phrase: plainText(match[1] ?? ""), definition });
  }
  return out;
}

export class Webster1913 {
  readonly #text: Buffer;
  readonly #index = new Map<string, Array<[number, number]>>();

  constructor(indexPath: string, dictPath: string) {
    this.#text = gunzipSync(readFileSync(dictPath));
    for (const line of readFileSync(indexPath, "utf8").split("\n")) {
      const [word = "", offset = "", length = ""] = line.split("\t");
      if (length === "") continue;
      const key = indexKey(word);
      const list = this.#index.get(key) ?? [];
      list.push([decode64(offset), decode64(length)]);
      this.#index.set(key, list);
    }
  }

  /** The entries headed by the word (any case), in the dictionary's order. */
  entries(word: string): WebsterEntry[] {
    const out: WebsterEntry[] = [];
    const seen = new Set<number>();
    for (const [offset, length] of this.#index.get(indexKey(word)) ?? []) {
      if (seen.has(offset)) continue;
      seen.add(offset);
      const header = splitHeader(letters(this.#text.subarray(offset, offset + length).toString("utf8")));
      if (header === undefined) continue;
      // An entry headed by the word, or by its singular when the entry names it as the plural
      // (`Minutia`, n.; pl. {Minutiae}).
      const plural = header.pos.toLowerCase().includes(`pl. {${word}}`);
      if (header.headword.toLowerCase().replace(/[*"`']/g, "") !== word && !plural) continue;
      out.push({ headword: header.headword, pos: header.pos, ...firstSense(header.body) });
    }
    return out;
  }

  /** Phrases defined inside the entries headed by the word (`{Because of}` under `Because`). */
  phrases(word: string): WebsterPhrase[] {
    const out: WebsterPhrase[] = [];
    const seen = new Set<number>();
    for (const [offset, length] of this.#index.get(indexKey(word)) ?? []) {
      if (seen.has(offset)) continue;
      seen.add(offset);
      const header = splitHeader(letters(this.#text.subarray(offset, offset + length).toString("utf8")));
      if (header !== undefined) out.push(...phrasesOf(header.body));
    }
    return out;
  }
}
