/**
 * What the judgement samples share (`sense-sample.ts`, `common-sample.ts`): a catalogue file's lines by
 * word, a fixed-seed draw from a pool of words, and a TSV cell.
 */
import { readFileSync } from "node:fs";
import { Random } from "../../demo/random.js";

export interface CatalogueLine {
  word: string;
  level: string;
  pos: string[];
  levelSource?: string;
  meanings: { en?: string };
}

/** The lines of a catalogue file (`en.jsonl`), by word. */
export function readCatalogueLines(file: string): Map<string, CatalogueLine> {
  const out = new Map<string, CatalogueLine>();
  for (const text of readFileSync(file, "utf8").split("\n")) {
    if (text.trim() === "") continue;
    const line = JSON.parse(text) as CatalogueLine;
    out.set(line.word, line);
  }
  return out;
}

/** `size` words of the pool (sorted first, so the draw depends only on the pool), by a seeded shuffle. */
export function drawWords(pool: readonly string[], size: number, seed: string): string[] {
  const words = [...pool].sort();
  // A partial Fisher–Yates shuffle: the first `size` places.
  const random = new Random(seed);
  for (let i = 0; i < Math.min(size, words.length); i++) {
    const j = random.int(i, words.length - 1);
    [words[i], words[j]] = [words[j] as string, words[i] as string];
  }
  return words.slice(0, size);
}

/** A text as one TSV cell: tabs and line breaks become spaces. */
export function cell(text: string): string {
  return text.replace(/[\t\n]+/g, " ");
}

/** The two catalogue files named on the command line, read. */
export function beforeAndAfter(script: string): [Map<string, CatalogueLine>, Map<string, CatalogueLine>] {
  const [beforeFile, afterFile] = process.argv.slice(2);
  if (beforeFile === undefined || afterFile === undefined) {
    throw new Error(`usage: ${script} <before.jsonl> <after.jsonl>`);
  }
  return [readCatalogueLines(beforeFile), readCatalogueLines(afterFile)];
}
