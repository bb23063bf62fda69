/**
 * A small seeded random source (sfc32). Each clip draws from its own stream, seeded from the corpus seed
 * and the clip number, so clip 5,000 is the same whether 5,000 or 1,000,000 clips are generated.
 */
import { createHash } from "node:crypto";

export class Random {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  /** A stream for `parts` (the corpus seed, then whatever names the stream: a clip number, a purpose). */
  constructor(...parts: (string | number)[]) {
    const digest = createHash("sha256").update(parts.join("\u0000")).digest();
    this.#a = digest.readUInt32LE(0);
    this.#b = digest.readUInt32LE(4);
    this.#c = digest.readUInt32LE(8);
    this.#d = digest.readUInt32LE(12);
    // The first outputs of a fresh sfc32 state are poorly mixed; skip them.
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    const a = this.#a;
    const b = this.#b;
    const c = this.#c;
    const d = this.#d;
    const t = (((a + b) | 0) + d) | 0;
    this.#d = (d + 1) | 0;
    this.#a = b ^ (b >>> 9);
    this.#b = (c + (c << 3)) | 0;
    const rotated = (c << 21) | (c >>> 11);
    this.#c = (rotated + t) | 0;
    return (t >>> 0) / 4_294_967_296;
  }

  /** An integer from `min` to `max`, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("cannot pick from an empty list");
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** An index drawn with the given (non-negative, not all zero) weights. */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    if (!(total > 0)) throw new RangeError(`weights must have a positive sum, got [${weights.join(", ")}]`);
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i] as number;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }
}
