import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { transcriptViolations } from "./invariants.js";
import { CaptionError, type Transcript } from "./transcript.js";
import { parseVtt } from "./youtube-vtt.js";

function fixture(path: string): string {
  return readFileSync(new URL(`../../test/fixtures/captions/${path}`, import.meta.url), "utf8");
}

function parsed(content: string): Transcript {
  const transcript = parseVtt(content);
  expect(transcriptViolations(transcript)).toEqual([]);
  return transcript;
}

function wordsOf(transcript: Transcript): Array<[string, number]> {
  return transcript.words.map((word) => [word.token, word.tStartMs]);
}

describe("parseVtt on YouTube auto-captions written by yt-dlp", () => {
  const transcript = parsed(fixture("auto/vtt/DoesFastChargingHurttheBatteryRaw.vtt"));

  it("gives one cue per new line, ending where the 10 ms hold cue starts", () => {
    expect(transcript.wordTimes).toBe("exact");
    expect(transcript.cues).toHaveLength(19);
    expect(transcript.cues[0]).toEqual({
      idx: 0,
      t0Ms: 240,
      t1Ms: 3750,
      text: "Does fast charging hurt the battery?",
    });
    expect(transcript.cues[1]).toEqual({
      idx: 1,
      t0Ms: 3760,
      t1Ms: 6789,
      text: "We tested for 167 days. We bought 12",
    });
    expect(transcript.cues[18]).toEqual({ idx: 18, t0Ms: 65199, t1Ms: 67760, text: "battery." });
  });

  it("takes each word's inline time, and the cue's start for the first word of a line", () => {
    expect(wordsOf(transcript).slice(0, 8)).toEqual([
      ["Does", 240],
      ["fast", 560],
      ["charging", 800],
      ["hurt", 1199],
      ["the", 1439],
      ["battery?", 1680],
      ["We", 3760],
      ["tested", 4000],
    ]);
    expect(transcript.words.find((word) => word.token === "charging")?.tStartMs).toBe(800);
  });

  it("gives every spoken word once, the repeated lines and hold cues adding nothing", () => {
    expect(transcript.words).toHaveLength(120);
    expect(transcript.cues.map((cue) => cue.text).join(" ")).toBe(
      transcript.words.map((w) => w.token).join(" "),
    );
    expect(transcript.words.filter((word) => word.token === "plants.")).toHaveLength(1);
  });

  it("starts a fresh cue after the screen is cleared by an empty cue", () => {
    expect(transcript.cues[10]).toEqual({
      idx: 10,
      t0Ms: 22800,
      t1Ms: 43590,
      text: "passing, we planted some plants.",
    });
    expect(transcript.cues[11]).toEqual({
      idx: 11,
      t0Ms: 43600,
      t1Ms: 46709,
      text: "Time flies. The plants didn't survive,",
    });
  });
});

describe("parseVtt on older youtube-dl auto-captions with colour classes", () => {
  const transcript = parsed(fixture("auto/vtt/webvtt-py_youtube_dl.vtt"));

  it("skips the Style header and gives each word once", () => {
    expect(transcript.cues).toEqual([
      { idx: 0, t0Ms: 286070, t1Ms: 286470, text: "yeah" },
      { idx: 1, t0Ms: 286470, t1Ms: 304080, text: "what" },
      { idx: 2, t0Ms: 304080, t1Ms: 305069, text: "this will happen is I'm telling" },
    ]);
    expect(wordsOf(transcript)).toEqual([
      ["yeah", 286070],
      ["what", 286470],
      ["this", 304080],
      ["will", 304199],
      ["happen", 304379],
      ["is", 304620],
      ["I'm", 304860],
      // Its inline time is the cue's end; a word must lie inside its cue, so it takes the last millisecond.
      ["telling", 305068],
    ]);
  });
});

