/**
 * A word's postings cut into blocks (`snapshot/posting-block.ts`), in batches whose heaps are deflated
 * together (on worker threads), with each block's levels counted into the posting directory.
 */
import { BLOCK_POSTINGS, blockParts } from "../snapshot/posting-block.js";
import { blockId, DIRECTORY_LEVELS, type DirectoryWriter } from "../snapshot/posting-directory.js";
import type { PostingGroup } from "./posting-sorter.js";

/** Heap bytes of the posting blocks deflated together. */
const DEFLATE_BATCH_BYTES = 512 * 1024;

/** Posting blocks whose heaps are still to be deflated: ids, header and fixed parts, heaps. */
export interface BlockBatch {
  ids: number[];
  fixed: Buffer[];
  heaps: Buffer[];
  bytes: number;
}

/**
 * Postings in blocks, each word's newest first (see `posting-block.ts`), in batches whose heaps are still
 * to be deflated; the directory of the levels each block holds (`posting-directory.ts`) is filled in.
 */
export function* postingBatches(
  groups: Iterable<PostingGroup>,
  directory: DirectoryWriter,
): Generator<BlockBatch> {
  let batch: BlockBatch = { ids: [], fixed: [], heaps: [], bytes: 0 };
  for (const { wordId, list } of groups) {
    const blocks = [];
    for (let start = 0; start < list.keys.length; start += BLOCK_POSTINGS) {
      const end = Math.min(list.keys.length, start + BLOCK_POSTINGS);
      const { fixed, heap } = blockParts(list, start, end, true);
      batch.ids.push(blockId(wordId, blocks.length));
      batch.fixed.push(fixed);
      batch.heaps.push(heap);
      batch.bytes += heap.length;
      const minKey = list.keys[end - 1] as number;
      const counts = new Uint8Array(DIRECTORY_LEVELS);
      for (let i = start; i < end; i++)
        counts[list.level[i] as number] = (counts[list.level[i] as number] as number) + 1;
      blocks.push({ minKey, counts });
    }
    directory.add(wordId, blocks);
    if (batch.bytes >= DEFLATE_BATCH_BYTES) {
      yield batch;
      batch = { ids: [], fixed: [], heaps: [], bytes: 0 };
    }
  }
  if (batch.ids.length > 0) yield batch;
}
