/**
 * Posting blocks of one snapshot kept in memory within a byte budget, about the least recently used out
 * (`second-chance-map.ts`): a hot word's blocks serve every variant of its lookup (level filters, gloss
 * languages, later pages) without a statement, and their occurrence heap is inflated once. Snapshots are
 * immutable, so nothing is ever stale; each snapshot has its own cache, dropped with it.
 */
import { BlockOccurrences, decodedBytes } from "../snapshot/posting-block.js";
import { SecondChanceMap } from "./second-chance-map.js";

/** A block as read from the snapshot, with its occurrences (whose heap is inflated on first use). */
export interface CachedBlock {
  readonly block: Buffer;
  readonly occurrences: BlockOccurrences;
}

/**
 * Memory for posting blocks per snapshot by default (a server takes `WORDCLIP_BLOCK_CACHE_MB`, whose
 * default is the same): the blocks of some ten thousand hot words and filters. The benchmarks' realistic
 * mix of 22,340 distinct lookups reads 12,815 blocks; 16 MB held 3,500 of them.
 */
export const BLOCK_CACHE_BYTES = 64 * 1024 * 1024;

export class BlockCache {
  readonly #blocks: SecondChanceMap<number, CachedBlock>;
  readonly #budgetBytes: number;

  constructor(budgetBytes = BLOCK_CACHE_BYTES) {
    this.#budgetBytes = budgetBytes;
    this.#blocks = new SecondChanceMap(budgetBytes);
  }

  get bytes(): number {
    return this.#blocks.bytes;
  }

  get size(): number {
    return this.#blocks.size;
  }

  /** The block by its id, marked as asked for; undefined when not held. */
  get(id: number): CachedBlock | undefined {
    return this.#blocks.get(id);
  }

  /** Holds a block just read, counting its stored and its inflated bytes, and returns it ready to use. */
  add(id: number, block: Buffer): CachedBlock {
    const held = this.#blocks.get(id);
    if (held !== undefined) return held;
    const cached = { block, occurrences: new BlockOccurrences(block) };
    const bytes = decodedBytes(block);
    if (bytes <= this.#budgetBytes) this.#blocks.set(id, cached, bytes);
    return cached;
  }
}
