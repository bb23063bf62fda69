/**
 * Draws the sample of the learner's-sense judgement: 200 A1–B2 nouns, verbs and adjectives of the CEFR
 * lists, at random with a fixed seed, with the English meaning each of two catalogues gives them (an
 * earlier one and the current one), as a TSV for a person to judge. Words are drawn from those present in
 * both catalogues, by their first part of speech. Run after `npm run build`:
 *
 *   node dist/src/catalogue/prepare/sense-sample.js <before.jsonl> <after.jsonl> > sample.tsv
 *
 * The judged table is `data/sources/sense-judgement.tsv`; its columns `before_ok` and `after_ok` are
 * filled by hand.
 */
import { beforeAndAfter, type CatalogueLine, cell, drawWords } from "./sample-lines.js";

const SEED = "learner-sense-judgement";
const SIZE = 200;
const LEVELS = new Set(["A1", "A2", "B1", "B2"]);
const POS = new Set(["noun", "verb", "adjective"]);

const [before, after] = beforeAndAfter("sense-sample.js");
const pool = [...after.values()]
  .filter(
    (w) =>
      w.levelSource !== "estimated" &&
      LEVELS.has(w.level) &&
      POS.has(w.pos[0] ?? "") &&
      before.has(w.word) &&
      before.get(w.word)?.meanings.en !== undefined,
  )
  .map((w) => w.word);
const rows = ["word\tlevel\tpos\tbefore\tafter\tbefore_ok\tafter_ok"];
for (const word of drawWords(pool, SIZE, SEED)) {
  const a = after.get(word) as CatalogueLine;
  const b = before.get(word) as CatalogueLine;
  rows.push(
    [word, a.level, a.pos[0], cell(b.meanings.en ?? ""), cell(a.meanings.en ?? ""), "", ""].join("\t"),
  );
}
process.stdout.write(`${rows.join("\n")}\n`);