describe("parseVtt on plain (human) WebVTT", () => {
  it("joins a cue's lines with a space and spreads its words by their letters", () => {
    const transcript = parsed(fixture("manual/vtt/eIUqw3_YcCI.en.vtt"));
    expect(transcript.wordTimes).toBe("interpolated");
    expect(transcript.cues).toHaveLength(325);
    expect(transcript.cues[0]).toEqual({ idx: 0, t0Ms: 0, t1Ms: 3458, text: "[MUSIC PLAYING]" });
    expect(transcript.cues[2]).toEqual({ idx: 2, t0Ms: 8910, t1Ms: 9810, text: "Good morning." });
    // "Good" has 4 of the 11 letters of the cue, so "morning." starts 4/11 of the way through.
    expect(wordsOf(transcript).slice(6, 8)).toEqual([
      ["Good", 8910],
      ["morning.", 8910 + Math.floor((900 * 4) / 11)],
    ]);
    expect(transcript.cues.find((cue) => cue.t0Ms === 16520)?.text).toBe(
      "So good to see everyone here in Shoreline.",
    );
  });

  it("decodes &nbsp; as a space and keeps typographic apostrophes", () => {
    const transcript = parsed(fixture("manual/vtt/_xYSQe9oq6c.en.vtt"));
    expect(transcript.cues).toHaveLength(327);
    expect(transcript.cues[0]?.text).toBe(
      "It’s been a hell of a decade for roguelikes. Like, for the concept of a Roguelike. It’s gone from a",
    );
    expect(transcript.cues.some((cue) => cue.text.includes("&") || cue.text.includes("\u00a0"))).toBe(false);
  });

  it("keeps speaker labels as words of the cue", () => {
    const transcript = parsed(fixture("manual/vtt/7nv1snJRCEI.en.vtt"));
    expect(transcript.cues).toHaveLength(242);
    expect(transcript.cues[1]).toEqual({
      idx: 1,
      t0Ms: 8330,
      t1Ms: 10310,
      text: "SHAHRAM IZADI: There's so many exciting things",
    });
  });
});

describe("parseVtt on hand-written input", () => {
  it("reads CRLF line breaks, a byte order mark, cue identifiers and NOTE blocks", () => {
    const content = [
      "\ufeffWEBVTT - a title",
      "",
      "NOTE this is a comment",
      "that runs over two lines",
      "",
      "intro",
      "00:01.000 --> 00:02.000",
      "Hello there",
      "",
      "2",
      "00:02.000 --> 00:03.000 line:0",
      "General Kenobi",
      "",
    ].join("\r\n");
    const transcript = parsed(content);
    expect(transcript.cues.map((cue) => [cue.t0Ms, cue.t1Ms, cue.text])).toEqual([
      [1000, 2000, "Hello there"],
      [2000, 3000, "General Kenobi"],
    ]);
  });

  it("keeps >> speaker markers as separate words that take no time", () => {
    const transcript = parsed("WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n&gt;&gt; Yes &amp; no\n");
    expect(transcript.cues[0]?.text).toBe(">> Yes & no");
    expect(wordsOf(transcript)[0]).toEqual([">>", 1000]);
    expect(wordsOf(transcript)[1]).toEqual(["Yes", 1000]);
  });

  it("drops a plain cue that repeats the previous line, and the repeated first line of rolling plain captions", () => {
    const content =
      "WEBVTT\n\n00:01.000 --> 00:02.000\none two\n\n00:02.000 --> 00:03.000\none two\nthree four\n\n00:03.000 --> 00:04.000\nthree four\n";
    expect(parsed(content).cues.map((cue) => cue.text)).toEqual(["one two", "three four"]);
  });

  it("refuses input that is not WebVTT", () => {
    expect(() => parseVtt("")).toThrow(
      new CaptionError('WebVTT: not a WebVTT file, the first line must start with "WEBVTT", got ""'),
    );
    expect(() => parseVtt("1\n00:00:01,000 --> 00:00:02,000\nhi")).toThrow('got "1"');
    expect(() => parseVtt("WEBVTTX\n")).toThrow(CaptionError);
    expect(() => parseVtt("\u0000\u0001garbage")).toThrow(CaptionError);
  });

  it("refuses a file with a header and no cue", () => {
    expect(() => parseVtt("WEBVTT\nKind: captions\nLanguage: en\n\n")).toThrow(
      new CaptionError('WebVTT: the file holds no cue (no "-->" timing line)'),
    );
  });

  it("refuses a file whose cues hold no text", () => {
    expect(() =>
      parseVtt("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n \n\n00:00:02.000 --> 00:00:03.000\n"),
    ).toThrow(new CaptionError("WebVTT: the file holds no caption text"));
  });

  it("refuses a bad timing line, naming the line", () => {
    expect(() =>
      parseVtt("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nfine\n\n00:00:xx.000 --> 00:00:03.000\nbad\n"),
    ).toThrow(new CaptionError('WebVTT line 6: cannot read the cue timing "00:00:xx.000 --> 00:00:03.000"'));
    expect(() => parseVtt("WEBVTT\n\n00:00:01.000 -->\nno end\n")).toThrow(
      "WebVTT line 3: cannot read the cue timing",
    );
  });

  it("refuses a cue that ends before it starts", () => {
    expect(() => parseVtt("WEBVTT\n\n00:00:05.000 --> 00:00:02.000\nbackwards\n")).toThrow(
      new CaptionError("WebVTT cue at line 3: ends at 2000 ms, before it starts at 5000 ms"),
    );
  });
});

