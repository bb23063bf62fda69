/**
 * Worker thread entry: builds a catalogue's near-spelling structures (`buildFuzzyParts`) and its
 * autocomplete lists (`buildWordSearchParts`) and sends their parts back, the arrays moved, not copied.
 */
import { parentPort, workerData } from "node:worker_threads";
import { buildFuzzyParts, type FuzzyParts } from "./fuzzy.js";
import { buildWordSearchParts, type WordSearchParts } from "./word-search.js";

export interface CatalogueWorkerData {
  /** The catalogue's spellings (`FuzzyIndex.keys`). */
  spellings: string[];
  language: string;
  /** Its words' norms in coverage order (`WordSearch.normsByCoverage`). */
  normsByCoverage: string[];
}

export interface CatalogueWorkerReply {
  fuzzy: FuzzyParts;
  search: WordSearchParts;
}

/** The buffers of the parts' typed arrays, each once, to move to the thread that asked. */
function buffersOf({ fuzzy, search }: CatalogueWorkerReply): ArrayBuffer[] {
  const arrays = [
    fuzzy.trigrams.entryStart,
    fuzzy.trigrams.entryIds,
    fuzzy.trigrams.trigramCounts,
    fuzzy.trigrams.postings.start,
    fuzzy.trigrams.postings.entries,
    fuzzy.oneEdit.hashes,
    fuzzy.oneEdit.keys,
    fuzzy.oneEdit.bucketStart,
    fuzzy.twoEdits.hashes,
    fuzzy.twoEdits.keys,
    fuzzy.twoEdits.bucketStart,
    fuzzy.phonetic.keyCodes,
    fuzzy.phonetic.postings.start,
    fuzzy.phonetic.postings.entries,
    search.grams.start,
    search.grams.entries,
    search.prefixes.start,
    search.prefixes.entries,
  ];
  return [...new Set(arrays.map((a) => a.buffer as ArrayBuffer))];
}

const { spellings, language, normsByCoverage } = workerData as CatalogueWorkerData;
const reply: CatalogueWorkerReply = {
  fuzzy: buildFuzzyParts(spellings, language),
  search: buildWordSearchParts(normsByCoverage),
};
parentPort?.postMessage(reply, buffersOf(reply));
