/** A client's value as an error message may echo it: JSON-quoted, and cut when long. */

/** Characters of a value echoed in a message; the rest is summarised. */
export const ECHO_MAX_CHARS = 64;

export function shown(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  if (text.length <= ECHO_MAX_CHARS + 2) return text;
  const length =
    typeof value === "string" ? `${value.length} characters` : `${text.length} characters of JSON`;
  return `${text.slice(0, ECHO_MAX_CHARS)}… (${length})`;
}

/** A value shown as it is (not quoted), cut when long: for paths in messages. */
export function cut(value: string): string {
  return value.length <= ECHO_MAX_CHARS
    ? value
    : `${value.slice(0, ECHO_MAX_CHARS)}… (${value.length} characters)`;
}
