/**
 * URLs as the logs keep them: the value of every query parameter that may carry a credential is replaced,
 * and a URL longer than the log needs is cut, so a log line never holds a key and never grows with the
 * request.
 */
import { SECRET_PREFIX } from "../../access/store/secret.js";
import { CREDENTIAL_PARAMS } from "./query-checks.js";

/** Characters of a URL kept in a log line. */
export const LOGGED_URL_MAX_CHARS = 512;

const REDACTED = "[redacted]";
const SECRET_ANYWHERE = new RegExp(`${SECRET_PREFIX}[0-9A-Za-z]{16,}`, "g");

export function redactUrl(url: string): string {
  const at = url.indexOf("?");
  let out = url;
  if (at !== -1) {
    const parts = url
      .slice(at + 1)
      .split("&")
      .map((pair) => {
        const eq = pair.indexOf("=");
        const rawName = eq === -1 ? pair : pair.slice(0, eq);
        let name = rawName;
        try {
          name = decodeURIComponent(rawName.replace(/\+/g, " "));
        } catch {
          // A badly encoded name is logged as sent; it cannot be a credential name then.
        }
        return CREDENTIAL_PARAMS.has(name) ? `${rawName}=${REDACTED}` : pair;
      });
    out = `${url.slice(0, at)}?${parts.join("&")}`;
  }
  // A key pasted anywhere else in the URL (a path segment, an unusual parameter name).
  out = out.replace(SECRET_ANYWHERE, `${SECRET_PREFIX}${REDACTED}`);
  return out.length <= LOGGED_URL_MAX_CHARS ? out : `${out.slice(0, LOGGED_URL_MAX_CHARS)}…`;
}
