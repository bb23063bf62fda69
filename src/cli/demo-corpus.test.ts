import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CommandIo } from "./command.js";
import { main } from "./main.js";

const made: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "wordclip-cli-demo-"));
  made.push(dir);
  return dir;
}

afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIo = { out: (l) => out.push(l), err: (l) => err.push(l), isTty: false };
  const code = await main(["demo-corpus", ...argv], io);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("wordclip demo-corpus", () => {
  it("writes the clips and prints a summary with the rate", async () => {
    const out = path.join(tempDir(), "corpus");
    const result = await run("--out", out, "--clips", "12", "--seed", "cli");
    expect(result.code, result.err).toBe(0);
    expect(readdirSync(out)).toHaveLength(24);
    expect(result.out).toMatch(
      new RegExp(`^wrote 12 clips \\(24 files, [\\d.]+ MB\\) to ${out} in [\\d.]+ s: [\\d,]+ clips/s`),
    );
    expect(result.out).toContain('seed "cli"');
    expect(result.out).toContain("points to no real video");
    // Not a terminal: plain progress lines on standard error.
    expect(result.err).toContain("generating: 12/12 clips");
  });

  it("answers a usage error (exit 2) without --out, or with a bad --clips or --seed", async () => {
    const missing = await run("--clips", "5");
    expect(missing.code).toBe(2);
    expect(missing.err).toContain("--out is required");
    const word = await run("--out", tempDir(), "--clips", "many");
    expect(word.code).toBe(2);
    expect(word.err).toContain('--clips must be an integer from 1 to 10000000, got "many"');
    const zero = await run("--out", tempDir(), "--clips", "0");
    expect(zero.err).toContain('got "0"');
    const seed = await run("--out", tempDir(), "--seed", "");
    expect(seed.code).toBe(2);
    expect(seed.err).toContain("--seed must not be empty");
  });

  it("refuses a non-empty folder (exit 1) unless --force is given", async () => {
    const out = tempDir();
    writeFileSync(path.join(out, "notes.txt"), "mine");
    const refused = await run("--out", out, "--clips", "3");
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`wordclip demo-corpus: ${out} is not empty`);
    expect(refused.err).toContain("pass --force");
    const forced = await run("--out", out, "--clips", "3", "--force");
    expect(forced.code, forced.err).toBe(0);
    expect(readdirSync(out)).toHaveLength(7);
  });

  it("documents its options in --help", async () => {
    const help = await run("--help");
    expect(help.code).toBe(0);
    expect(help.out).toContain("--out <dir>");
    expect(help.out).toContain("--clips <n>");
    expect(help.out).toContain("(default: 2000)");
    expect(help.out).toContain("--force");
  });
});
