/** Decodes the HTML character references caption files carry (`&amp;`, `&#39;`, `&nbsp;`, `&#x2019;`). */

// The named references that occur in caption files; others are left as written rather than guessed.
const NAMED: ReadonlyMap<string, string> = new Map([
  ["amp", "&"],
  ["lt", "<"],
  ["gt", ">"],
  ["quot", '"'],
  ["apos", "'"],
  ["nbsp", "\u00a0"],
  ["lrm", "\u200e"],
  ["rlm", "\u200f"],
]);

// `&#x10FFFF;` is the longest reference worth reading: 8 characters between `&` and `;`.
const MAX_REFERENCE_LENGTH = 8;
const DECIMAL = /^#\d{1,7}$/;
const HEX = /^#[xX][0-9a-fA-F]{1,6}$/;

/** The text with character references replaced; an unknown or invalid reference stays as written. */
export function decodeEntities(text: string): string {
  let amp = text.indexOf("&");
  if (amp < 0) return text;
  let out = "";
  let copied = 0;
  // The next `;` is looked up once and reused by every `&` before it, so a run of stray `&` stays linear.
  let semicolon = -1;
  while (amp >= 0) {
    if (semicolon < amp) {
      semicolon = text.indexOf(";", amp + 1);
      if (semicolon < 0) break;
    }
    if (semicolon - amp - 1 <= MAX_REFERENCE_LENGTH) {
      const decoded = decodeReference(text.slice(amp + 1, semicolon));
      if (decoded !== undefined) {
        out += text.slice(copied, amp) + decoded;
        copied = semicolon + 1;
      }
    }
    amp = text.indexOf("&", amp + 1);
  }
  return copied === 0 ? text : out + text.slice(copied);
}

function decodeReference(body: string): string | undefined {
  if (body.charCodeAt(0) !== 0x23) return NAMED.get(body.toLowerCase());
  let code: number;
  if (DECIMAL.test(body)) code = Number.parseInt(body.slice(1), 10);
  else if (HEX.test(body)) code = Number.parseInt(body.slice(2), 16);
  else return undefined;
  const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
  return valid ? String.fromCodePoint(code) : undefined;
}
