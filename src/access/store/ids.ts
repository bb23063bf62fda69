/** Public ids of accounts and keys: short, prefixed by kind, distinct from any secret. */
import { randomBase62 } from "./random.js";

/** 12 base62 characters, about 71 bits: no collision in any realistic number of accounts or keys. */
const ID_LENGTH = 12;

export function newAccountId(): string {
  return `acc_${randomBase62(ID_LENGTH)}`;
}

export function newKeyId(): string {
  return `key_${randomBase62(ID_LENGTH)}`;
}
