/**
 * HTTP caching of answers that depend only on the snapshot and the query: a weak ETag of both, so
 * `If-None-Match` is answered 304 before the index is touched, and a max-age that a daily index allows.
 */

/** The index changes at most once a day; an hour keeps clients fresh within a build cycle. */
export const SNAPSHOT_MAX_AGE_S = 3600;

/**
 * The build id (a hash of every byte the snapshot serves) and a short hash of the URL. The answer to a
 * URL changes only with the snapshot; the URL part keeps different queries' tags apart. No cryptographic
 * hash is needed: a tag is only compared with the tag the server gave for the same URL.
 */
export function snapshotEtag(buildId: string, url: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < url.length; i++) {
    hash ^= url.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `W/"${buildId.slice(0, 16)}-${(hash >>> 0).toString(36)}"`;
}

/** True when an `If-None-Match` header names the ETag (or `*`). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === bare;
  });
}
