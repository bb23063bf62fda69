/** In-process inflected-form lookup: `resolveWord` on `running`, `went` (exact misses, forms hit). */
import { resolveWord } from "../../src/index/lookup.js";
import { TARGETS } from "../targets.js";
import type { InProcessOperation } from "./operation.js";

export const formsLookup: InProcessOperation = {
  name: "forms lookup",
  inputs: (inputs) => inputs.forms,
  run: (index, input) => resolveWord(index.catalog, index.fuzzy, input, "fuzzy"),
  targetP99Us: () => TARGETS.formsP99Us,
};
