import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { freshDir, writeCatalogue } from "../../test/support/build-inputs.js";
import type { TimedWord, Transcript } from "../captions/transcript.js";
import { compileCatalogue } from "../catalogue/compile.js";
import { CatalogueMatcher } from "../catalogue/matcher.js";
import { readCatalogueDir } from "../catalogue/read.js";
import { firstOccurrences, spokenWords } from "../catalogue/spoken.js";
import { levelIndex } from "../domain.js";
import { decodeSpokenWords, encodeTranscript } from "../snapshot/transcript-blob.js";
import { tokenise } from "../text/tokenise.js";
import type { ClipMeta } from "./clip-meta.js";
import { TokenDictionary } from "./clip-tokens.js";
import { type LanguageIndex, processClip, storedCues, TranscriptShapeError } from "./process-clip.js";
import { screenLevel } from "./screening/level.js";
import { screenTopic } from "./screening/topic.js";
import { cueWords, spokenForm } from "./spoken-form.js";
import { SpokenMatcher } from "./spoken-matcher.js";

const catalogue = compileCatalogue(
  readCatalogueDir(writeCatalogue(freshDir("catalogue"))).get("en")?.entries ?? [],
  "en",
);
const index: LanguageIndex = {
  matcher: new SpokenMatcher(
    catalogue.spellings,
    catalogue.words.map((w) => w.norm),
    new TokenDictionary(),
  ),
  levels: Uint8Array.from(catalogue.words, (w) => levelIndex(w.level)),
  norms: catalogue.words.map((w) => w.norm),
};

const CUE_MS = 3000;
const WORD_MS = 500;

/** One cue per line, CUE_MS each; the words of a line WORD_MS apart. */
function transcriptOf(lines: readonly string[]): Transcript {
  return {
    cues: lines.map((text, idx) => ({ idx, t0Ms: idx * CUE_MS, t1Ms: (idx + 1) * CUE_MS, text })),
    words: lines.flatMap((text, cueIdx) =>
      text.split(" ").map((token, j) => ({ token, tStartMs: cueIdx * CUE_MS + j * WORD_MS, cueIdx })),
    ),
    wordTimes: "exact",
  };
}

function meta(overrides: Partial<ClipMeta> = {}): ClipMeta & { language: string } {
  return {
    videoId: "v1",
    title: "A clip",
    durationS: 12,
    channelId: "UC1",
    channelName: "Channel",
    publishedDay: 20_000,
    categories: [],
    tags: [],
    generated: false,
    ...overrides,
    language: "en",
  };
}

/** Postings as [word, tMs, cueIdx] triples keyed by catalogue word. */
function postingsOf(postings: Int32Array): Map<string, [number, number]> {
  const out = new Map<string, [number, number]>();
  for (let i = 0; i < postings.length; i += 3) {
    const word = catalogue.words[postings[i] as number]?.norm as string;
    expect(out.has(word), `two postings for ${word}`).toBe(false);
    out.set(word, [postings[i + 1] as number, postings[i + 2] as number]);
  }
  return out;
}

const LINES = [
  "Yesterday I ran five kilometres in the park.",
  "Running keeps the heart strong.",
  "The children wanted an ice cream,",
  "and then we run again: a good run.",
];

