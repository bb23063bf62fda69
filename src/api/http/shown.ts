/** A client's value as an error message may echo it: JSON-quoted, and cut when long. */

/** Characters of a value echoed in a message; the rest is summarised. */
export const ECHO_MAX_CHARS = 64;

export function shown(value: unknown): string {
  if (typeof value === "string") {
    if (value.length <= ECHO_MAX_CHARS) return JSON.stringify(value);
    // The string is cut, then quoted: the echo is a whole JSON string, with no escape cut in two.
    return `${JSON.stringify(wholeCharacters(value))}… (${value.length} characters)`;
  }
  const text = JSON.stringify(value) ?? String(value);
  if (text.length <= ECHO_MAX_CHARS + 2) return text;
  return `${wholeCharacters(text)}… (${text.length} characters of JSON)`;
}

/** A value shown as it is (not quoted), cut when long: for paths in messages. */
export function cut(value: string): string {
  return value.length <= ECHO_MAX_CHARS ? value : `${wholeCharacters(value)}… (${value.length} characters)`;
}

/**
 * The first ECHO_MAX_CHARS UTF-16 units of `text`, one fewer when the last would be the first half of a
 * pair: a lone surrogate is not text, and strict JSON readers refuse its escape.
 */
function wholeCharacters(text: string): string {
  const last = text.charCodeAt(ECHO_MAX_CHARS - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? ECHO_MAX_CHARS - 1 : ECHO_MAX_CHARS);
}
