/**
 * The positional index's tokens handed out in batches to be encoded as blocks (`snapshot/token-block.ts`),
 * on worker threads while the writing thread reads the next: a batch is the staged values of a run of
 * tokens, with the clips they name, and comes back as each token's blocks with their min keys.
 */
import { encodeTokenBlock, TOKEN_BLOCK_CLIPS, type TokenList } from "../snapshot/token-block.js";
import { packHeaps } from "./packed.js";

/** The clips of the index by their number: key, level and rank (0 for the newest). */
export interface TokenClips {
  keys: Float64Array;
  levels: Uint8Array;
  rank: Int32Array;
}

/**
 * Tokens `firstId …` in id order: each one's staged values (clip number, count, positions… per clip) back
 * to back in `data`, where each token's end, and how many clips each has.
 */
export interface TokenBatch {
  firstId: number;
  clips: TokenClips;
  data: Uint8Array;
  ends: Uint32Array;
  counts: Int32Array;
}

/** A batch's blocks: how many each token has, and per block its min key and bytes (back to back). */
export interface EncodedTokens {
  blocks: Int32Array;
  minKeys: Float64Array;
  data: Uint8Array;
  ends: Uint32Array;
}

/** Encodes a batch of tokens' blocks (elsewhere: on worker threads). */
export type TokenEncoder = (batch: TokenBatch) => Promise<EncodedTokens>;

/** Every token of the batch as its blocks (`snapshot/token-block.ts`), newest first. */
export function encodeTokens(batch: TokenBatch): EncodedTokens {
  const tokens = batch.counts.length;
  const blocks = new Int32Array(tokens);
  const minKeys: number[] = [];
  const encoded: Buffer[] = [];
  for (let t = 0; t < tokens; t++) {
    const clips = batch.counts[t] as number;
    const from = t === 0 ? 0 : (batch.ends[t - 1] as number);
    const list = tokenList(batch.data.subarray(from, batch.ends[t] as number), clips, batch.clips);
    for (let first = 0; first < clips; first += TOKEN_BLOCK_CLIPS) {
      const to = Math.min(clips, first + TOKEN_BLOCK_CLIPS);
      minKeys.push(list.keys[list.order[to - 1] as number] as number);
      encoded.push(encodeTokenBlock(list, list.order, first, to));
      blocks[t] = (blocks[t] as number) + 1;
    }
  }
  const { data, ends } = packHeaps(encoded);
  return { blocks, minKeys: Float64Array.from(minKeys), data, ends };
}

/** A token's staged values as a list, and its order by key (newest first). */
function tokenList(part: Uint8Array, clips: number, shared: TokenClips): TokenList & { order: Float64Array } {
  const keys = new Float64Array(clips);
  const levels = new Uint8Array(clips);
  const starts = new Int32Array(clips + 1);
  let positions = new Int32Array(64);
  // Rank × a power of two above the clip count, plus the clip's index: sorted as numbers, newest first.
  let scale = 1;
  while (scale <= clips) scale *= 2;
  const order = new Float64Array(clips);
  let i = 0;
  let p = 0;
  const length = part.length;
  let at = 0;
  while (at < length) {
    // Varints; a byte past the end reads as 0, which ends the varint, and the part is refused below. Each
    // byte's weight is the last one's times 128, not `2 ** shift`, a call to pow a byte: with it, this
    // function took 1.5 s of each worker's CPU over 100,000 clips, without it 0.8 s.
    let clipNo = 0;
    for (let weight = 1; ; weight *= 128) {
      const byte = part[at++] ?? 0;
      clipNo += (byte & 0x7f) * weight;
      if (byte < 0x80) break;
    }
    let count = 0;
    for (let weight = 1; ; weight *= 128) {
      const byte = part[at++] ?? 0;
      count += (byte & 0x7f) * weight;
      if (byte < 0x80) break;
    }
    if (at > length || i >= clips) throw new RangeError("token index: a token's staged values do not add up");
    keys[i] = shared.keys[clipNo] as number;
    levels[i] = shared.levels[clipNo] as number;
    order[i] = (shared.rank[clipNo] as number) * scale + i;
    if (p + count > positions.length) {
      let size = positions.length * 2;
      while (size < p + count) size *= 2;
      const grown = new Int32Array(size);
      grown.set(positions.subarray(0, p));
      positions = grown;
    }
    for (let c = 0; c < count; c++) {
      let byte = part[at++] ?? 0;
      let position = byte & 0x7f;
      for (let weight = 128; byte >= 0x80; weight *= 128) {
        byte = part[at++] ?? 0;
        position += (byte & 0x7f) * weight;
      }
      positions[p++] = position;
    }
    if (at > length) throw new RangeError("token index: a token's staged values do not add up");
    starts[++i] = p;
  }
  if (i !== clips) throw new Error("token index: a token's staged clips do not add up");
  order.sort();
  for (let j = 0; j < clips; j++) order[j] = (order[j] as number) % scale;
  return { keys, levels, starts, positions: positions.subarray(0, p), order };
}
