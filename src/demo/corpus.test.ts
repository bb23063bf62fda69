import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { detectCaptionFormat, parseCaptions } from "../captions/parse.js";
import { MAX_CLIP_DURATION_S } from "../domain.js";
import { clipMetaFromInfo } from "../indexer/clip-meta.js";
import { generateClip } from "./clip.js";
import { type DemoCorpusProgress, demoSentencePool, generateDemoCorpus, MAX_DEMO_CLIPS } from "./corpus.js";

const made: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "wordclip-demo-"));
  made.push(dir);
  return dir;
}

afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

/** Every file of a corpus folder, by name, with its bytes. */
function filesOf(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const full = path.join(dir, name);
    if (name.includes(".")) files.set(name, readFileSync(full));
  }
  return files;
}

async function corpus(clips: number, seed: string): Promise<string> {
  const outDir = path.join(tempDir(), "corpus");
  await generateDemoCorpus({ outDir, clips, seed });
  return outDir;
}

describe("generateDemoCorpus", () => {
  it("writes the same bytes for the same seed, and other bytes for another", async () => {
    const [a, b, c] = await Promise.all([corpus(40, "alpha"), corpus(40, "alpha"), corpus(40, "beta")]);
    const [filesA, filesB, filesC] = [filesOf(a), filesOf(b), filesOf(c)];
    expect(filesA.size).toBe(80);
    expect([...filesB.keys()].sort()).toEqual([...filesA.keys()].sort());
    for (const [name, bytes] of filesA) expect(filesB.get(name)?.equals(bytes), name).toBe(true);
    const differing = [...filesA].filter(([name, bytes]) => !filesC.get(name)?.equals(bytes));
    expect(differing.length).toBeGreaterThan(70);
  });

  it("begins a bigger corpus with the smaller one's clips", async () => {
    const [small, big] = await Promise.all([corpus(15, "prefix"), corpus(25, "prefix")]);
    const bigFiles = filesOf(big);
    expect(bigFiles.size).toBe(50);
    for (const [name, bytes] of filesOf(small)) expect(bigFiles.get(name)?.equals(bytes), name).toBe(true);
  });

  it("writes caption files every parser reads back to the generated words and times", async () => {
    const seed = "round-trip";
    const outDir = await corpus(200, seed);
    const pool = demoSentencePool();
    const formats = new Set<string>();
    const names = readdirSync(outDir).filter((n) => !n.endsWith(".info.json"));
    expect(names).toHaveLength(200);
    for (const name of names) {
      const content = readFileSync(path.join(outDir, name), "utf8");
      const format = detectCaptionFormat(name, content);
      if (format === undefined) throw new Error(`no caption format for ${name}`);
      formats.add(format);
      const clipNo = Number(name.slice(4, 12));
      const expected = generateClip(seed, clipNo, pool).lines.flatMap((l) => l.words);
      const parsed = parseCaptions(content, format);
      expect(parsed.wordTimes, name).toBe("exact");
      expect(
        parsed.words.map((w) => w.token),
        name,
      ).toEqual(expected.map((w) => w.text));
      parsed.words.forEach((w, i) => {
        expect(
          Math.abs(w.tStartMs - (expected[i]?.tStartMs ?? Number.NaN)),
          `${name} word ${i}`,
        ).toBeLessThanOrEqual(10);
      });
    }
    expect([...formats].sort()).toEqual(["json3", "srv3", "vtt"]);
  });

  it("writes info.json the clip reader accepts: generated, English, 15 to 180 s, never an 11-character id", async () => {
    const outDir = await corpus(60, "meta");
    const infos = readdirSync(outDir).filter((n) => n.endsWith(".info.json"));
    expect(infos).toHaveLength(60);
    for (const name of infos) {
      const info = JSON.parse(readFileSync(path.join(outDir, name), "utf8")) as Record<string, unknown>;
      const meta = clipMetaFromInfo(info);
      expect(meta.generated).toBe(true);
      expect(meta.language).toBe("en");
      expect(meta.durationS).toBeGreaterThanOrEqual(15);
      expect(meta.durationS).toBeLessThanOrEqual(MAX_CLIP_DURATION_S);
      expect(meta.videoId).toHaveLength(12);
      expect(name).toBe(`${meta.videoId}.info.json`);
      expect(info.webpage_url).toBe(`https://www.youtube.com/watch?v=${meta.videoId}`);
      expect(meta.channelName).toMatch(/^Demo Channel \d{2} · /);
    }
  });

  it("reports progress up to the total and sums the corpus up", async () => {
    const outDir = path.join(tempDir(), "progress");
    const seen: DemoCorpusProgress[] = [];
    const summary = await generateDemoCorpus({ outDir, clips: 260, seed: "progress" }, (p) => seen.push(p));
    expect(seen.map((p) => p.done)).toEqual([250, 260]);
    expect(seen.every((p) => p.total === 260)).toBe(true);
    expect(summary.clips).toBe(260);
    expect(summary.files).toBe(520);
    expect(summary.subFolders).toBe(false);
    expect(summary.byFormat.vtt + summary.byFormat.json3 + summary.byFormat.srv3).toBe(260);
    expect(Object.values(summary.byTopic).reduce((a, b) => a + b, 0)).toBe(260);
    expect(summary.byTargetLevel.reduce((a, b) => a + b, 0)).toBe(260);
    const bytes = [...filesOf(outDir).values()].reduce((sum, b) => sum + b.length, 0);
    expect(summary.bytes).toBe(bytes);
    expect(summary.clipsPerS).toBeGreaterThan(0);
  });

  it("replaces an earlier corpus with force, keeping files that are not its own", async () => {
    const outDir = await corpus(30, "first");
    writeFileSync(path.join(outDir, "notes.txt"), "mine");
    await expect(generateDemoCorpus({ outDir, clips: 10, seed: "second" })).rejects.toThrow("pass --force");
    const summary = await generateDemoCorpus({ outDir, clips: 10, seed: "second", force: true });
    expect(summary.removedFiles).toBe(60);
    const names = readdirSync(outDir);
    expect(names).toHaveLength(21);
    expect(names).toContain("notes.txt");
    expect(names).not.toContain("demo00000011.info.json");
  });

  it("refuses options it cannot honour, naming the value", async () => {
    const outDir = path.join(tempDir(), "never");
    await expect(generateDemoCorpus({ outDir, clips: 0 })).rejects.toThrow(
      `clips must be an integer from 1 to ${MAX_DEMO_CLIPS}, got 0`,
    );
    await expect(generateDemoCorpus({ outDir, clips: 2.5 })).rejects.toThrow("got 2.5");
    await expect(generateDemoCorpus({ outDir, clips: MAX_DEMO_CLIPS + 1 })).rejects.toThrow("got 10000001");
    await expect(generateDemoCorpus({ outDir, seed: "" })).rejects.toThrow("seed must not be empty");
    await expect(generateDemoCorpus({ outDir: "" })).rejects.toThrow("outDir must not be empty");
    expect(() => readdirSync(outDir)).toThrow();
  });
});
