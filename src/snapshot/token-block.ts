/**
 * The positional index as the snapshot stores it: for every spoken token (catalogue word or not), the clips
 * that say it and where in each clip's token stream, in blocks of up to TOKEN_BLOCK_CLIPS clips, newest
 * first. Positions, not times: a phrase is found by positions alone, and the few hits of a page take their
 * times and cues from the transcript they are read with anyway, which keeps the index at about one byte an
 * occurrence.
 *
 * Layout, unsigned LEB128 varints throughout: n; the newest recentKey, then n − 1 decreasing differences;
 * n level bytes; then per clip the count of positions, the first position and the differences to the next.
 */

export const TOKEN_BLOCK_CLIPS = 128;

/** A run of clips of one token, newest first. Clip `i`'s positions are `positions[starts[i] … starts[i + 1])`. */
export interface TokenList {
  keys: Float64Array;
  levels: Uint8Array;
  starts: Int32Array;
  positions: Int32Array;
}

/** A growable byte buffer that writes varints; values up to 2^53. */
export class VarintWriter {
  #bytes = new Uint8Array(256);
  #length = 0;

  get length(): number {
    return this.#length;
  }

  uint(value: number): void {
    if (this.#length + 8 > this.#bytes.length) {
      const grown = new Uint8Array(this.#bytes.length * 2);
      grown.set(this.#bytes.subarray(0, this.#length));
      this.#bytes = grown;
    }
    let v = value;
    while (v >= 0x80) {
      this.#bytes[this.#length++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.#bytes[this.#length++] = v;
  }

  /** A copy of the bytes written. */
  toBuffer(): Buffer {
    return Buffer.from(this.#bytes.subarray(0, this.#length));
  }

  reset(): void {
    this.#length = 0;
  }
}

/** Reads varints from a byte array, from the front. */
export class VarintReader {
  readonly #bytes: Uint8Array;
  #at = 0;

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
  }

  get done(): boolean {
    return this.#at >= this.#bytes.length;
  }

  uint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.#bytes[this.#at++];
      if (byte === undefined) throw new RangeError("varint runs past the end of the block");
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  }

  byte(): number {
    const byte = this.#bytes[this.#at++];
    if (byte === undefined) throw new RangeError("byte past the end of the block");
    return byte;
  }
}

/** Encodes clips `order[from … to)` of `list` (an index permutation, newest first) as one block. */
export function encodeTokenBlock(
  list: TokenList,
  order: ArrayLike<number>,
  from: number,
  to: number,
): Buffer {
  const out = new VarintWriter();
  out.uint(to - from);
  let previous = 0;
  for (let j = from; j < to; j++) {
    const key = list.keys[order[j] as number] as number;
    out.uint(j === from ? key : previous - key);
    previous = key;
  }
  for (let j = from; j < to; j++) out.uint(list.levels[order[j] as number] as number);
  for (let j = from; j < to; j++) {
    const i = order[j] as number;
    const start = list.starts[i] as number;
    const end = list.starts[i + 1] as number;
    out.uint(end - start);
    let last = 0;
    for (let p = start; p < end; p++) {
      const position = list.positions[p] as number;
      out.uint(p === start ? position : position - last);
      last = position;
    }
  }
  return out.toBuffer();
}

export function decodeTokenBlock(block: Uint8Array): TokenList {
  const input = new VarintReader(block);
  const n = input.uint();
  const keys = new Float64Array(n);
  const levels = new Uint8Array(n);
  const starts = new Int32Array(n + 1);
  let key = 0;
  for (let i = 0; i < n; i++) {
    key = i === 0 ? input.uint() : key - input.uint();
    keys[i] = key;
  }
  for (let i = 0; i < n; i++) levels[i] = input.uint();
  // Every position takes a byte at least: the block's length bounds their number.
  const positions = new Int32Array(block.length);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const count = input.uint();
    let position = 0;
    for (let c = 0; c < count; c++) {
      position = c === 0 ? input.uint() : position + input.uint();
      positions[at++] = position;
    }
    starts[i + 1] = at;
  }
  return { keys, levels, starts, positions: positions.subarray(0, at) };
}
