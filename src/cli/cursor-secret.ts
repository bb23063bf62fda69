/**
 * The secret that signs page cursors: `WORDCLIP_CURSOR_SECRET` when set (several nodes must share one),
 * otherwise one generated on first start and kept in the data folder, so cursors survive restarts.
 */
import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "../config.js";

export const CURSOR_SECRET_FILE = "cursor-secret";
const MIN_SECRET_LENGTH = 16;

/** A kept secret that cannot be used; the message names the file. */
export class CursorSecretError extends Error {
  override name = "CursorSecretError";
}

function readKept(file: string): string {
  const secret = readFileSync(file, "utf8").trim();
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new CursorSecretError(
      `${file} holds a cursor secret of ${secret.length} characters; it needs at least ${MIN_SECRET_LENGTH}. ` +
        "Delete the file to generate a new one (cursors issued before stop working) or set WORDCLIP_CURSOR_SECRET.",
    );
  }
  return secret;
}

export function cursorSecretFor(config: Pick<Config, "cursorSecret" | "dataDir">): string {
  if (config.cursorSecret !== undefined) return config.cursorSecret;
  const file = path.join(config.dataDir, CURSOR_SECRET_FILE);
  mkdirSync(config.dataDir, { recursive: true });
  const generated = randomBytes(32).toString("base64url");
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, `${generated}\n`, { mode: 0o600 });
  try {
    // A hard link appears whole or not at all: of two processes starting at once, one keeps its secret
    // and the other reads that one, never a half-written file.
    linkSync(draft, file);
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readKept(file);
  } finally {
    rmSync(draft, { force: true });
  }
}
