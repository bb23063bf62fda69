import { describe, expect, it } from "vitest";
import { MAX_CLIP_DURATION_S } from "../domain.js";
import { screenLevel } from "../indexer/screening/level.js";
import { screenTopic } from "../indexer/screening/topic.js";
import { keywordIndex } from "../indexer/screening/topic-keywords.js";
import { tokenise } from "../text/tokenise.js";
import { DEMO_CHANNEL_COUNT, DEMO_CHANNELS } from "./channels.js";
import { type DemoClip, demoVideoId, generateClip, MIN_DEMO_DURATION_S } from "./clip.js";
import { demoSentencePool } from "./corpus.js";
import { projectDataDir } from "./project-data.js";
import { UPLOAD_WINDOW_END_UTC } from "./uploader.js";
import { loadVocabulary, lookUp } from "./vocabulary.js";

const pool = demoSentencePool();
const CLIPS: DemoClip[] = Array.from({ length: 300 }, (_, i) => generateClip("clip-test", i + 1, pool));
const words = (clip: DemoClip) => clip.lines.flatMap((l) => l.words);
const share = (predicate: (clip: DemoClip) => boolean): number =>
  CLIPS.filter(predicate).length / CLIPS.length;

describe("generateClip", () => {
  it("is decided by the seed and the clip number alone", () => {
    expect(generateClip("clip-test", 17, pool)).toEqual(CLIPS[16]);
    expect(generateClip("another seed", 17, pool)).not.toEqual(CLIPS[16]);
  });

  it("gives ids of demo + 8 digits, never 11 characters like a platform video id", () => {
    expect(demoVideoId(1)).toBe("demo00000001");
    expect(demoVideoId(12_345_678)).toBe("demo12345678");
    for (const clip of CLIPS) {
      expect(clip.videoId).toMatch(/^demo\d{8}$/);
      expect(clip.videoId).not.toHaveLength(11);
    }
  });

  it("lasts 15 to 180 s, three in four clips under a minute", () => {
    for (const clip of CLIPS) {
      expect(clip.durationS).toBeGreaterThanOrEqual(MIN_DEMO_DURATION_S);
      expect(clip.durationS).toBeLessThanOrEqual(MAX_CLIP_DURATION_S);
    }
    expect(share((c) => c.durationS < 60)).toBeGreaterThan(0.65);
    expect(share((c) => c.durationS > 120)).toBeGreaterThan(0.05);
  });

  it("speaks words in time order, inside the clip, at about 2.5 words a second", () => {
    let wordCount = 0;
    let speakingMs = 0;
    for (const clip of CLIPS) {
      const timed = words(clip);
      for (let i = 1; i < timed.length; i++) {
        expect(timed[i]?.tStartMs).toBeGreaterThan(timed[i - 1]?.tStartMs ?? -1);
      }
      expect(timed[0]?.tStartMs).toBeGreaterThanOrEqual(0);
      expect(clip.captionsEndMs).toBeLessThanOrEqual(clip.durationS * 1000);
      expect(clip.captionsEndMs).toBeGreaterThan(timed[timed.length - 1]?.tStartMs ?? Infinity);
      wordCount += timed.length;
      speakingMs += clip.captionsEndMs - (timed[0]?.tStartMs ?? 0);
    }
    const wordsPerS = wordCount / (speakingMs / 1000);
    expect(wordsPerS).toBeGreaterThan(2.3);
    expect(wordsPerS).toBeLessThan(2.9);
  });

  it("includes some clips fast enough for the level screening to call fast", () => {
    const fast = share((c) => words(c).length / c.durationS > 3.3);
    expect(fast).toBeGreaterThan(0.01);
    expect(fast).toBeLessThan(0.15);
  });

  it("titles a clip with its first sentence", () => {
    for (const clip of CLIPS) {
      const first = words(clip)
        .map((w) => w.text)
        .join(" ");
      expect(clip.title.length).toBeLessThanOrEqual(70);
      const title = clip.title.endsWith("…") ? clip.title.slice(0, -1) : clip.title;
      expect(first.startsWith(title)).toBe(true);
    }
  });

  it("tags a clip with topic words it speaks, after a demo tag", () => {
    const keywords = keywordIndex();
    for (const clip of CLIPS) {
      const [demo, ...rest] = clip.tags;
      expect(demo).toBe("wordclip demo");
      const spoken = new Set(
        tokenise(
          words(clip)
            .map((w) => w.text)
            .join(" "),
          "en",
        ),
      );
      for (const tag of rest) {
        expect(spoken.has(tag), tag).toBe(true);
        expect(keywords.get(tag)).toContain(clip.intendedTopic);
      }
    }
  });

  it("uses every channel's demo name and id, and only those", () => {
    expect(DEMO_CHANNELS).toHaveLength(DEMO_CHANNEL_COUNT);
    for (const channel of DEMO_CHANNELS) {
      expect(channel.name).toMatch(/^Demo Channel \d{2} · [A-Z][a-z]+$/);
      expect(channel.id).toMatch(/^demo-channel-\d{2}$/);
    }
    for (const clip of CLIPS) expect(DEMO_CHANNELS).toContain(clip.channel);
    expect(new Set(CLIPS.map((c) => c.channel.id)).size).toBeGreaterThan(25);
  });

  it("dates uploads within the two years before the fixed end day", () => {
    const first = new Date(UPLOAD_WINDOW_END_UTC - 730 * 86_400_000)
      .toISOString()
      .slice(0, 10)
      .replaceAll("-", "");
    for (const clip of CLIPS) {
      expect(clip.uploadDate).toMatch(/^\d{8}$/);
      expect(clip.uploadDate >= first && clip.uploadDate < "20261001").toBe(true);
    }
  });

  it("writes most captions as VTT and some as json3 and srv3", () => {
    expect(share((c) => c.format === "vtt")).toBeGreaterThan(0.75);
    expect(share((c) => c.format === "json3")).toBeGreaterThan(0.04);
    expect(share((c) => c.format === "srv3")).toBeGreaterThan(0.01);
  });

  it("gives the topic screening the truth: its category and words lead back to the intended topic", () => {
    const recovered = share(
      (clip) =>
        screenTopic({
          categories: clip.categories,
          title: clip.title,
          tags: clip.tags,
          transcriptTokens: tokenise(
            words(clip)
              .map((w) => w.text)
              .join(" "),
            "en",
          ),
        }) === clip.intendedTopic,
    );
    expect(recovered).toBeGreaterThan(0.9);
  });

  it("steers the level: screened with the word list, nearly every clip lands within one level of its target", () => {
    const vocabulary = loadVocabulary(projectDataDir());
    const screened = (clip: DemoClip): number => {
      const spoken = words(clip).map((w) => w.text);
      const levels = tokenise(spoken.join(" "), "en").flatMap((t) => lookUp(vocabulary, t)?.level ?? []);
      return screenLevel({ tokenLevels: levels, durationS: clip.durationS, spokenWordCount: spoken.length });
    };
    expect(share((c) => Math.abs(screened(c) - c.targetLevel) <= 1)).toBeGreaterThan(0.95);
    expect(share((c) => screened(c) === c.targetLevel)).toBeGreaterThan(0.75);
    // Every level is represented.
    expect(new Set(CLIPS.map((c) => c.targetLevel)).size).toBe(6);
  });
});
