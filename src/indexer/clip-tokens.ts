/**
 * A clip's part of the positional index, prepared where the clip is processed (a parse worker) so the
 * writing thread neither hashes token strings nor counts positions: every distinct token the clip speaks,
 * in order of first appearance, as an id of the processing thread's token dictionary, with how often it is
 * spoken and its positions in the clip's token stream as the token index stages them (unsigned LEB128
 * varints, `snapshot/token-block.ts`). A dictionary's tokens are named once, by the first clip that
 * speaks them, so the writing thread must see every clip a dictionary processed, in processing order.
 */
import { threadId } from "node:worker_threads";
import { TokenSlots } from "./token-slots.js";

let dictionaries = 0;

/**
 * Token → id, for the clips of one language that one thread processes during one build. Every token met is
 * first given a slot (`slotOf`): the catalogue matcher keys its spellings by slot too (`spoken-matcher.ts`),
 * so one hash lookup a spoken token serves both. A slot is named with an id only when a clip kept for the
 * snapshot speaks it (`clipTokensOfSlots`), in order of first appearance.
 */
export class TokenDictionary {
  /** Unique in the process: the thread and the dictionary's number on it. */
  readonly source = `${threadId}.${dictionaries++}`;
  readonly #slots = new TokenSlots();
  /** By slot: the token as a JSON string, once asked for (`jsonOf`). */
  readonly #json: Array<string | undefined> = [];
  /** By slot: the token's id, −1 while no clip kept has spoken it. */
  #idOfSlot = new Int32Array(1024).fill(-1);
  #size = 0;

  /** Scratch for `clipTokens`, by token id: the clip it was last met in, and its index in that clip. */
  #clipOf = new Int32Array(1024).fill(-1);
  #indexInClip = new Int32Array(1024);
  #clips = 0;

  /** Tokens named with an id. */
  get size(): number {
    return this.#size;
  }

  /** The token's slot; a token met for the first time takes the next slot. */
  slotOf(token: string): number {
    const slot = this.#slots.slotOf(token);
    this.#roomForSlots();
    return slot;
  }

  /** `slotOf` of each of the first `count` tokens, `token(i)` giving the i-th, into `out`. */
  slotsOf(count: number, token: (i: number) => string, out: Int32Array): void {
    this.#slots.slotsOf(count, token, out);
    this.#roomForSlots();
  }

