/**
 * Posting blocks of one snapshot kept in memory, least recently used out, within a byte budget: a hot
 * word's blocks serve every variant of its lookup (level filters, gloss languages, later pages) without a
 * statement, and their occurrence heap is inflated once. Snapshots are immutable, so nothing is ever stale;
 * each snapshot has its own cache, dropped with it.
 */
import { BlockOccurrences, decodedBytes } from "../snapshot/posting-block.js";

/** A block as read from the snapshot, with its occurrences (whose heap is inflated on first use). */
export interface CachedBlock {
  readonly block: Buffer;
  readonly occurrences: BlockOccurrences;
}

/** Memory for posting blocks per snapshot: the blocks of a few thousand hot words. */
export const BLOCK_CACHE_BYTES = 16 * 1024 * 1024;

export class BlockCache {
  readonly #blocks = new Map<number, CachedBlock>();
  readonly #budgetBytes: number;
  #bytes = 0;

  constructor(budgetBytes = BLOCK_CACHE_BYTES) {
    this.#budgetBytes = budgetBytes;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#blocks.size;
  }

  /** The block by its id, marked as just used; undefined when not held. */
  get(id: number): CachedBlock | undefined {
    const held = this.#blocks.get(id);
    if (held !== undefined) {
      this.#blocks.delete(id);
      this.#blocks.set(id, held);
    }
    return held;
  }

  /** Holds a block just read, counting its stored and its inflated bytes, and returns it ready to use. */
  add(id: number, block: Buffer): CachedBlock {
    const held = this.#blocks.get(id);
    if (held !== undefined) return held;
    const cached = { block, occurrences: new BlockOccurrences(block) };
    const bytes = decodedBytes(block);
    if (bytes > this.#budgetBytes) return cached;
    this.#blocks.set(id, cached);
    this.#bytes += bytes;
    for (const [oldest, old] of this.#blocks) {
      if (this.#bytes <= this.#budgetBytes) break;
      this.#blocks.delete(oldest);
      this.#bytes -= decodedBytes(old.block);
    }
    return cached;
  }
}
