/** `wordclip catalogue import-cefr` (the shipped English catalogue from its sources) and `catalogue check`. */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SpellingVariety } from "../catalogue/british.js";
import { importCefr } from "../catalogue/cefr-import.js";
import { compileCatalogue } from "../catalogue/compile.js";
import { readCatalogueDir } from "../catalogue/read.js";
import { scowlFiles } from "../catalogue/scowl.js";
import { formatCatalogue } from "../catalogue/write.js";
import { LEVELS } from "../domain.js";
import { type Command, type CommandIo, requiredOption } from "./command.js";

function readSource(file: string, what: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw new Error(`cannot read the ${what} ${file}: ${(error as Error).message}`);
  }
}

/** A missing or malformed input is the operator's to fix: its message, not a stack trace, and exit code 1. */
function reportFailure(io: CommandIo, name: string, work: () => number): number {
  try {
    return work();
  } catch (error) {
    io.err(`wordclip ${name}: ${(error as Error).message}`);
    return 1;
  }
}

/** Written beside the target and renamed into place, so a reader never sees half a file. */
function writeAtomically(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

/** The gloss languages' spoken frequency lists, read beside the English one. */
const GLOSS_FREQUENCY = {
  es: "es_50k.txt",
  ja: "ja_full.txt",
  pt: "pt_50k.txt",
  ru: "ru_50k.txt",
  tr: "tr_50k.txt",
  zh: "zh_cn_50k.txt",
} as const;

const importCefrCommand: Command = {
  name: "catalogue import-cefr",
  summary: "write the English catalogue from the CEFR word list and the gloss table",
  details: [
    "Deterministic: the same sources give the same file, byte for byte. A headword listed at several",
    "levels becomes one word at its lowest level; see docs/catalogue-format.md.",
  ].join("\n"),
  options: {
    wordlist: {
      type: "string",
      description: "CEFR word list (TSV)",
      default: "data/sources/cefr-wordlist/cefr_wordlist_merged.tsv",
      valueName: "file",
    },
    glosses: {
      type: "string",
      description: "meanings per word-list row (TSV)",
      default: "data/sources/glosses-omw-wordnet/cefr_glosses_top3.tsv",
      valueName: "file",
    },
    senses: {
      type: "string",
      description: "WordNet 3.0 senses (TSV)",
      default: "data/sources/wordnet-3.0/senses.tsv",
      valueName: "file",
    },
    webster: {
      type: "string",
      description: "Webster 1913 entries (TSV)",
      default: "data/sources/webster-1913/entries.tsv",
      valueName: "file",
    },
    translations: {
      type: "string",
      description: "translations per WordNet synset (TSV)",
      default: "data/sources/glosses-omw-wordnet/synset_translations.tsv",
      valueName: "file",
    },
    wiktionary: {
      type: "string",
      description: "English glosses of Wiktionary's translation tables (TSV)",
      default: "data/sources/wiktionary/glosses.tsv",
      valueName: "file",
    },
    frequency: {
      type: "string",
      description: "spoken frequency list (word count per line)",
      default: "data/sources/word-frequency/en_50k.txt",
      valueName: "file",
    },
    scowl: {
      type: "string",
      description: "folder of SCOWL's word lists by size class (english-words.10 … american-words.50)",
      default: "data/sources/scowl",
      valueName: "dir",
    },
    out: {
      type: "string",
      description: "catalogue file to write",
      default: "data/catalogue/en.jsonl",
      valueName: "file",
    },
  },
  async run(args, io) {
    const wordlist = requiredOption(args, "wordlist");
    const glosses = requiredOption(args, "glosses");
    const out = requiredOption(args, "out");
    const senses = requiredOption(args, "senses");
    const webster = requiredOption(args, "webster");
    const translations = requiredOption(args, "translations");
    const frequency = requiredOption(args, "frequency");
    const wiktionary = requiredOption(args, "wiktionary");
    const scowl = requiredOption(args, "scowl");
    return reportFailure(io, "catalogue import-cefr", () => {
      const sources = {
        wordlist: readSource(wordlist, "word list"),
        glosses: readSource(glosses, "gloss table"),
        senses: readSource(senses, "WordNet sense table"),
        webster: readSource(webster, "Webster table"),
        translations: readSource(translations, "synset translation table"),
        wiktionary: readSource(wiktionary, "Wiktionary gloss table"),
        frequency: readSource(frequency, "frequency list"),
        glossFrequency: Object.fromEntries(
          Object.entries(GLOSS_FREQUENCY).map(([lang, file]) => [
            lang,
            readSource(path.join(path.dirname(frequency), file), `${lang} frequency list`),
          ]),
        ),
        scowl: scowlFiles().map(({ size, file }) => ({
          size,
          text: readSource(path.join(scowl, file), "SCOWL list"),
        })),
      };
      const result = importCefr(sources, SpellingVariety.fromPackages());
      writeAtomically(out, formatCatalogue(result.entries));
      const byLevel = LEVELS.map((level) => `${level} ${result.wordsByLevel[level]}`).join(", ");
      io.out(`read ${result.rows} rows; wrote ${result.entries.length} words to ${out} (${byLevel})`);
      if (result.undefinedWords.length > 0) {
        io.out(
          `left out ${result.undefinedWords.length} CEFR words no dictionary defines: ${result.undefinedWords.join(", ")}`,
        );
      }
      const { accuracy, cuts } = result.levelRule;
      const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
      io.out(
        `${result.cefrWords} words from the CEFR lists, ${result.estimatedWords} added with estimated levels (${result.estimatedWords - result.commonWords} from the spoken list, ${result.commonWords} from SCOWL); level rule (cut points ${cuts.map((c) => c.toFixed(2)).join(", ")} on commonness: log10 per million, then SCOWL size class): ${pct(accuracy.exact)} exact, ${pct(accuracy.withinOne)} within one level (${accuracy.folds}-fold cross-validated)`,
      );
      return 0;
    });
  },
};

const checkCommand: Command = {
  name: "catalogue check",
  summary: "read and compile a catalogue folder; list skipped lines and notes",
  details: "Exit code 1 when a line was skipped; notes (merged entries, dropped variants) alone give 0.",
  options: {
    catalogue: {
      type: "string",
      description: "folder of <language>.jsonl catalogue files",
      default: "data/catalogue",
      valueName: "dir",
    },
  },
  async run(args, io) {
    const dir = requiredOption(args, "catalogue");
    return reportFailure(io, "catalogue check", () => {
      let skipped = 0;
      for (const [language, { entries, problems }] of readCatalogueDir(dir)) {
        const compiled = compileCatalogue(entries, language);
        for (const problem of [...problems, ...compiled.problems]) {
          const kind = problem.severity === "note" ? "note" : "skipped";
          if (kind === "skipped") skipped++;
          io.err(`${problem.file}:${problem.line}: ${kind}: ${problem.message}`);
        }
        const forms = compiled.spellings.filter((s) => s.kind === 2).length;
        const variants = compiled.spellings.filter((s) => s.kind === 1).length;
        io.out(`${language}: ${compiled.words.length} words, ${variants} variants, ${forms} inflected forms`);
      }
      return skipped > 0 ? 1 : 0;
    });
  },
};

export const commands: Command[] = [importCefrCommand, checkCommand];
