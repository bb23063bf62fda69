/**
 * The positional index's values as clips bring them (`token-index.ts`), in one log: each clip's positions
 * as the clip prepared them (`clip-tokens.ts`), and per distinct token of the clip its token id and where
 * its bytes end. Adding a clip writes only to the ends of the log; the values are grouped by token (a
 * counting sort) when they are spilled or read, instead of token by token as clips come.
 */

/** Bytes of the varint of a value below 2^32. */
function varintBytes(value: number): number {
  let bytes = 1;
  for (let v = value >>> 7; v !== 0; v >>>= 7) bytes++;
  return bytes;
}

function grown<T extends Uint8Array | Int32Array | Uint32Array>(
  array: T,
  size: number,
  make: (n: number) => T,
): T {
  if (size <= array.length) return array;
  let length = array.length * 2;
  while (length < size) length *= 2;
  const copy = make(length);
  copy.set(array);
  return copy;
}

/** The log's values by token: token `id`'s are `data[from[id] … from[id + 1])`. */
export interface GroupedValues {
  data: Uint8Array;
  from: Uint32Array;
}

export class TokenLog {
  #bytes = new Uint8Array(1 << 16);
  #byteLength = 0;
  /** Per entry (a token of a clip): its token id and where its bytes end in the log. */
  #entryIds = new Int32Array(1 << 12);
  #entryEnds = new Uint32Array(1 << 12);
  #entries = 0;
  /** Per clip: its number, and its first entry (and at the end, the entry count). */
  #clipNos = new Int32Array(1 << 10);
  #clipEntries = new Int32Array(1 << 10);
  #clips = 0;

  /**
   * One clip's values: its `count` distinct tokens' ids, where each one's bytes of `positions` end (each
   * starting where the one before ends): its count, then its positions, as varints.
   */
  add(clipNo: number, ids: Int32Array, count: number, ends: Uint32Array, positions: Uint8Array): void {
    const at = this.#byteLength;
    this.#bytes = grown(this.#bytes, at + positions.length, (n) => new Uint8Array(n));
    this.#bytes.set(positions, at);
    this.#byteLength = at + positions.length;
    const first = this.#entries;
    this.#entryIds = grown(this.#entryIds, first + count, (n) => new Int32Array(n));
    this.#entryEnds = grown(this.#entryEnds, first + count, (n) => new Uint32Array(n));
    for (let k = 0; k < count; k++) {
      this.#entryIds[first + k] = ids[k] as number;
      this.#entryEnds[first + k] = at + (ends[k] as number);
    }
    this.#entries = first + count;
    this.#clipNos = grown(this.#clipNos, this.#clips + 2, (n) => new Int32Array(n));
    this.#clipEntries = grown(this.#clipEntries, this.#clips + 2, (n) => new Int32Array(n));
    this.#clipNos[this.#clips] = clipNo;
    this.#clipEntries[this.#clips] = first;
    this.#clips++;
  }

  /**
   * The values of tokens `0 … tokens` grouped by token, each token's clips in the order added: per clip,
   * the clip's number as a varint, then the token's bytes of the clip.
   */
  grouped(tokens: number): GroupedValues {
    const entryIds = this.#entryIds;
    const entryEnds = this.#entryEnds;
    const clips = this.#clips;
    this.#clipEntries[clips] = this.#entries;
    const from = new Uint32Array(tokens + 1);
    let start = 0;
    for (let c = 0; c < clips; c++) {
      const clipBytes = varintBytes(this.#clipNos[c] as number);
      for (let e = this.#clipEntries[c] as number; e < (this.#clipEntries[c + 1] as number); e++) {
        const id = entryIds[e] as number;
        const end = entryEnds[e] as number;
        from[id + 1] = (from[id + 1] as number) + clipBytes + (end - start);
        start = end;
      }
    }
    for (let id = 0; id < tokens; id++) from[id + 1] = (from[id + 1] as number) + (from[id] as number);
    const cursor = from.slice(0, tokens);
    const data = new Uint8Array(from[tokens] as number);
    const bytes = this.#bytes;
    start = 0;
    for (let c = 0; c < clips; c++) {
      const clipNo = this.#clipNos[c] as number;
      for (let e = this.#clipEntries[c] as number; e < (this.#clipEntries[c + 1] as number); e++) {
        const id = entryIds[e] as number;
        const end = entryEnds[e] as number;
        let at = cursor[id] as number;
        let v = clipNo >>> 0;
        while (v >= 0x80) {
          data[at++] = (v & 0x7f) | 0x80;
          v >>>= 7;
        }
        data[at++] = v;
        if (end - start > 32) data.set(bytes.subarray(start, end), at);
        else for (let i = start, j = at; i < end; i++, j++) data[j] = bytes[i] as number;
        cursor[id] = at + (end - start);
        start = end;
      }
    }
    return { data, from };
  }

  /** Empties the log. */
  clear(): void {
    this.#byteLength = 0;
    this.#entries = 0;
    this.#clips = 0;
  }
}
