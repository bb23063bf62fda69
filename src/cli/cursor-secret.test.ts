/** The cursor secret: configured, or generated once and kept in the data folder with mode 0600. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CURSOR_SECRET_FILE, CursorSecretError, cursorSecretFor } from "./cursor-secret.js";

let dataDir: string;

beforeEach(() => {
  dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), "wordclip-secret-")), "data");
});

afterEach(() => {
  rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

describe("cursorSecretFor", () => {
  it("uses WORDCLIP_CURSOR_SECRET when it is set and writes nothing", () => {
    expect(cursorSecretFor({ cursorSecret: "a configured secret value", dataDir })).toBe(
      "a configured secret value",
    );
    expect(() => readdirSync(dataDir)).toThrow(/ENOENT/);
  });

  it("generates a secret once, keeps it readable by the owner only, and returns it on every later start", () => {
    const first = cursorSecretFor({ cursorSecret: undefined, dataDir });
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const file = path.join(dataDir, CURSOR_SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(cursorSecretFor({ cursorSecret: undefined, dataDir })).toBe(first);
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(readdirSync(dataDir)).toEqual([CURSOR_SECRET_FILE]);
  });

  it("refuses a kept secret that is too short, naming the file", () => {
    cursorSecretFor({ cursorSecret: undefined, dataDir });
    const file = path.join(dataDir, CURSOR_SECRET_FILE);
    writeFileSync(file, "short\n");
    expect(() => cursorSecretFor({ cursorSecret: undefined, dataDir })).toThrow(CursorSecretError);
    expect(() => cursorSecretFor({ cursorSecret: undefined, dataDir })).toThrow(file);
  });
});
