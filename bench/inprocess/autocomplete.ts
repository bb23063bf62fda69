/**
 * In-process autocomplete: `WordSearch.page` over every word (with or without clips, the larger
 * candidate set), the first page of 20, exactly as `/v1/words?q=` asks for it.
 */
import { searchKey } from "../../src/text/tokenise.js";
import { TARGETS } from "../targets.js";
import type { InProcessOperation } from "./operation.js";

const PAGE_SIZE = 20;

export const autocomplete: InProcessOperation = {
  name: "autocomplete",
  inputs: (inputs) => inputs.prefixes,
  run: (index, input) =>
    index.search.page({ q: searchKey(input, "en"), levels: [], hasClips: false }, undefined, PAGE_SIZE)
      .entries,
  targetP99Us: () => TARGETS.autocompleteP99Us,
};
