/**
 * GNU Aspell as a peer for near spellings: `aspell -a` (its ispell-compatible pipe mode) with Debian's
 * `aspell-en` dictionary at the default suggestion mode, one misspelling a line, every suggestion kept in
 * Aspell's order. Missing Aspell or a missing English dictionary is reported, never thrown.
 */
import { spawnSync } from "node:child_process";

export interface AspellResult {
  /** Per misspelling, in input order: Aspell's suggestions (none when it takes the typo for a word). */
  suggestions: string[][];
  /** How many typos Aspell took for correct words. */
  acceptedAsWords: number;
  version: string;
}

export function runAspell(typos: readonly string[]): AspellResult | { problem: string } {
  // `^` makes Aspell read the rest of the line as text, never as a pipe-mode command.
  const run = spawnSync("aspell", ["-a", "--lang=en", "--encoding=utf-8"], {
    input: `${typos.map((t) => `^${t}`).join("\n")}\n`,
    encoding: "utf8",
    timeout: 300_000,
    maxBuffer: 256 * 2 ** 20,
  });
  if (run.error) {
    const missing = (run.error as NodeJS.ErrnoException).code === "ENOENT";
    return {
      problem: missing ? "the aspell command is not installed (Debian: aspell aspell-en)" : run.error.message,
    };
  }
  if (run.status !== 0) return { problem: run.stderr.trim() || `aspell exited ${run.status}` };
  return parseAspellPipe(run.stdout, typos.length);
}

/**
 * Aspell's pipe-mode answer: a banner, then for each input line one line per word (`*` a correct word,
 * `& typo n offset: s1, s2` suggestions, `# typo offset` none) and an empty line.
 */
export function parseAspellPipe(stdout: string, expected: number): AspellResult | { problem: string } {
  const lines = stdout.split("\n");
  const version = /but really (Aspell [^)]+)\)/.exec(lines[0] ?? "")?.[1] ?? lines[0] ?? "";
  const suggestions: string[][] = [];
  let acceptedAsWords = 0;
  let current: string[] | undefined;
  for (const line of lines.slice(1)) {
    if (line === "") {
      if (current !== undefined) suggestions.push(current);
      current = undefined;
      continue;
    }
    if (line.startsWith("&")) current = (line.split(": ")[1] ?? "").split(", ").filter((s) => s !== "");
    else if (line.startsWith("#")) current = [];
    else if (line.startsWith("*")) {
      acceptedAsWords++;
      current = [];
    }
  }
  if (suggestions.length !== expected) {
    return { problem: `expected ${expected} answers from aspell, got ${suggestions.length}` };
  }
  return { suggestions, acceptedAsWords, version };
}
