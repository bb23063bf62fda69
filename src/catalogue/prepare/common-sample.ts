/**
 * Draws the sample of the added words' judgement: 100 of the words a catalogue adds to an earlier one,
 * at random with a fixed seed, with the level, part of speech and English meaning it gives them, as a
 * TSV for a person to judge. Run after `npm run build`:
 *
 *   node dist/src/catalogue/prepare/common-sample.js <before.jsonl> <after.jsonl> > sample.tsv
 *
 * The judged table is `data/sources/added-words-judgement.tsv`; its column `ok` is filled by hand.
 */
import { readFileSync } from "node:fs";
import { Random } from "../../demo/random.js";

const SEED = "added-words-judgement";
const SIZE = 100;

interface Line {
  word: string;
  level: string;
  pos: string[];
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
  throw new Error("usage: common-sample.js <before.jsonl> <after.jsonl>");
}
const before = read(beforeFile);
const after = read(afterFile);
const pool = [...after.keys()].filter((word) => !before.has(word)).sort();
// A partial Fisher–Yates shuffle: the first SIZE places.
const random = new Random(SEED);
for (let i = 0; i < SIZE; i++) {
  const j = random.int(i, pool.length - 1);
  [pool[i], pool[j]] = [pool[j] as string, pool[i] as string];
}
const cell = (text: string) => text.replace(/[\t\n]+/g, " ");
const rows = ["word\tlevel\tpos\tmeaning\tok"];
for (const word of pool.slice(0, SIZE)) {
  const a = after.get(word) as Line;
  rows.push([word, a.level, a.pos.join(","), cell(a.meanings.en ?? ""), ""].join("\t"));
}
process.stdout.write(`${rows.join("\n")}\n`);
