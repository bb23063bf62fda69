/**
 * What the search box can send, checked before any request with the API's own limits, and the close
 * words a refused lookup names: pure functions over strings.
 */

/** The API's limits: a word's characters, and a phrase's characters and words. */
export const MAX_WORD_CHARS = 100;
export const MAX_PHRASE_CHARS = 200;
export const MAX_PHRASE_WORDS = 12;

/** At most `max` characters of `text`, in quotes, with an ellipsis when cut. */
export function quoted(text: string, max = 40): string {
  const chars = [...text];
  return `“${chars.length > max ? `${chars.slice(0, max).join("")}…` : text}”`;
}

/** Why `q` (trimmed, not empty) cannot be looked up, in words a learner reads; undefined when it can. */
export function queryProblem(q: string): string | undefined {
  if (!/[\p{L}\p{N}]/u.test(q)) return `Type a word: ${quoted(q)} has no letters or digits.`;
  const chars = [...q].length;
  const words = q.split(/\s+/).length;
  if (words === 1 && chars > MAX_WORD_CHARS) {
    return `A word has at most ${MAX_WORD_CHARS} characters; this one has ${chars}.`;
  }
  if (words > MAX_PHRASE_WORDS)
    return `A phrase has at most ${MAX_PHRASE_WORDS} words; this one has ${words}.`;
  if (chars > MAX_PHRASE_CHARS) {
    return `A phrase has at most ${MAX_PHRASE_CHARS} characters; this one has ${chars}.`;
  }
  return undefined;
}

/** The words a not_found lookup's message offers ("…; did you mean: cask, cash?"), best first. */
export function guessesIn(message: string): string[] {
  const offered = /did you mean: (.+)\?$/.exec(message)?.[1];
  if (offered === undefined) return [];
  return offered
    .split(", ")
    .map((word) => word.trim())
    .filter((word) => word !== "");
}
