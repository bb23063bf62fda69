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
import { readFileSync } from "node:fs";
import { Random } from "../../demo/random.js";

const SEED = "learner-sense-judgement";
const SIZE = 200;
const LEVELS = new Set(["A1", "A2", "B1", "B2"]);
const POS = new Set(["noun", "verb", "adjective"]);

interface Line {
  word: string;
  level: string;
  pos: string[];
  levelSource?: string;
  meanings: { en?: string };
}

function read(file: string): Map<string, Line> {
  const out = new Map<string, Line>();
  for (const text of readFileSync(file, "utf8").split("\n")) {
    if (text.trim() === "") continue;
    const line = JSON.parse(text) as Line;
    out.set(line.word, line);
  }
  return out;
}

const [beforeFile, afterFile] = process.argv.slice(2);
if (beforeFile === undefined || afterFile === undefined) {
  throw new Error("usage: sense-sample.js <before.jsonl> <after.jsonl>");
}
const before = read(beforeFile);
const after = read(afterFile);
const pool = [...after.values()]
  .filter(
    (w) =>
      w.levelSource !== "estimated" &&
      LEVELS.has(w.level) &&
      POS.has(w.pos[0] ?? "") &&
      before.has(w.word) &&
      before.get(w.word)?.meanings.en !== undefined,
  )
  .map((w) => w.word)
  .sort();
// A partial Fisher–Yates shuffle: the first SIZE places.
const random = new Random(SEED);
for (let i = 0; i < SIZE; i++) {
  const j = random.int(i, pool.length - 1);
  [pool[i], pool[j]] = [pool[j] as string, pool[i] as string];
}
const cell = (text: string) => text.replace(/[\t\n]+/g, " ");
const rows = ["word\tlevel\tpos\tbefore\tafter\tbefore_ok\tafter_ok"];
for (const word of pool.slice(0, SIZE)) {
  const a = after.get(word) as Line;
  const b = before.get(word) as Line;
  rows.push(
    [word, a.level, a.pos[0], cell(b.meanings.en ?? ""), cell(a.meanings.en ?? ""), "", ""].join("\t"),
  );
}
process.stdout.write(`${rows.join("\n")}\n`);
