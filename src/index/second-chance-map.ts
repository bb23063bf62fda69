/**
 * A map bounded by a byte budget whose eviction approximates least recently used at the cost of one field
 * written a hit ("second chance"): the oldest entry goes out unless it was asked for since it last came
 * to the back, in which case it goes to the back again. Exact order would move an entry to the back of
 * the map on every hit, a delete and an insert that also leave the map's table to be compacted and grown
 * again: on a cached answer, about a tenth of the server's CPU.
 */

interface Held<V> {
  value: V;
  bytes: number;
  asked: boolean;
}

export class SecondChanceMap<K, V> {
  readonly #held = new Map<K, Held<V>>();
  readonly #budgetBytes: number;
  #bytes = 0;

  constructor(budgetBytes: number) {
    this.#budgetBytes = budgetBytes;
  }

  /** Bytes of the entries held, as `set` counted them. */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#held.size;
  }

  has(key: K): boolean {
    return this.#held.has(key);
  }

  /** The value, marked as asked for; undefined when not held. */
  get(key: K): V | undefined {
    const entry = this.#held.get(key);
    if (entry === undefined) return undefined;
    entry.asked = true;
    return entry.value;
  }

  /** Holds `value`, counted as `bytes`, in place of any value of `key`, then evicts until within the budget. */
  set(key: K, value: V, bytes: number): void {
    const before = this.#held.get(key);
    if (before !== undefined) {
      this.#held.delete(key);
      this.#bytes -= before.bytes;
    }
    this.#held.set(key, { value, bytes, asked: false });
    this.#bytes += bytes;
    while (this.#bytes > this.#budgetBytes && this.#held.size > 1) {
      const [oldKey, old] = this.#held.entries().next().value as [K, Held<V>];
      this.#held.delete(oldKey);
      if (old.asked) {
        old.asked = false;
        this.#held.set(oldKey, old);
      } else this.#bytes -= old.bytes;
    }
  }
}
