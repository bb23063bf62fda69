/** The one tokeniser for catalogue words, caption words and queries: normalised runs of letters and digits. */
import { isAscii, normalise } from "./normalise.js";

/** A token and the input word it came from, so a caption token inherits its word's time. */
export interface WordToken {
  norm: string;
  /** Index of the input word the token came from. */
  word: number;
}

// A run of letters, digits and (kept) marks, with apostrophes allowed only between two of them: leading
// and trailing apostrophes are quotes. Linear: every `'` must be followed by at least one letter. ASCII
// text (already lower-cased) is scanned by hand instead, several times faster than a regex iterator.
const RUN_UNICODE = /[\p{L}\p{N}\p{M}]+(?:'[\p{L}\p{N}\p{M}]+)*/gu;

// Chinese and Japanese do not separate words with spaces, so each ideograph or kana is a token of its
// own; a multi-character catalogue word (`学生` → `学 生`) then matches consecutive tokens like any other
// multi-word entry.
const CJK = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]/u;
const CJK_PIECES =
  /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]\p{M}*|[^\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]+/gu;
const EDGE_APOSTROPHES = /^'+|'+$/g;

// A `[` opens a sound annotation (`[Music]`, `[MUSIC PLAYING]`) only when its `]` follows within this
// many words, so a stray bracket cannot swallow the rest of a transcript.
const MAX_ANNOTATION_WORDS = 8;

// English clitics spelled out as the words they stand for. `'s` is possessive or an ambiguous is/has,
// so it is dropped (except in `let's`); `'d` is read as `would`.
// Maps, not object literals: a token such as `o'constructor` must not find a prototype member.
const ENGLISH_CLITICS: ReadonlyMap<string, string> = new Map([
  ["m", "am"],
  ["re", "are"],
  ["ve", "have"],
  ["ll", "will"],
  ["d", "would"],
  ["s", ""],
]);
// Negations whose stem is not the verb as written (`can't`, `won't`, `shan't`).
const NEGATION_STEMS: ReadonlyMap<string, string> = new Map([
  ["ca", "can"],
  ["wo", "will"],
  ["sha", "shall"],
]);

/**
 * Tokenises caption words one by one: each token carries the index of its word. Sound annotations in
 * brackets may span several words and give no tokens; `>>` and all punctuation give none.
 */
export function tokeniseWords(words: readonly string[], language: string): WordToken[] {
  const norms = words.map(normalise);
  const out: WordToken[] = [];
  const english = language === "en";
  let inAnnotation = false;
  for (let word = 0; word < norms.length; word++) {
    const text = norms[word] ?? "";
    let pos = 0;
    while (pos < text.length) {
      if (inAnnotation) {
        const close = text.indexOf("]", pos);
        if (close < 0) break;
        inAnnotation = false;
        pos = close + 1;
        continue;
      }
      const open = text.indexOf("[", pos);
      const end = open < 0 ? text.length : open;
      pushRuns(pos === 0 && end === text.length ? text : text.slice(pos, end), word, english, out);
      if (open < 0) break;
      inAnnotation = annotationCloses(norms, word, open);
      pos = open + 1;
    }
  }
  return out;
}

/** Splits text on whitespace and tokenises it; the tokens' norms in order. */
export function tokenise(text: string, language: string): string[] {
  const words = text.split(/\s+/).filter((word) => word !== "");
  return tokeniseWords(words, language).map((token) => token.norm);
}

/** The key of a catalogue word or a query: its tokens joined by single spaces (`Ice-Cream` → `ice cream`). */
export function searchKey(text: string, language: string): string {
  return tokenise(text, language).join(" ");
}

function annotationCloses(norms: readonly string[], word: number, open: number): boolean {
  const last = Math.min(norms.length - 1, word + MAX_ANNOTATION_WORDS - 1);
  for (let w = word; w <= last; w++) {
    const text = norms[w] ?? "";
    const from = w === word ? open + 1 : 0;
    const close = text.indexOf("]", from);
    const reopen = text.indexOf("[", from);
    if (reopen >= 0 && (close < 0 || reopen < close)) return false;
    if (close >= 0) return true;
  }
  return false;
}

function pushRuns(text: string, word: number, english: boolean, out: WordToken[]): void {
  if (isAscii(text)) {
    pushAsciiRuns(text, word, english, out);
    return;
  }
  RUN_UNICODE.lastIndex = 0;
  for (let match = RUN_UNICODE.exec(text); match !== null; match = RUN_UNICODE.exec(text)) {
    const run = match[0];
    if (!CJK.test(run)) {
      pushRun(run, word, english, out);
      continue;
    }
    for (const piece of run.matchAll(CJK_PIECES)) {
      const trimmed = piece[0].replace(EDGE_APOSTROPHES, "");
      if (trimmed !== "") pushRun(trimmed, word, english, out);
    }
  }
}

const APOSTROPHE = 0x27;

function isAsciiLetterOrDigit(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39);
}

function pushAsciiRuns(text: string, word: number, english: boolean, out: WordToken[]): void {
  const length = text.length;
  let i = 0;
  while (i < length) {
    while (i < length && !isAsciiLetterOrDigit(text.charCodeAt(i))) i++;
    if (i === length) return;
    const start = i;
    for (;;) {
      while (i < length && isAsciiLetterOrDigit(text.charCodeAt(i))) i++;
      if (
        i + 1 < length &&
        text.charCodeAt(i) === APOSTROPHE &&
        isAsciiLetterOrDigit(text.charCodeAt(i + 1))
      ) {
        i++;
        continue;
      }
      break;
    }
    pushRun(start === 0 && i === length ? text : text.slice(start, i), word, english, out);
  }
}

function pushRun(run: string, word: number, english: boolean, out: WordToken[]): void {
  if (!english || !run.includes("'")) {
    out.push({ norm: run, word });
    return;
  }
  // Clitics are peeled from the end (`shouldn't've` → `should` + `not` + `have`), then emitted in order.
  const tail: string[] = [];
  let stem = run;
  for (;;) {
    if (stem.endsWith("n't")) {
      if (stem === "ain't") break;
      const verb = stem.slice(0, -3);
      tail.push("not");
      stem = NEGATION_STEMS.get(verb) ?? verb;
      continue;
    }
    const apostrophe = stem.lastIndexOf("'");
    if (apostrophe < 0) break;
    const clitic = ENGLISH_CLITICS.get(stem.slice(apostrophe + 1));
    if (clitic === undefined) break;
    stem = stem.slice(0, apostrophe);
    if (clitic !== "") tail.push(clitic);
    else if (stem === "let") tail.push("us");
  }
  if (stem !== "") out.push({ norm: stem, word });
  for (let i = tail.length - 1; i >= 0; i--) out.push({ norm: tail[i] ?? "", word });
}
