/** Reads catalogue files from disk: one `<language>.jsonl` per clip language, bad lines reported, never fatal. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { CatalogueEntry, CatalogueProblem } from "./entry.js";
import { parseCatalogueText } from "./parse.js";

/** A catalogue folder or file that cannot be read at all (bad lines are problems, not errors). */
export class CatalogueError extends Error {
  override name = "CatalogueError";
}

export interface CatalogueFile {
  entries: CatalogueEntry[];
  problems: CatalogueProblem[];
}

const LANGUAGE_FILE = /^([a-z]{2})\.jsonl$/;

/**
 * Reads one catalogue file. `language` is the clip language it is for (problems name the file).
 * A missing or unreadable file throws with its path; bad lines are problems.
 */
export function readCatalogueFile(filePath: string, language: string): CatalogueFile {
  if (!/^[a-z]{2}$/.test(language)) {
    throw new CatalogueError(`catalogue language must be a two-letter code, got ${JSON.stringify(language)}`);
  }
  let text: string;
  try {
    text = readFileSync(filePath, "utf8");
  } catch (error) {
    throw new CatalogueError(`cannot read catalogue file ${filePath}: ${(error as Error).message}`);
  }
  return parseCatalogueText(text, path.basename(filePath));
}

/**
 * Reads every `<language>.jsonl` of a catalogue folder, keyed by language in alphabetical order. Other
 * files are ignored, except a `.jsonl` whose name is not a two-letter language: that is a mistake worth
 * stopping for, since its words would silently be missing.
 */
export function readCatalogueDir(dir: string): Map<string, CatalogueFile> {
  let names: string[];
  try {
    if (!statSync(dir).isDirectory()) throw new CatalogueError("not a folder");
    names = readdirSync(dir);
  } catch (error) {
    throw new CatalogueError(`cannot read catalogue folder ${dir}: ${(error as Error).message}`);
  }
  const languages: string[] = [];
  for (const name of names) {
    if (!name.endsWith(".jsonl")) continue;
    const match = LANGUAGE_FILE.exec(name);
    if (!match?.[1]) {
      throw new CatalogueError(
        `catalogue file ${path.join(dir, name)} is not named for a two-letter clip language (such as en.jsonl)`,
      );
    }
    languages.push(match[1]);
  }
  if (languages.length === 0)
    throw new CatalogueError(`catalogue folder ${dir} holds no <language>.jsonl file`);
  languages.sort();
  return new Map(
    languages.map((language) => [language, readCatalogueFile(path.join(dir, `${language}.jsonl`), language)]),
  );
}
