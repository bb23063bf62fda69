/** In-process fuzzy lookup: `resolveWord` on a misspelling (one-edit, trigram and sound-alike candidates, ranked). */
import { resolveWord } from "../../src/index/lookup.js";
import { TARGETS } from "../targets.js";
import type { InProcessOperation } from "./operation.js";

/** Catalogues up to this size (the shipped one, past 25,000 words) are held to the 1 ms target. */
const SMALL_CATALOGUE_WORDS = 30_000;

export const fuzzyLookup: InProcessOperation = {
  name: "fuzzy lookup",
  inputs: (inputs) => inputs.typos,
  run: (index, input) => resolveWord(index.catalog, index.fuzzy, input, "fuzzy"),
  targetP99Us: (words) =>
    (words <= SMALL_CATALOGUE_WORDS ? TARGETS.fuzzyP99MsAt10k : TARGETS.fuzzyP99MsAt100k) * 1000,
};
