/** Reading `Authorization: Bearer <key>`: missing, malformed and well-formed headers are told apart. */
import { looksLikeSecret, SECRET_PREFIX } from "../store/secret.js";

export type BearerParse =
  | { kind: "missing" }
  | { kind: "malformed"; message: string }
  | { kind: "token"; secret: string };

/**
 * Characters of a scheme a message echoes: a scheme's name (`Basic`, `Digest`) fits, and a credential sent
 * without one shows no more than a key's visible prefix does.
 */
const SCHEME_SHOWN = 9;

/** RFC 7235: the scheme is case-insensitive and separated from the credentials by spaces. */
const BEARER = /^Bearer +(\S+)$/i;

/**
 * Messages name what is wrong without echoing the credentials: a header may hold a real secret of
 * another service, and messages end up in logs.
 */
export function parseBearer(header: string | undefined): BearerParse {
  if (header === undefined || header.trim() === "") return { kind: "missing" };
  const value = header.trim();
  const match = BEARER.exec(value);
  if (!match) {
    const scheme = value.split(/\s+/)[0] ?? "";
    const shown = /^bearer$/i.test(scheme)
      ? "a Bearer header without a key"
      : scheme.startsWith(SECRET_PREFIX)
        ? `a key without "Bearer " before it`
        : `scheme ${JSON.stringify(scheme.slice(0, SCHEME_SHOWN))}${scheme.length > SCHEME_SHOWN ? "…" : ""}`;
    return {
      kind: "malformed",
      message: `the Authorization header must be "Bearer <API key>", got ${shown}`,
    };
  }
  const secret = match[1] ?? "";
  if (!looksLikeSecret(secret)) {
    return {
      kind: "malformed",
      message: `the Authorization header carries a token that is not a wordclip API key (keys start with "${SECRET_PREFIX}" followed by letters and digits)`,
    };
  }
  return { kind: "token", secret };
}
