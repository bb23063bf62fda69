/** The prose of the API reference: the contract in brief, tag descriptions, and the meaning of each error status. */
import { SNAPSHOT_MAX_AGE_S } from "./caching.js";
import { ERROR_CODES } from "./errors.js";

export const API_DESCRIPTION = `Short video clips whose automatic captions contain a word, with the second it is spoken.
A read-only JSON API over GET; the index behind it changes at most once a day.

## Authentication

Every endpoint except \`GET /v1/corpus\` needs an API key, sent as \`Authorization: Bearer <key>\`.
A key that is missing, unknown or disabled is answered \`401 invalid_key\`. The quota is counted per
account: a second key separates environments but does not add to the allowance.

## Errors

Every error has the same body:

\`\`\`json
{ "error": { "code": "rate_limited", "message": "…", "retryAfter": 12, "requestId": "req-1a" } }
\`\`\`

\`code\` is one of a closed list (${ERROR_CODES.map((c) => `\`${c}\``).join(", ")}); \`message\` says
what was wrong and with which value; \`retryAfter\` (seconds) is present on \`rate_limited\` and \`unavailable\`;
\`requestId\` names the request in the server's logs.

| Status | Code | When |
|---|---|---|
| 400 | invalid_request | A parameter is missing or malformed; a cursor is malformed or was produced under other filters. |
| 401 | invalid_key | The key is missing, unknown or disabled. |
| 404 | not_found | No such clip, or the word is not in the catalogue. |
| 429 | rate_limited | The minute window is full; wait \`retryAfter\` seconds (also in \`Retry-After\`). |
| 429 | quota_exceeded | The month's quota is spent: a state, not a transient error. |
| 503 | unavailable | Keys or quota cannot be checked for a moment; retry after \`retryAfter\` seconds (also in \`Retry-After\`). |

## Limits

Two independent counters guard the API. The **rate limit** counts requests a minute per key (per client
address without a key) in a window aligned to the clock; every response carries its state:

| Header | Meaning |
|---|---|
| X-RateLimit-Limit | Requests allowed in the window |
| X-RateLimit-Remaining | Requests left in the window |
| X-RateLimit-Reset | Unix seconds when the window rolls over |
| Retry-After | Seconds to wait; on 429 \`rate_limited\` and 503 \`unavailable\` only |

On \`rate_limited\`, wait and repeat the request, with exponential backoff and jitter so that a fleet does
not retry in lockstep. The **quota** counts requests a calendar month (UTC) per account; it is not in the
headers but in \`GET /v1/usage\`, which counts against neither limit. On \`quota_exceeded\` stop retrying
until the period ends or the plan changes.

## Pagination

List endpoints take \`limit\` (default 20) and \`cursor\`, and answer \`nextCursor\`. Send \`nextCursor\`
back unchanged as \`cursor\`, with the same filters. Cursors are opaque: never build or parse one; one that
is malformed or used with other filters is answered \`400 invalid_request\`. \`nextCursor: null\` is the
only end condition. Cursors do not expire: a week later one continues where it stopped, in a grown index.

## Caching

Answers that depend only on the index carry an \`ETag\` and \`Cache-Control: private, max-age=${SNAPSHOT_MAX_AGE_S}\`;
send the ETag back in \`If-None-Match\` to get \`304 Not Modified\`. Errors and \`/v1/usage\` are \`no-store\`.

## Versioning

The version is the path prefix \`/v1\`. Within v1 every change is additive: new endpoints, new optional
parameters and new response fields (\`levelSource\`, \`wordsPerMinute\`, \`occurrences=all\` were added
this way); no field changes meaning or type, no default changes, nothing is removed. Ignore fields you do
not know, and read \`occurrences\` as an array of any length. A change that would break a caller comes as
\`/v2\`, served beside \`/v1\`; \`/v1\` then keeps answering for at least twelve months, and its
answers carry \`Deprecation\` and \`Sunset\` headers with the date it stops. Each release is announced
in this reference, whose \`info.version\` (in \`/v1/openapi.json\`) names it.

## Attribution

Playback happens on the video platform, in your own embed (\`embedUrl\`). Link every clip to its
\`watchUrl\` and credit \`channel.name\`.`;

/** The reference's groups, in the order the page shows them. */
export const TAGS: ReadonlyArray<{ name: string; description: string }> = [
  { name: "words", description: "Look a word up: the clips that say it, and the covered vocabulary." },
  { name: "clips", description: "One clip: its metadata and its timed transcript." },
  { name: "feed", description: "A shuffled clip feed, repeatable with a seed." },
  { name: "topics", description: "Topics with clip counts by level." },
  { name: "corpus", description: "What the index holds; public, no key needed." },
  { name: "usage", description: "The calling key's quota state." },
];

/** The contract's one-line purpose of each endpoint, used when a route gives no summary of its own. */
export const ENDPOINT_SUMMARIES: Readonly<Record<string, string>> = {
  "/v1/words": "Search the covered vocabulary",
  "/v1/words/{word}/clips": "Clips that contain a word",
  "/v1/clips/{clipId}": "Clip metadata",
  "/v1/clips/{clipId}/transcript": "Timed transcript and word timings",
  "/v1/topics": "Topics with clip counts by level",
  "/v1/corpus": "Corpus size and coverage",
  "/v1/usage": "Quota state of the calling key",
  "/v1/feed": "Shuffled clip feed",
};

/** What an error status means on this API, for responses a route documents without a description. */
export const STATUS_DESCRIPTIONS: Readonly<Record<string, string>> = {
  "200": "OK",
  "304": "Not Modified: the ETag sent in If-None-Match still matches; the cached answer is current.",
  "400":
    "invalid_request: a parameter is missing or malformed, or a cursor is malformed or was produced under other filters.",
  "401": "invalid_key: the API key is missing, unknown or disabled.",
  "404": "not_found: no such resource.",
  "405": "method_not_allowed: this API is read-only; use GET.",
  "429":
    "rate_limited: the minute window is full (wait Retry-After seconds), or quota_exceeded: the month's quota is spent.",
  "500": "internal: the server failed; the failure is logged under the requestId.",
  "503":
    "not_ready: the server cannot answer yet, or unavailable: keys or quota cannot be checked for a moment (wait Retry-After seconds).",
};
