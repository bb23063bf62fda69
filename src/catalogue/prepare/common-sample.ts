/**
 * Draws the sample of the added words' judgement: 100 of the words a catalogue adds to an earlier one,
 * at random with a fixed seed, with the level, part of speech and English meaning it gives them, as a
 * TSV for a person to judge. Run after `npm run build`:
 *
 *   node dist/src/catalogue/prepare/common-sample.js <before.jsonl> <after.jsonl> > sample.tsv
 *
 * The judged table is `data/sources/added-words-judgement.tsv`; its column `ok` is filled by hand.
 */
import { beforeAndAfter, type CatalogueLine, cell, drawWords } from "./sample-lines.js";

const SEED = "added-words-judgement";
const SIZE = 100;

const [before, after] = beforeAndAfter("common-sample.js");
const pool = [...after.keys()].filter((word) => !before.has(word));
const rows = ["word\tlevel\tpos\tmeaning\tok"];
for (const word of drawWords(pool, SIZE, SEED)) {
  const a = after.get(word) as CatalogueLine;
  rows.push([word, a.level, a.pos.join(","), cell(a.meanings.en ?? ""), ""].join("\t"));
}
process.stdout.write(`${rows.join("\n")}\n`);
