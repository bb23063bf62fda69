/**
 * The positional index as read from the snapshot: the id and clip count of a spoken token, and a cursor
 * that walks a token's blocks from the newest clip to the oldest, seeking past blocks it does not need.
 */
import type Database from "better-sqlite3";
import { decodeTokenBlock, type TokenList } from "../snapshot/token-block.js";

export interface SpokenToken {
  tokenId: number;
  token: string;
  /** Clips that say it. */
  clips: number;
}

export class PhraseIndex {
  /** False for a snapshot written before the positional index existed. */
  readonly available: boolean;
  readonly #token: Database.Statement | undefined;
  readonly #blocks: Database.Statement | undefined;
  readonly #blockAt: Database.Statement | undefined;

  constructor(db: Database.Database) {
    this.available =
      db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'token_postings'").get() !==
      undefined;
    if (!this.available) return;
    this.#token = db.prepare("SELECT token_id, clips FROM tokens WHERE language = ? AND token = ?").raw();
    this.#blocks = db
      .prepare("SELECT min_key, data FROM token_postings WHERE token_id = ? ORDER BY min_key DESC")
      .raw();
    this.#blockAt = db
      .prepare(
        "SELECT min_key, data FROM token_postings WHERE token_id = ? AND min_key <= ? ORDER BY min_key DESC LIMIT 1",
      )
      .raw();
  }

  token(language: string, token: string): SpokenToken | undefined {
    const row = this.#token?.get(language, token) as [number, number] | undefined;
    return row && { tokenId: row[0], token, clips: row[1] };
  }

  /** Every block of a token, newest first. */
  *blocks(tokenId: number): Generator<TokenList> {
    if (this.#blocks === undefined) return;
    for (const row of this.#blocks.iterate(tokenId) as Iterable<[number, Buffer]>) {
      yield decodeTokenBlock(row[1]);
    }
  }

  /** A cursor over one token's clips; keys must be asked for newest first. */
  cursor(tokenId: number): TokenCursor {
    return new TokenCursor(this.#blockAt as Database.Statement, tokenId);
  }
}

/** Finds a token's positions in given clips, asked for in decreasing key order: a seek per block needed. */
export class TokenCursor {
  readonly #blockAt: Database.Statement;
  readonly #tokenId: number;
  #block: TokenList | undefined;
  #minKey = Number.POSITIVE_INFINITY;
  #at = 0;

  constructor(blockAt: Database.Statement, tokenId: number) {
    this.#blockAt = blockAt;
    this.#tokenId = tokenId;
  }

  /**
   * Moves to the clip with this key: its index in `list` (its positions are
   * `list.positions[list.starts[i] … list.starts[i + 1])`), or -1 when the clip does not say the token.
   */
  find(key: number): number {
    if (key < this.#minKey) {
      const row = this.#blockAt.get(this.#tokenId, key) as [number, Buffer] | undefined;
      if (row === undefined) {
        this.#block = undefined;
        this.#minKey = Number.NEGATIVE_INFINITY;
        return -1;
      }
      this.#minKey = row[0];
      this.#block = decodeTokenBlock(row[1]);
      this.#at = 0;
    }
    const block = this.#block;
    if (block === undefined) return -1;
    const keys = block.keys;
    while (this.#at < keys.length && (keys[this.#at] as number) > key) this.#at++;
    return keys[this.#at] === key ? this.#at : -1;
  }

  /** The block `find` last moved to. */
  get list(): TokenList {
    return this.#block as TokenList;
  }
}