describe("processClip", () => {
  it("gives every catalogue word spoken one posting at the first time one of its forms is spoken", () => {
    const clip = processClip(meta(), transcriptOf(LINES), "json3", index);
    const postings = postingsOf(clip.postings);
    // "ran" is word 2 of cue 0; later "Running", "run" and "run" do not move it.
    expect(postings.get("run")).toEqual([2 * WORD_MS, 0]);
    expect(postings.get("kilometre")).toEqual([4 * WORD_MS, 0]);
    expect(postings.get("park")).toEqual([7 * WORD_MS, 0]);
    expect(postings.get("heart")).toEqual([CUE_MS + 3 * WORD_MS, 1]);
    expect(postings.get("strong")).toEqual([CUE_MS + 4 * WORD_MS, 1]);
    expect(postings.get("child")).toEqual([2 * CUE_MS + WORD_MS, 2]);
    expect(postings.get("good")).toEqual([3 * CUE_MS + 6 * WORD_MS, 3]);
    expect(clip.wordCount).toBe(postings.size);
  });

  it("counts a multi-word entry at its first word, and its single words as words of their own", () => {
    const postings = postingsOf(processClip(meta(), transcriptOf(LINES), "json3", index).postings);
    const at = [2 * CUE_MS + 4 * WORD_MS, 2];
    expect(postings.get("ice cream")).toEqual(at);
    expect(postings.get("ice")).toEqual(at);
    expect(postings.get("cream")).toEqual([2 * CUE_MS + 5 * WORD_MS, 2]);
  });

  it("lists the postings in the order the words are first spoken, and none for words not spoken", () => {
    const clip = processClip(meta(), transcriptOf(LINES), "json3", index);
    const times = [...clip.postings].filter((_, i) => i % 3 === 1);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const spoken = new Set([
      "run",
      "kilometre",
      "park",
      "heart",
      "strong",
      "child",
      "ice cream",
      "ice",
      "cream",
      "good",
    ]);
    expect(new Set(postingsOf(clip.postings).keys())).toEqual(spoken);
  });

  it("counts a variant spelling for its word", () => {
    const clip = processClip(
      meta(),
      transcriptOf(["My favourite colour is red.", "Color me blue."]),
      "vtt",
      index,
    );
    expect(postingsOf(clip.postings).get("colour")).toEqual([2 * WORD_MS, 0]);
  });

  it("keeps the metadata, the caption format and whether word times are exact", () => {
    const transcript = { ...transcriptOf(LINES), wordTimes: "interpolated" as const };
    const clip = processClip(meta({ videoId: "kept" }), transcript, "srt", index);
    expect(clip.meta).toEqual(meta({ videoId: "kept" }));
    expect(clip.captionFormat).toBe("srt");
    expect(clip.wordTimes).toBe("interpolated");
  });

  it("screens the level from the easiest level of each catalogue token spoken, and the topic from all the clip says", () => {
    const lines = Array.from(
      { length: 6 },
      () => "The children ran to the park for an ice cream and vanilla.",
    );
    const transcript = transcriptOf(lines);
    const info = meta({ title: "Ice cream in the park", categories: ["Sports"], tags: ["running"] });
    const clip = processClip(info, transcript, "json3", index);
    // Per line: children A1, ran A1, park A1, ice A1, cream A2, vanilla B1 ("ice cream" is two tokens).
    const perLine = [0, 0, 0, 0, 1, 2];
    expect(clip.level).toBe(
      screenLevel({
        tokenLevels: lines.flatMap(() => perLine),
        durationS: info.durationS,
        spokenWordCount: transcript.words.length,
      }),
    );
    expect(clip.topic).toBe(
      screenTopic({
        categories: info.categories,
        title: info.title,
        tags: info.tags,
        transcriptTokens: tokenise(lines.join(" "), "en"),
      }),
    );
  });

  it("screens each clip's topic from all it says, clip after clip over one token dictionary", () => {
    // Keywords of several topics and words of none; a thread remembers which tokens are keywords.
    const word = fc.constantFrom(
      "cheese",
      "recipe",
      "bread",
      "cake",
      "pasta",
      "travel",
      "hotel",
      "beach",
      "flight",
      "the",
      "ran",
      "a",
    );
    const lines = fc.array(
      fc.array(word, { minLength: 1, maxLength: 8 }).map((w) => w.join(" ")),
      { minLength: 1, maxLength: 6 },
    );
    const shared: LanguageIndex = {
      ...index,
      matcher: new SpokenMatcher(catalogue.spellings, index.norms, new TokenDictionary()),
    };
    fc.assert(
      fc.property(fc.array(lines, { minLength: 1, maxLength: 5 }), (clips) => {
        for (const [k, clipLines] of clips.entries()) {
          const info = meta({ videoId: `clip${k}`, title: "A clip" });
          const clip = processClip(info, transcriptOf(clipLines), "json3", shared);
          const expected = screenTopic({
            categories: info.categories,
            title: info.title,
            tags: info.tags,
            transcriptTokens: tokenise(clipLines.join(" "), "en"),
          });
          expect(clip.topic).toBe(expected);
        }
      }),
    );
  });

  it("finds the postings, their occurrences and the words spoken that the catalogue matcher and spokenForm give, whatever the cues hold", () => {
    const oracle = new CatalogueMatcher(catalogue.spellings);
    const word = fc.constantFrom(
      "ice",
      "Ice-Cream",
      "cream",
      "ICE",
      "ran",
      "run",
      "Running",
      "[Music]",
      "[music",
      "playing]",
      "run]now",
      "x]ice",
      "x[y",
      "[",
      "]",
      "café",
      "can't",
      "good",
      ">>",
      "—",
      "colour",
      "ice,",
    );
    const cue = fc.array(fc.record({ word, gapMs: fc.constantFrom(0, 0, 100, 250) }), {
      minLength: 1,
      maxLength: 8,
    });
    fc.assert(
      fc.property(fc.array(cue, { minLength: 1, maxLength: 6 }), (lines) => {
        let tMs = 0;
        const words: TimedWord[] = [];
        const cues = lines.map((line, idx) => {
          const t0Ms = tMs;
          for (const { word: token, gapMs } of line) {
            tMs += gapMs;
            words.push({ token, tStartMs: tMs, cueIdx: idx });
          }
          return { idx, t0Ms, t1Ms: tMs + 1, text: line.map((w) => w.word).join(" ") };
        });
        const transcript: Transcript = { cues, words, wordTimes: "exact" };
        const clip = processClip(meta(), transcript, "vtt", index);
        const spoken = spokenWords(words, "en", oracle);
        const first = [...firstOccurrences(spoken.hits).values()];
        expect([...clip.postings]).toEqual(first.flatMap((hit) => [hit.word, hit.tStartMs, hit.cueIdx]));
        const stored = storedCues(transcript);
        const occurrences = first.map((hit) => {
          const stored_ = stored[hit.cueIdx];
          const norm = catalogue.words[hit.word]?.norm as string;
          const text = stored_?.text as string;
          const form = spokenForm(text, stored_?.wordMs ?? [], hit.tStartMs, norm, "en", cueWords(text));
          return JSON.stringify(text) + (form === undefined ? "" : JSON.stringify(form));
        });
        expect(Buffer.from(clip.occurrences).toString("utf8")).toBe(occurrences.join(""));
        const spokenWords_ = spoken.hits.map((hit) => ({
          word: hit.word,
          tStartMs: hit.tStartMs,
          formJson: hit.form === catalogue.words[hit.word]?.norm ? undefined : JSON.stringify(hit.form),
        }));
        expect(Buffer.from(clip.transcript)).toEqual(Buffer.from(encodeTranscript(stored, spokenWords_)));
        expect(decodeSpokenWords(clip.transcript)).toEqual(
          spokenWords_.map(({ word, ...rest }) => ({ wordId: word, ...rest })),
        );
      }),
      { numRuns: 1000 },
    );
  });

  it("indexes nothing, and still keeps the clip, when no catalogue word is spoken", () => {
    const clip = processClip(meta(), transcriptOf(["[Music]", "Zzz hmm."]), "vtt", index);
    expect(clip.postings).toHaveLength(0);
    expect(clip.wordCount).toBe(0);
  });
});

describe("storedCues", () => {
  it("keeps each cue's times and text with the start of each of its words", () => {
    const cues = storedCues(transcriptOf(["One two.", "Three four five."]));
    expect(cues.map((c) => ({ ...c, wordMs: [...c.wordMs] }))).toEqual([
      { t0Ms: 0, t1Ms: CUE_MS, text: "One two.", wordMs: [0, WORD_MS] },
      {
        t0Ms: CUE_MS,
        t1Ms: 2 * CUE_MS,
        text: "Three four five.",
        wordMs: [CUE_MS, CUE_MS + WORD_MS, CUE_MS + 2 * WORD_MS],
      },
    ]);
  });

  it("throws a TranscriptShapeError naming the cue when its text and its word times disagree", () => {
    const transcript = transcriptOf(["One two.", "Three four."]);
    transcript.words.pop();
    expect(() => storedCues(transcript)).toThrow(TranscriptShapeError);
    expect(() => storedCues(transcript)).toThrow("cue 1 has 2 words in its text but 1 word times");
  });
});
