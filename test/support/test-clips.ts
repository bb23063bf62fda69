/**
 * A handful of hand-written clips laid out as yt-dlp leaves them (`<id>.info.json` beside `<id>.en.vtt`),
 * whose captions say the words end-to-end tests look up: run, running, ran, children, ice cream, better,
 * colour. Ids are 13 characters, where platform video ids have 11, so none points to a real video.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface TestClip {
  videoId: string;
  title: string;
  channelId: string;
  channelName: string;
  /** YYYYMMDD, as yt-dlp writes `upload_date`. */
  uploadDate: string;
  category: string;
  /** One cue per line, spoken back to back. */
  lines: string[];
}

/** Seconds each cue lasts; the clips are short, as the corpus requires. */
const CUE_S = 3;

export const TEST_CLIPS: readonly TestClip[] = [
  {
    videoId: "wctest-run-01",
    title: "Why we run in the morning",
    channelId: "wctest-channel-a",
    channelName: "Test Channel A",
    uploadDate: "20260301",
    category: "Sports",
    lines: [
      "We run every morning before work.",
      "Running keeps the heart strong.",
      "Yesterday I ran five kilometres in the park.",
      "Tomorrow we will run again.",
    ],
  },
  {
    videoId: "wctest-kids-02",
    title: "The children and the ice cream van",
    channelId: "wctest-channel-b",
    channelName: "Test Channel B",
    uploadDate: "20260305",
    category: "People & Blogs",
    lines: [
      "The children heard the music from the street.",
      "Everybody wanted an ice cream.",
      "Chocolate ice cream is better than vanilla.",
      "The children ran to the van.",
    ],
  },
  {
    videoId: "wctest-paint-3",
    title: "Choosing a colour for the kitchen",
    channelId: "wctest-channel-a",
    channelName: "Test Channel A",
    uploadDate: "20260310",
    category: "Howto & Style",
    lines: [
      "What colour should we paint the kitchen?",
      "A light colour makes a small room look bigger.",
      "This one looks better in the morning light.",
      "We are running out of paint.",
    ],
  },
  {
    videoId: "wctest-better4",
    title: "How to get better at running",
    channelId: "wctest-channel-c",
    channelName: "Test Channel C",
    uploadDate: "20260315",
    category: "Sports",
    lines: [
      "If you want to get better, run a little every day.",
      "Children learn to run before they learn to read.",
      "After a good run, an ice cream tastes better.",
    ],
  },
];

function clock(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  const pad = (n: number, w = 2): string => String(n).padStart(w, "0");
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

function vtt(lines: readonly string[]): string {
  const cues = lines.map((line, i) => `${clock(i * CUE_S)} --> ${clock((i + 1) * CUE_S)}\n${line}\n`);
  return `WEBVTT\nKind: captions\nLanguage: en\n\n${cues.join("\n")}`;
}

function infoJson(clip: TestClip): string {
  return `${JSON.stringify(
    {
      id: clip.videoId,
      title: clip.title,
      description: "A hand-written test clip: it points to no real video.",
      duration: clip.lines.length * CUE_S + 2,
      channel_id: clip.channelId,
      channel: clip.channelName,
      upload_date: clip.uploadDate,
      categories: [clip.category],
      tags: [],
      language: "en",
    },
    null,
    2,
  )}\n`;
}

/** Writes the test clips into `dir` (created when missing) and returns it. */
export function writeTestClips(dir: string, clips: readonly TestClip[] = TEST_CLIPS): string {
  mkdirSync(dir, { recursive: true });
  for (const clip of clips) {
    writeFileSync(path.join(dir, `${clip.videoId}.info.json`), infoJson(clip));
    writeFileSync(path.join(dir, `${clip.videoId}.en.vtt`), vtt(clip.lines));
  }
  return dir;
}
