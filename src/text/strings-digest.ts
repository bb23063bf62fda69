/**
 * A 32-bit FNV-1a digest of a list of strings, in order: what a structure built elsewhere checks that it
 * was built from the same list, in the same order, as the one it is offered to.
 */
export function stringsDigest(strings: readonly string[]): number {
  let hash = 0x811c9dc5;
  for (const s of strings) {
    for (let i = 0; i < s.length; i++) {
      hash ^= s.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
    // A separator no string holds, so ["ab", "c"] and ["a", "bc"] differ.
    hash ^= 0xffff;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
