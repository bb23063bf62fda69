import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLIPS_PER_FOLDER, captionFileName, clipFolder, prepareOutDir, usesSubFolders } from "./layout.js";

const made: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "wordclip-layout-"));
  made.push(dir);
  return dir;
}

afterEach(async () => {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
});

function touch(...parts: string[]): void {
  const file = path.join(...parts);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, "x");
}

describe("clip folders", () => {
  it("writes up to 1,000 clips flat and more in sub-folders of 1,000", () => {
    expect(CLIPS_PER_FOLDER).toBe(1000);
    expect(usesSubFolders(1000)).toBe(false);
    expect(usesSubFolders(1001)).toBe(true);
    expect(clipFolder(1, false)).toBe("");
    expect(clipFolder(1, true)).toBe("0000");
    expect(clipFolder(1000, true)).toBe("0000");
    expect(clipFolder(1001, true)).toBe("0001");
    expect(clipFolder(1_000_000, true)).toBe("0999");
    expect(clipFolder(10_000_000, true)).toBe("9999");
  });

  it("names caption files as yt-dlp does, language before format", () => {
    expect(captionFileName("demo00000001", "vtt")).toBe("demo00000001.en.vtt");
    expect(captionFileName("demo00000001", "json3")).toBe("demo00000001.en.json3");
  });
});

describe("prepareOutDir", () => {
  it("creates a missing folder and accepts an empty one", async () => {
    const dir = path.join(tempDir(), "new", "corpus");
    expect(await prepareOutDir(dir, false)).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
    expect(await prepareOutDir(dir, false)).toBe(0);
  });

  it("refuses a non-empty folder without force, naming it and the way out", async () => {
    const dir = tempDir();
    touch(dir, "notes.txt");
    await expect(prepareOutDir(dir, false)).rejects.toThrow(
      `${dir} is not empty (1 entries, such as "notes.txt"); pass --force to replace the demo corpus there`,
    );
  });

  it("with force, removes only generated files and the sub-folders they leave empty", async () => {
    const dir = tempDir();
    touch(dir, "demo00000001.info.json");
    touch(dir, "demo00000001.en.vtt");
    touch(dir, "0000", "demo00000002.en.srv3");
    touch(dir, "0001", "demo00000003.en.json3");
    touch(dir, "0001", "keep.txt");
    touch(dir, "notes.txt");
    touch(dir, "demo-notes.info.json");
    touch(dir, "mine", "demo00000004.en.vtt");
    expect(await prepareOutDir(dir, true)).toBe(4);
    expect(readdirSync(dir).sort()).toEqual(["0001", "demo-notes.info.json", "mine", "notes.txt"]);
    expect(readdirSync(path.join(dir, "0001"))).toEqual(["keep.txt"]);
    expect(readdirSync(path.join(dir, "mine"))).toEqual(["demo00000004.en.vtt"]);
  });

  it("refuses a file where a folder is wanted", async () => {
    const dir = tempDir();
    touch(dir, "file");
    await expect(prepareOutDir(path.join(dir, "file"), true)).rejects.toThrow(
      `${path.join(dir, "file")} is a file, not a folder`,
    );
  });
});
