/**
 * In-process autocomplete: `WordSearch.search` over every word (with or without clips, the larger
 * candidate set) and its first page of 20, as `/v1/words?q=` pages it.
 */
import { startAfter } from "../../src/index/word-search.js";
import { searchKey } from "../../src/text/tokenise.js";
import { TARGETS } from "../targets.js";
import type { InProcessOperation } from "./operation.js";

const PAGE_SIZE = 20;

export const autocomplete: InProcessOperation = {
  name: "autocomplete",
  inputs: (inputs) => inputs.prefixes,
  run: (index, input) => {
    const result = index.search.search({ q: searchKey(input, "en"), levels: [], hasClips: false });
    const from = startAfter(result, undefined);
    return result.entries.slice(from, from + PAGE_SIZE);
  },
  targetP99Us: () => TARGETS.autocompleteP99Us,
};
