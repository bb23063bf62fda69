/**
 * Inputs for builder tests, and their snapshots read back: a small catalogue, clips laid out as yt-dlp
 * leaves them or listed in a manifest, captions written by hand, and every table of a snapshot as plain rows.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { compileCatalogue } from "../../src/catalogue/compile.js";
import { readCatalogueDir } from "../../src/catalogue/read.js";
import { assignWordIds } from "../../src/indexer/catalogue-ids.js";
import type { LanguageIndex } from "../../src/indexer/process-clip.js";
import { hydrateLanguages } from "../../src/indexer/worker-data.js";

/** A catalogue line as an operator writes it (see docs/catalogue-format.md). */
export interface CatalogueLine {
  word: string;
  level: string;
  pos: string[];
  variants?: string[];
  meanings: Record<string, string>;
  forms?: string[];
}

function line(word: string, level: string, pos: string[], extra: Partial<CatalogueLine> = {}): CatalogueLine {
  return { word, level, pos, meanings: { en: `meaning of ${word}` }, ...extra };
}

/** Words the hand-written test clips say, at several levels; small enough to compile in milliseconds. */
export const MINI_CATALOGUE: readonly CatalogueLine[] = [
  line("run", "A1", ["verb", "noun"]),
  line("child", "A1", ["noun"]),
  line("ice cream", "A1", ["noun"]),
  line("ice", "A1", ["noun"]),
  line("cream", "A2", ["noun"]),
  line("good", "A1", ["adjective"]),
  line("colour", "A1", ["noun"], { variants: ["color"] }),
  line("kitchen", "A1", ["noun"]),
  line("morning", "A1", ["noun"]),
  line("heart", "A2", ["noun"]),
  line("paint", "A2", ["verb", "noun"]),
  line("vanilla", "B1", ["noun"]),
  line("kilometre", "A2", ["noun"], { variants: ["kilometer"] }),
  line("strong", "A1", ["adjective"]),
  line("park", "A1", ["noun"]),
  line("music", "A1", ["noun"]),
  line("chocolate", "A1", ["noun"]),
  line("battery", "A2", ["noun"]),
  line("taste", "A2", ["verb", "noun"]),
  line("abandon", "C1", ["verb"]),
];

/** Writes `<language>.jsonl` into a new folder `dir` and returns the folder. */
export function writeCatalogue(
  dir: string,
  lines: readonly CatalogueLine[] = MINI_CATALOGUE,
  language = "en",
): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${language}.jsonl`), lines.map((l) => `${JSON.stringify(l)}\n`).join(""));
  return dir;
}

let scratch: string | undefined;

/** A fresh folder under a temporary folder of this process, removed when the process exits. */
export function freshDir(prefix: string): string {
  if (scratch === undefined) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "wordclip-build-test-"));
    scratch = dir;
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  }
  return mkdtempSync(path.join(scratch, `${prefix}-`));
}

/** The info.json fields yt-dlp writes that the builder reads, for a valid short English clip. */
export function infoFields(
  videoId: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id: videoId,
    title: `Clip ${videoId}`,
    duration: 12,
    channel_id: "UCtestchannel",
    channel: "Test channel",
    upload_date: "20260102",
    categories: ["Education"],
    tags: ["test"],
    language: "en",
    ...overrides,
  };
}

function clock(ms: number): string {
  const pad = (n: number, w = 2): string => String(n).padStart(w, "0");
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** A plain WebVTT file: one cue per line, `cueMs` each, back to back. */
export function plainVtt(lines: readonly string[], cueMs = 3000): string {
  const cues = lines.map((text, i) => `${clock(i * cueMs)} --> ${clock((i + 1) * cueMs)}\n${text}\n`);
  return `WEBVTT\n\n${cues.join("\n")}`;
}

/** An SRT file: one cue per line, `cueMs` each, back to back. */
export function srt(lines: readonly string[], cueMs = 3000): string {
  const time = (ms: number): string => clock(ms).replace(".", ",");
  return lines
    .map((text, i) => `${i + 1}\n${time(i * cueMs)} --> ${time((i + 1) * cueMs)}\n${text}\n`)
    .join("\n");
}

/** A json3 file with per-word times: one event per line, words `wordMs` apart from the event's start. */
export function json3(lines: readonly string[], cueMs = 3000, wordMs = 400): string {
  const events = lines.map((text, i) => ({
    tStartMs: i * cueMs,
    dDurationMs: cueMs,
    wWinId: 1,
    segs: text.split(" ").map((word, j) => ({ utf8: j === 0 ? word : ` ${word}`, tOffsetMs: j * wordMs })),
  }));
  return JSON.stringify({ wireMagic: "pb3", events });
}

/**
 * Writes `<videoId>.info.json` (unless `info` is null) and each caption file, named
 * `<videoId>.<suffix>` (`en.vtt`, `en-orig.json3`), into `dir`.
 */
export function writeClip(
  dir: string,
  videoId: string,
  captions: Record<string, string>,
  info: Record<string, unknown> | string | null = infoFields(videoId),
): void {
  mkdirSync(dir, { recursive: true });
  if (info !== null) {
    const text = typeof info === "string" ? info : `${JSON.stringify(info, null, 2)}\n`;
    writeFileSync(path.join(dir, `${videoId}.info.json`), text);
  }
  for (const [suffix, content] of Object.entries(captions)) {
    writeFileSync(path.join(dir, `${videoId}.${suffix}`), content);
  }
}

export type TableRows = Record<string, unknown>[];

/** Opens a snapshot file read-only for SQL checks. */
export function openSnapshotDb(file: string): Database.Database {
  return new Database(file, { readonly: true, fileMustExist: true });
}

/**
 * Every table of a snapshot (whatever tables its schema has), rows in a fixed order, blobs as hex, and its
 * schema version: equal inputs must give equal tables.
 */
export function snapshotTables(file: string): Record<string, TableRows> {
  const db = openSnapshotDb(file);
  try {
    const names = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .pluck()
      .all() as string[];
    const tables: Record<string, TableRows> = {
      user_version: [{ version: db.pragma("user_version", { simple: true }) }],
    };
    for (const table of names) {
      const columns = (db.pragma(`table_info(${table})`) as Array<{ name: string }>).length;
      const order = Array.from({ length: columns }, (_, i) => i + 1).join(", ");
      const rows = db.prepare(`SELECT * FROM ${table} ORDER BY ${order}`).all() as TableRows;
      tables[table] = rows.map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([k, v]) => [k, Buffer.isBuffer(v) ? v.toString("hex") : v]),
        ),
      );
    }
    return tables;
  } finally {
    db.close();
  }
}

/** The catalogues of a folder as the builder hands them to `loadJob` and `processClip`. */
export function languageIndexes(catalogueDir: string): Map<string, LanguageIndex> {
  const compiled = [...readCatalogueDir(catalogueDir)].map(([language, { entries }]) =>
    compileCatalogue(entries, language),
  );
  const languages = assignWordIds(compiled, undefined);
  return hydrateLanguages(Object.fromEntries(languages.map((l) => [l.language, l.serialized])));
}