// Words as ASR gives them: punctuation, clitics, numbers, characters that need escaping, speaker markers.
const spokenWord = fc.constantFrom(
  "the",
  "a",
  "battery?",
  "don't",
  "12",
  "fast,",
  "Tom&Jerry",
  "<3",
  ">>",
  "é",
  "I'm",
);
const line = fc.array(fc.tuple(spokenWord, fc.integer({ min: 0, max: 900 })), { minLength: 1, maxLength: 6 });

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function clock(ms: number): string {
  const pad = (value: number, width: number): string => String(value).padStart(width, "0");
  return `${pad(Math.floor(ms / 3_600_000), 2)}:${pad(Math.floor(ms / 60_000) % 60, 2)}:${pad(Math.floor(ms / 1000) % 60, 2)}.${pad(ms % 1000, 3)}`;
}

/** Writes lines of timed words the way YouTube does: the previous line, the new timed line, then a hold cue. */
function rollingVtt(
  lines: ReadonlyArray<ReadonlyArray<[string, number]>>,
  padding: string,
  colours: boolean,
): string {
  const out = ["WEBVTT", "Kind: captions", "Language: en", ""];
  let previous = padding;
  for (const [i, words] of lines.entries()) {
    const startMs = words[0]?.[1] ?? 0;
    const lastMs = words.at(-1)?.[1] ?? startMs;
    const nextStartMs = lines[i + 1]?.[0]?.[1];
    const endMs = nextStartMs === undefined ? lastMs + 500 : nextStartMs - 10;
    const timed = words
      .map(([word, ms], w) => {
        if (w === 0) return escapeHtml(word);
        const span = `<${clock(ms)}><c> ${escapeHtml(word)}</c>`;
        return colours ? `<c.colorE5E5E5>${span}</c>` : span;
      })
      .join("");
    const plain = words.map(([word]) => escapeHtml(word)).join(" ");
    out.push(`${clock(startMs)} --> ${clock(endMs)} align:start position:0%`, previous, timed, "");
    out.push(`${clock(endMs)} --> ${clock(endMs + 10)} align:start position:0%`, plain, padding, "");
    previous = plain;
  }
  return out.join("\n");
}

describe("parseVtt on generated rolling captions", () => {
  it("gives back exactly the generated words and times, each once", () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        fc.constantFrom(" ", ""),
        fc.boolean(),
        fc.integer({ min: 0, max: 5_000_000 }),
        (gapLines, padding, colours, originMs) => {
          // Turn gaps into times: words never go back, and lines are at least 20 ms apart for the hold cue.
          let nowMs = originMs;
          const lines = gapLines.map((words, l) =>
            words.map(([word, gapMs], w): [string, number] => {
              nowMs += w === 0 && l > 0 ? 20 + gapMs : gapMs;
              return [word, nowMs];
            }),
          );
          const transcript = parseVtt(rollingVtt(lines, padding, colours));
          expect(transcriptViolations(transcript)).toEqual([]);
          expect(wordsOf(transcript)).toEqual(lines.flat());
          expect(transcript.wordTimes).toBe(
            lines.some((words) => words.length > 1) ? "exact" : "interpolated",
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});
