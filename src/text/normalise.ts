/** Case and accent folding shared by catalogue words, caption words and client queries. */

const WHITESPACE_RUN = /\s+/g;
const BACKTICK = /`/g;

// Typographic apostrophes, applied before NFKD: the spacing acute accent `´` would otherwise decompose
// into a space and a combining mark and split the word it sits in. Applied again after it, because some
// letters decompose into one (`ŉ` → `ʼn`), and the key of a key must be the key.
const APOSTROPHES = /[\u2019\u2018\u02bc\u00b4`]/g;

// Characters with no meaning of their own that would otherwise split or pollute a word: soft hyphen,
// zero-width space, word joiner and the byte order mark.
const INVISIBLE = /[\u00ad\u200b\u2060\ufeff]/g;

// Marks are stripped only where they are optional accents or vowel points (Latin, Greek, Cyrillic,
// Arabic, Hebrew). In Indic scripts, Thai or Japanese kana they are part of the spelling (`が` is not
// `か`), so they stay.
const FOLDABLE_MARKS =
  /([\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Arabic}\p{Script=Hebrew}])\p{Mn}+/gu;

// Letters that NFKD leaves whole; applied after lower-casing, so only lower-case forms are needed
// (`ẞ`, `Æ`, `Œ`, `Ø`, `Ł`, `Đ` lower-case to these).
const UNDECOMPOSED = /[ßæœøłđı]/g;
const UNDECOMPOSED_FOLD: Readonly<Record<string, string>> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ı: "i",
};

/**
 * Folds text for matching: NFKD, accents removed, lower case, `ß`→`ss` and similar, typographic
 * apostrophes → `'`, whitespace collapsed to single spaces, trimmed. `Café` → `cafe`, `NAÏVE` → `naive`.
 * Text that is kept is recomposed (NFC), so scripts whose marks stay read as they were written.
 */
export function normalise(text: string): string {
  // Plain ASCII (the bulk of caption words) needs no Unicode decomposition, only case and spacing, and
  // a word that is already lower case without spaces is returned as it is, without a copy.
  const kind = asciiKind(text);
  if (kind === ASCII_FOLDED) return text;
  if (kind === ASCII) {
    const lower = text.toLowerCase();
    const apostrophed = lower.includes("`") ? lower.replace(BACKTICK, "'") : lower;
    return apostrophed.replace(WHITESPACE_RUN, " ").trim();
  }
  return text
    .replace(APOSTROPHES, "'")
    .replace(INVISIBLE, "")
    .normalize("NFKD")
    .replace(APOSTROPHES, "'")
    .replace(FOLDABLE_MARKS, "$1")
    .toLowerCase()
    .replace(UNDECOMPOSED, (letter) => UNDECOMPOSED_FOLD[letter] ?? letter)
    .normalize("NFC")
    .replace(WHITESPACE_RUN, " ")
    .trim();
}

/** True when every UTF-16 unit of the text is ASCII: such text needs no Unicode folding. */
export function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

const ASCII_FOLDED = 0;
const ASCII = 1;
const NOT_ASCII = 2;

/** Classifies text in one pass: ASCII already folded, ASCII to fold, or other. */
function asciiKind(text: string): number {
  let kind = ASCII_FOLDED;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) return NOT_ASCII;
    // Control characters and spaces (whitespace to collapse), upper case letters, the backtick.
    if (code <= 0x20 || (code >= 0x41 && code <= 0x5a) || code === 0x60) kind = ASCII;
  }
  return kind;
}