  #roomForSlots(): void {
    const slots = this.#slots.size;
    if (slots <= this.#idOfSlot.length) return;
    let size = this.#idOfSlot.length * 2;
    while (size < slots) size *= 2;
    const grown = new Int32Array(size).fill(-1);
    grown.set(this.#idOfSlot);
    this.#idOfSlot = grown;
  }

  /** The token of a slot. */
  nameOf(slot: number): string {
    return this.#slots.nameOf(slot);
  }

  /** The slot's token as a JSON string. */
  jsonOf(slot: number): string {
    let json = this.#json[slot];
    if (json === undefined) {
      json = JSON.stringify(this.#slots.nameOf(slot));
      this.#json[slot] = json;
    }
    return json;
  }

  /** The slot's id; a slot named for the first time takes the next id. */
  idOfSlot(slot: number): number {
    let id = this.#idOfSlot[slot] as number;
    if (id === -1) {
      id = this.#size++;
      this.#idOfSlot[slot] = id;
    }
    return id;
  }

  /** A number for the next clip read, and the scratch arrays with room for every id so far. */
  scratch(): { clip: number; clipOf: Int32Array; indexInClip: Int32Array } {
    if (this.#clipOf.length < this.#size) {
      let size = this.#clipOf.length * 2;
      while (size < this.#size) size *= 2;
      const clipOf = new Int32Array(size).fill(-1);
      clipOf.set(this.#clipOf);
      this.#clipOf = clipOf;
      const indexInClip = new Int32Array(size);
      indexInClip.set(this.#indexInClip);
      this.#indexInClip = indexInClip;
    }
    return { clip: this.#clips++, clipOf: this.#clipOf, indexInClip: this.#indexInClip };
  }

  /** The token's id; a token met for the first time takes the next id. */
  idOf(token: string): number {
    return this.idOfSlot(this.slotOf(token));
  }
}

export interface ClipTokens {
  /** The dictionary the ids are of (`TokenDictionary.source`). */
  source: string;
  /** The dictionary's size before this clip: the id of the first token in `added`. */
  firstAdded: number;
  /** Tokens the dictionary met first in this clip, in order of their ids, separated by single spaces. */
  added: string;
  /** Per distinct token, in order of first appearance: its id in the dictionary. */
  ids: Uint32Array;
  /** Per distinct token: how many times the clip speaks it. */
  counts: Uint32Array;
  /** Per distinct token: where its bytes in `positions` end (each starts where the one before ends). */
  ends: Uint32Array;
  /** Per distinct token, back to back: its count, then each of its positions, as varints. */
  positions: Uint8Array;
}

/** Bytes of a varint of a value below 2^32 (a position, a count). */
function varintBytes(value: number): number {
  let bytes = 1;
  for (let v = value >>> 7; v !== 0; v >>>= 7) bytes++;
  return bytes;
}

function writeVarint(out: Uint8Array, at: number, value: number): number {
  let i = at;
  let v = value;
  while (v >= 0x80) {
    out[i++] = (v & 0x7f) | 0x80;
    v >>>= 7;
  }
  out[i++] = v;
  return i;
}

/** The normalised tokens a clip speaks, in order, as its part of the positional index. */
export function clipTokens(tokens: readonly string[], dictionary: TokenDictionary): ClipTokens {
  const slots = new Int32Array(tokens.length);
  dictionary.slotsOf(tokens.length, (i) => tokens[i] as string, slots);
  return clipTokensOfSlots(slots, tokens.length, dictionary);
}

/** As `clipTokens`, from the first `count` tokens' slots in `dictionary` (`slotOf`). */
export function clipTokensOfSlots(slots: Int32Array, count: number, dictionary: TokenDictionary): ClipTokens {
  const firstAdded = dictionary.size;
  const added: string[] = [];
  const which = new Uint32Array(count);
  for (let position = 0; position < count; position++) {
    const slot = slots[position] as number;
    const id = dictionary.idOfSlot(slot);
    if (id === firstAdded + added.length) added.push(dictionary.nameOf(slot));
    which[position] = id;
  }
  // Each distinct id's index in the clip, in order of first appearance, marked in the dictionary's scratch.
  const { clip, clipOf, indexInClip } = dictionary.scratch();
  const ids: number[] = [];
  for (let position = 0; position < count; position++) {
    const id = which[position] as number;
    if (clipOf[id] !== clip) {
      clipOf[id] = clip;
      indexInClip[id] = ids.length;
      ids.push(id);
    }
    which[position] = indexInClip[id] as number;
  }
  const counts = new Uint32Array(ids.length);
  const sizes = new Uint32Array(ids.length);
  for (let position = 0; position < count; position++) {
    const k = which[position] as number;
    counts[k] = (counts[k] as number) + 1;
    sizes[k] = (sizes[k] as number) + varintBytes(position);
  }
  const ends = new Uint32Array(ids.length);
  const at = new Uint32Array(ids.length);
  let total = 0;
  for (let k = 0; k < ids.length; k++) {
    const times = counts[k] as number;
    at[k] = total;
    total += varintBytes(times) + (sizes[k] as number);
    ends[k] = total;
  }
  const positions = new Uint8Array(total);
  for (let k = 0; k < ids.length; k++) at[k] = writeVarint(positions, at[k] as number, counts[k] as number);
  for (let position = 0; position < count; position++) {
    const k = which[position] as number;
    at[k] = writeVarint(positions, at[k] as number, position);
  }
  return {
    source: dictionary.source,
    firstAdded,
    added: added.join(" "),
    ids: Uint32Array.from(ids),
    counts,
    ends,
    positions,
  };
}
