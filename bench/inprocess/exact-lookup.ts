/** In-process exact lookup: `resolveWord` on a catalogue word (normalise, then the spelling map). */
import { resolveWord } from "../../src/index/lookup.js";
import { TARGETS } from "../targets.js";
import type { InProcessOperation } from "./operation.js";

export const exactLookup: InProcessOperation = {
  name: "exact lookup",
  inputs: (inputs) => inputs.words,
  run: (index, input) => resolveWord(index.catalog, index.fuzzy, input, "fuzzy"),
  targetP99Us: () => TARGETS.exactP99Us,
};
