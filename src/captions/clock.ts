/** Reads caption clock times (`01:02:03.456`, `02:03.456`, `00:00:01,000`) as integer milliseconds. */

const COLON = 0x3a;
const DOT = 0x2e;
const COMMA = 0x2c;

/**
 * Milliseconds of a clock time `[h…:]mm:ss[.fff]` (a comma may stand for the dot, as in SRT), or
 * `undefined` when the text is not one. Minutes and seconds must be below 60; the fraction has one to
 * three digits.
 */
export function parseClockMs(text: string): number | undefined {
  const parts: number[] = [];
  let value = 0;
  let digits = 0;
  let i = 0;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x30 && code <= 0x39) {
      value = value * 10 + (code - 0x30);
      digits++;
    } else if (code === COLON) {
      if (digits === 0) return undefined;
      parts.push(value);
      value = 0;
      digits = 0;
    } else if (code === DOT || code === COMMA) {
      break;
    } else {
      return undefined;
    }
  }
  if (digits === 0 || parts.length < 1 || parts.length > 2) return undefined;
  const seconds = value;
  const minutes = parts[parts.length - 1] ?? 0;
  const hours = parts.length === 2 ? (parts[0] ?? 0) : 0;
  if (seconds >= 60 || minutes >= 60 || digits > 2) return undefined;
  let fractionMs = 0;
  if (i < text.length) {
    const fraction = text.slice(i + 1);
    if (fraction.length < 1 || fraction.length > 3 || !/^\d+$/.test(fraction)) return undefined;
    fractionMs = Number.parseInt(fraction.padEnd(3, "0"), 10);
  }
  return ((hours * 60 + minutes) * 60 + seconds) * 1000 + fractionMs;
}
