/**
 * Token → slot: a number for every distinct token a thread meets, in order of first meeting. An open
 * addressing table of the tokens' own 32-bit hashes rather than a Map: a clip's tokens are hashed first,
 * then their first probes read together, so the cache misses of a large table overlap instead of coming
 * one token after another.
 */

/** FNV-1a over the UTF-16 code units. */
function hashOf(token: string): number {
  let hash = 0x811c9dc5 | 0;
  for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193);
  return hash;
}

export class TokenSlots {
  readonly #names: string[] = [];
  /** By slot: its token's hash. */
  #hashes = new Int32Array(1024);
  /** Open addressing, linear probing: slot + 1 per bucket, 0 when empty; at most half full. */
  #table = new Int32Array(2048);
  #mask = 2047;
  /** Scratch of `slotsOf`: each token's hash. */
  #scratch = new Int32Array(1024);

  /** Slots given. */
  get size(): number {
    return this.#names.length;
  }

  /** The token of a slot. */
  nameOf(slot: number): string {
    return this.#names[slot] as string;
  }

  /** The token's slot; a token met for the first time takes the next slot. */
  slotOf(token: string): number {
    const hash = hashOf(token);
    return this.#find(token, hash, this.#table[hash & this.#mask] as number, hash & this.#mask);
  }

  /** `slotOf` of each of the first `count` tokens, `token(i)` giving the i-th, into `out`. */
  slotsOf(count: number, token: (i: number) => string, out: Int32Array): void {
    if (this.#scratch.length < count) this.#scratch = new Int32Array(count * 2);
    const hashes = this.#scratch;
    for (let i = 0; i < count; i++) hashes[i] = hashOf(token(i));
    // The first probe of every token before any is compared: the loads do not wait on one another.
    const table = this.#table;
    const mask = this.#mask;
    for (let i = 0; i < count; i++) out[i] = table[(hashes[i] as number) & mask] as number;
    // Once a token is added, the table has changed: the probes read before are probed again.
    const size = this.size;
    for (let i = 0; i < count; i++) {
      const hash = hashes[i] as number;
      const at = hash & this.#mask;
      const entry = this.size === size ? (out[i] as number) : (this.#table[at] as number);
      out[i] = this.#find(token(i), hash, entry, at);
    }
  }

  /** The slot of `token` from bucket `at` on, whose entry is `entry`; added when not there. */
  #find(token: string, hash: number, entry: number, at: number): number {
    let bucket = at;
    for (let e = entry; e !== 0; e = this.#table[bucket] as number) {
      if (this.#hashes[e - 1] === hash && this.#names[e - 1] === token) return e - 1;
      bucket = (bucket + 1) & this.#mask;
    }
    return this.#add(token, hash, bucket);
  }

  #add(token: string, hash: number, bucket: number): number {
    const slot = this.#names.length;
    this.#names.push(token);
    if (slot === this.#hashes.length) {
      const grown = new Int32Array(slot * 2);
      grown.set(this.#hashes);
      this.#hashes = grown;
    }
    this.#hashes[slot] = hash;
    if (2 * (slot + 1) > this.#table.length) this.#grow();
    else this.#table[bucket] = slot + 1;
    return slot;
  }

  /** Twice the buckets, every slot placed again (the one just added too). */
  #grow(): void {
    const table = new Int32Array(this.#table.length * 2);
    const mask = table.length - 1;
    for (let slot = 0; slot < this.#names.length; slot++) {
      let bucket = (this.#hashes[slot] as number) & mask;
      while (table[bucket] !== 0) bucket = (bucket + 1) & mask;
      table[bucket] = slot + 1;
    }
    this.#table = table;
    this.#mask = mask;
  }
}
