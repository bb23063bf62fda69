/**
 * Worker thread entry: builds a catalogue's near-spelling structures (`buildFuzzyParts`) from its
 * spellings and sends their parts back, the large arrays moved rather than copied.
 */
import { parentPort, workerData } from "node:worker_threads";
import { buildFuzzyParts, type FuzzyParts } from "./fuzzy.js";

export interface FuzzyWorkerData {
  keys: string[];
  language: string;
}

/** The buffers of the parts' typed arrays, each once, to move to the thread that asked. */
function buffersOf(parts: FuzzyParts): ArrayBuffer[] {
  const arrays = [
    parts.trigrams.entryStart,
    parts.trigrams.entryIds,
    parts.trigrams.trigramCounts,
    parts.trigrams.postings.start,
    parts.trigrams.postings.entries,
    parts.oneEdit.hashes,
    parts.oneEdit.keys,
    parts.oneEdit.bucketStart,
    parts.twoEdits.hashes,
    parts.twoEdits.keys,
    parts.twoEdits.bucketStart,
    parts.phonetic.keyCodes,
    parts.phonetic.postings.start,
    parts.phonetic.postings.entries,
  ];
  return [...new Set(arrays.map((a) => a.buffer as ArrayBuffer))];
}

const { keys, language } = workerData as FuzzyWorkerData;
const parts = buildFuzzyParts(keys, language);
parentPort?.postMessage(parts, buffersOf(parts));
