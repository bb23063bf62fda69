/**
 * Where the generated files go: flat as yt-dlp leaves a folder, or, past CLIPS_PER_FOLDER clips, in
 * numbered sub-folders of at most that many clips (`0000/`, `0001/` …) so no folder grows unwieldy.
 * Replacing an earlier corpus removes only files the generator writes, never anything else.
 */
import { mkdir, readdir, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import type { DemoCaptionFormat } from "./clip.js";

export const CLIPS_PER_FOLDER = 1000;

/** A corpus past this size is written in sub-folders. */
export function usesSubFolders(clipCount: number): boolean {
  return clipCount > CLIPS_PER_FOLDER;
}

/** The folder of clip `clipNo` (from 1), relative to the corpus: `""` or `0007`. */
export function clipFolder(clipNo: number, subFolders: boolean): string {
  return subFolders ? String(Math.floor((clipNo - 1) / CLIPS_PER_FOLDER)).padStart(4, "0") : "";
}

export function infoJsonName(videoId: string): string {
  return `${videoId}.info.json`;
}

export function captionFileName(videoId: string, format: DemoCaptionFormat): string {
  return `${videoId}.en.${format}`;
}

const GENERATED_FILE = /^demo\d{8}\.(info\.json|en\.(vtt|json3|srv3))$/;
const SUB_FOLDER = /^\d{4}$/;

/** Why a corpus cannot be written where asked. */
export class DemoCorpusError extends Error {
  override name = "DemoCorpusError";
}

async function entriesOf(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return [];
    if (code === "ENOTDIR") throw new DemoCorpusError(`${dir} is a file, not a folder`);
    throw error;
  }
}

/** Removes generated files (and sub-folders left empty); returns how many files went. */
async function removeGenerated(dir: string, depth: number): Promise<number> {
  let removed = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isFile() && GENERATED_FILE.test(entry.name)) {
      await rm(full);
      removed++;
    } else if (entry.isDirectory() && depth === 0 && SUB_FOLDER.test(entry.name)) {
      removed += await removeGenerated(full, 1);
      if ((await readdir(full)).length === 0) await rmdir(full);
    }
  }
  return removed;
}

/**
 * Makes `outDir` ready: created when missing; when it holds anything, refused unless `force`, and then
 * cleared of an earlier generated corpus. Returns how many earlier files were removed.
 */
export async function prepareOutDir(outDir: string, force: boolean): Promise<number> {
  const entries = await entriesOf(outDir);
  if (entries.length > 0 && !force) {
    const example = entries.sort()[0] as string;
    throw new DemoCorpusError(
      `${outDir} is not empty (${entries.length} entries, such as "${example}"); ` +
        "pass --force to replace the demo corpus there (only generated files are removed)",
    );
  }
  await mkdir(outDir, { recursive: true });
  return entries.length > 0 ? removeGenerated(outDir, 0) : 0;
}
