/** Operator-written labels (account names, key names, plan descriptions): bounded, one line. */
import { AccessError } from "../errors.js";

/** The name of a key created without one. */
export const DEFAULT_KEY_NAME = "default";

export function checkLabel(what: string, text: string, maxLength: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (text.length > maxLength || /[\u0000-\u001f\u007f]/.test(text)) {
    throw new AccessError(
      "invalid_request",
      `${what} must be at most ${maxLength} characters on one line, got ${JSON.stringify(text.slice(0, 60))}`,
    );
  }
  return text;
}

export function checkAccountName(name: string): string {
  return checkLabel("account name", name, 100);
}

export function checkKeyName(name: string): string {
  if (name === "") throw new AccessError("invalid_request", "key name must not be empty");
  return checkLabel("key name", name, 64);
}
